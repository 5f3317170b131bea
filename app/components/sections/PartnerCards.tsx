import { ChevronDown, MapPin } from "lucide-react";
import { useId } from "react";
import type { Partner } from "~/domain/cms-types";
import type { StreamedSection } from "~/loaders/section-state";
import { Badge } from "../ui/Badge";
import { ButtonLink } from "../ui/Button";
import { cardClasses } from "../ui/Card";
import { ContentImage } from "../ui/ContentImage";
import { DeferredSection } from "../ui/DeferredSection";
import { Skeleton } from "../ui/Skeleton";

export const PARTNERS_ERROR_MESSAGE = "Error loading partners. Please try again later.";
export const PARTNERS_EMPTY_MESSAGE = "No partners available at this time.";

/** "corporate" → "Corporate Partner": a '{Type} Partner' badge. */
export function partnerBadge(type: string): string {
  const label = type.trim().replace(/[-_]+/g, " ");
  return label ? `${label.charAt(0).toUpperCase()}${label.slice(1)} Partner` : "Partner";
}

/** Community partners (docs/pages.md), streamed after the hero. */
export function PartnerCards({ section }: { section: StreamedSection<Partner[]> }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h2 id={headingId} className="text-3xl font-semibold text-ink sm:text-4xl">
        Our partners
      </h2>
      <DeferredSection
        section={section}
        loading={
          <ul aria-busy="true" aria-label="Loading partners" className="mt-10 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((index) => (
              <li key={index} className={`${cardClasses} space-y-4 p-6`}>
                <Skeleton className="size-20" />
                <Skeleton className="h-6 w-2/3" />
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-16 w-full" />
              </li>
            ))}
          </ul>
        }
        empty={<p className="mt-10 text-lg text-muted">{PARTNERS_EMPTY_MESSAGE}</p>}
        error={
          <p role="alert" className="mt-10 text-lg text-muted">
            {PARTNERS_ERROR_MESSAGE}
          </p>
        }
      >
        {(partners) => (
          <ul className="mt-10 grid items-start gap-8 md:grid-cols-2 lg:grid-cols-3">
            {partners.map((partner) => (
              <li key={partner.id}>
                <PartnerCard partner={partner} />
              </li>
            ))}
          </ul>
        )}
      </DeferredSection>
    </section>
  );
}

function PartnerCard({ partner }: { partner: Partner }) {
  const hasDetails = Boolean(partner.longDescription || partner.benefits.length || partner.initiatives.length);
  return (
    <article className={`${cardClasses} flex flex-col p-6`}>
      <div className="flex items-start gap-4">
        {partner.logo ? (
          <ContentImage
            image={partner.logo}
            alt={`${partner.name} logo`}
            sizes="80px"
            widths={[160, 240]}
            className="size-20 shrink-0 rounded-2xl border border-line bg-white"
          />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex size-20 shrink-0 items-center justify-center rounded-2xl bg-brand-50 font-display text-2xl font-semibold text-brand-700"
          >
            {initials(partner.name)}
          </span>
        )}
        <div className="min-w-0">
          <h3 className="text-xl font-semibold leading-snug text-ink">{partner.name}</h3>
          <Badge className="mt-2">{partnerBadge(partner.type)}</Badge>
        </div>
      </div>
      <dl className="mt-5 space-y-1 text-sm text-muted">
        {partner.location ? (
          <div>
            <dt className="sr-only">Location</dt>
            <dd className="flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4 text-accent-600" />
              {partner.location}
            </dd>
          </div>
        ) : null}
        {partner.partnerSince ? (
          <div>
            <dt className="sr-only">Partnership</dt>
            <dd>Partner since {partner.partnerSince}</dd>
          </div>
        ) : null}
      </dl>
      {partner.description ? <p className="mt-4 leading-relaxed text-ink/90">{partner.description}</p> : null}
      {hasDetails ? (
        <details className="group mt-4">
          <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-1 font-semibold text-brand-700 hover:text-brand-600 [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">Learn More</span>
            <span className="hidden group-open:inline">Show Less</span>
            <ChevronDown aria-hidden="true" className="size-4 transition group-open:rotate-180" />
          </summary>
          <div className="mt-3 space-y-5 border-t border-line pt-4 text-ink/90">
            {partner.longDescription ? <p className="leading-relaxed">{partner.longDescription}</p> : null}
            <DetailList title="Partnership Benefits" items={partner.benefits} />
            <DetailList title="Joint Initiatives" items={partner.initiatives} />
          </div>
        </details>
      ) : null}
      {partner.website ? (
        <div className="mt-6">
          <ButtonLink to={partner.website} variant="secondary" analyticsLabel={`Visit Website: ${partner.name}`}>
            Visit Website<span className="sr-only">: {partner.name}</span>
          </ButtonLink>
        </div>
      ) : null}
    </article>
  );
}

function DetailList({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h4 className="font-sans text-sm font-semibold uppercase tracking-wider text-muted">{title}</h4>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join("");
}
