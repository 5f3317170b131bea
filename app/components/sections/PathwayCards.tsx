import { ArrowRight } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { PathwayCard } from "~/content/home";
import { cn } from "~/components/cn";
import { cardClasses } from "../ui/Card";

export function PathwayCards({ title, cards }: { title: string; cards: PathwayCard[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h2 id={headingId} className="text-3xl font-semibold text-ink sm:text-4xl">
        {title}
      </h2>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map(({ icon: Icon, title: cardTitle, description, to, linkLabel }) => (
          <li key={to}>
            <Link
              to={to}
              className={cn(
                cardClasses,
                "group flex h-full flex-col p-6 transition hover:-translate-y-0.5 hover:border-brand-300",
              )}
            >
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-xl font-semibold text-ink">{cardTitle}</h3>
              <p className="mt-2 flex-1 text-muted">{description}</p>
              <span className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
                {linkLabel}
                <ArrowRight aria-hidden="true" className="size-4 transition group-hover:translate-x-0.5" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
