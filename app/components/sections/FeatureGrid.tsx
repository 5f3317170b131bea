import { useId } from "react";
import type { Feature } from "~/content/copy-types";
import { cardClasses } from "../ui/Card";
import { SectionHeader, sectionFrame } from "../ui/SectionHeader";

/** Feature cards: icon, title and a line of description. */
export function FeatureGrid({
  eyebrow,
  title,
  description,
  features,
}: {
  eyebrow?: string;
  title: string;
  description?: string;
  features: Feature[];
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={sectionFrame}>
      <SectionHeader id={headingId} eyebrow={eyebrow} title={title} description={description} />
      <ul className="stagger mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ icon: Icon, title: feature, description: text }) => (
          <li key={feature} className={`${cardClasses} p-6`}>
            <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent-100 text-accent-700">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h3 className="mt-4 font-sans text-lg font-semibold text-ink">{feature}</h3>
            <p className="mt-1 leading-relaxed text-muted">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
