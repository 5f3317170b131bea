import { Check } from "lucide-react";
import { useId } from "react";
import type { ImageAsset } from "~/domain/cms-types";
import { ButtonLink } from "../ui/Button";
import { ContentImage } from "../ui/ContentImage";
import { SectionHeader } from "../ui/SectionHeader";

/** The home page's Think Lounge promotion (docs/pages.md), leading to /event-spaces. */
export function ThinkLoungePromo({
  eyebrow,
  title,
  description,
  highlights,
  buttonText,
  to,
  image,
}: {
  eyebrow: string;
  title: string;
  description: string;
  highlights: string[];
  buttonText: string;
  to: string;
  image: ImageAsset | null;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
      <div className="mx-auto grid max-w-7xl overflow-hidden rounded-3xl bg-brand-900 lg:grid-cols-2">
        <div className="p-8 sm:p-12">
          <SectionHeader id={headingId} eyebrow={eyebrow} title={title} description={description} tone="dark" />
          <ul className="mt-6 space-y-2 text-brand-100">
            {highlights.map((highlight) => (
              <li key={highlight} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-300" />
                {highlight}
              </li>
            ))}
          </ul>
          <div className="mt-8">
            <ButtonLink to={to} size="lg">
              {buttonText}
            </ButtonLink>
          </div>
        </div>
        {image ? (
          <ContentImage image={image} sizes="(min-width: 1024px) 50vw, 100vw" className="min-h-64 w-full lg:h-full" />
        ) : null}
      </div>
    </section>
  );
}
