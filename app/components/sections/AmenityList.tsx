import { Star } from "lucide-react";
import { useId } from "react";
import type { AmenityItem } from "~/content/copy-types";
import { SectionHeader, sectionFrame } from "../ui/SectionHeader";

/** Amenities, with the premium ones marked by a star and the word 'Premium' (not by color alone). */
export function AmenityList({
  eyebrow,
  title,
  description,
  amenities,
}: {
  eyebrow?: string;
  title: string;
  description?: string;
  amenities: AmenityItem[];
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={sectionFrame}>
      <SectionHeader id={headingId} eyebrow={eyebrow} title={title} description={description} />
      <ul className="stagger mt-10 grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:grid-cols-4">
        {amenities.map(({ icon: Icon, title: amenity, description: text, isPremium }) => (
          <li key={amenity} className="flex gap-4">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h3 className="flex flex-wrap items-center gap-2 font-sans text-base font-semibold text-ink">
                {amenity}
                {isPremium ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-accent-100 px-2 py-0.5 text-xs font-semibold text-accent-700">
                    <Star aria-hidden="true" className="size-3" fill="currentColor" />
                    Premium
                  </span>
                ) : null}
              </h3>
              <p className="mt-1 text-sm leading-relaxed text-muted">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
