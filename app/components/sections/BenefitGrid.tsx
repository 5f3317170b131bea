import { useId } from "react";
import type { BenefitItem } from "~/content/copy-types";
import type { ImageAsset } from "~/domain/cms-types";
import { cardClasses } from "../ui/Card";
import { ContentImage } from "../ui/ContentImage";
import { SectionHeader, sectionFrame } from "../ui/SectionHeader";

/** Why this space: three benefits, each with an icon and, when the content service has it, an image. */
export function BenefitGrid({
  eyebrow,
  title,
  description,
  benefits,
  images,
}: {
  eyebrow?: string;
  title: string;
  description?: string;
  benefits: BenefitItem[];
  /** The benefits' images from the content service by image key (resolved by the page's loader). */
  images: Record<string, ImageAsset | null>;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={sectionFrame}>
      <SectionHeader id={headingId} eyebrow={eyebrow} title={title} description={description} />
      <ul className="stagger mt-12 grid gap-8 md:grid-cols-3">
        {benefits.map(({ icon: Icon, title: benefitTitle, description: text, imageKey }) => {
          const image = images[imageKey];
          return (
            <li key={benefitTitle} className={`${cardClasses} flex flex-col overflow-hidden`}>
              {image ? (
                <ContentImage image={image} sizes="(min-width: 768px) 33vw, 100vw" className="aspect-[4/3] w-full" />
              ) : null}
              <div className="p-6">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-4 text-xl font-semibold text-ink">{benefitTitle}</h3>
                <p className="mt-2 leading-relaxed text-muted">{text}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
