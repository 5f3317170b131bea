import { ArrowRight } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import type { StreamedSection } from "~/loaders/section-state";
import { DeferredSection } from "../ui/DeferredSection";
import { SectionHeader, sectionFrame } from "../ui/SectionHeader";
import { Skeleton } from "../ui/Skeleton";

/**
 * A streamed row of up to three cards with a link to the full list (the home page's events and latest
 * posts): a skeleton while it loads, and nothing at all when it is empty or cannot be loaded.
 */
export function CardRow<T>({
  section,
  eyebrow,
  title,
  loadingLabel,
  more,
  actions,
  children,
}: {
  section: StreamedSection<T[]>;
  eyebrow: string;
  title: string;
  /** Read by assistive technology while the row loads. */
  loadingLabel: string;
  more: { label: string; to: string };
  /** Shown beside the link to the full list (the events' Subscribe). */
  actions?: ReactNode;
  children: (item: T) => { key: string; card: ReactNode };
}) {
  const headingId = useId();
  return (
    <DeferredSection
      section={section}
      loading={
        <div aria-busy="true" className={sectionFrame}>
          <span className="sr-only">{loadingLabel}</span>
          <Skeleton className="h-9 w-64" />
          <div className="mt-10 grid gap-8 md:grid-cols-3">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-96 w-full" />
            ))}
          </div>
        </div>
      }
      empty={null}
      error={null}
    >
      {(items) => (
        <section aria-labelledby={headingId} className={sectionFrame}>
          <div className="flex flex-wrap items-end justify-between gap-4">
            <SectionHeader id={headingId} eyebrow={eyebrow} title={title} />
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
              {actions}
              <Link
                to={more.to}
                className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:text-brand-600"
              >
                {more.label}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </div>
          </div>
          <ul className="stagger mt-10 grid gap-8 md:grid-cols-3">
            {items.map((item) => {
              const { key, card } = children(item);
              return <li key={key}>{card}</li>;
            })}
          </ul>
        </section>
      )}
    </DeferredSection>
  );
}
