import { ArrowRight } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { EventView } from "~/lib/events";
import type { StreamedSection } from "~/lib/section-state";
import { DeferredSection } from "../ui/DeferredSection";
import { SectionHeader, sectionFrame } from "../ui/SectionHeader";
import { Skeleton } from "../ui/Skeleton";
import { EventCard } from "./EventCard";

/** Up to three upcoming events (SPEC.md, home item 3); the section is left out when there are none or they cannot be loaded. */
export function HomeEvents({ section }: { section: StreamedSection<EventView[]> }) {
  const headingId = useId();
  return (
    <DeferredSection
      section={section}
      loading={
        <div aria-busy="true" className={sectionFrame}>
          <span className="sr-only">Loading upcoming events</span>
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
      {(events) => (
        <section aria-labelledby={headingId} className={sectionFrame}>
          <div className="flex flex-wrap items-end justify-between gap-4">
            <SectionHeader id={headingId} eyebrow="What's on" title="Upcoming Events" />
            <Link
              to="/events"
              className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:text-brand-600"
            >
              All events
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
          <ul className="stagger mt-10 grid gap-8 md:grid-cols-3">
            {events.map((event) => (
              <li key={event.uuid}>
                <EventCard event={event} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </DeferredSection>
  );
}
