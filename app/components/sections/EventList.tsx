import { ChevronDown } from "lucide-react";
import { useId } from "react";
import type { EventView } from "~/domain/events";
import type { StreamedSection } from "~/loaders/section-state";
import { useSiteConfig } from "~/browser/site-config";
import { eventData } from "~/seo/structured-data";
import { DeferredSection } from "../ui/DeferredSection";
import { JsonLd } from "../ui/JsonLd";
import { CalendarSubscribe } from "./CalendarSubscribe";
import { EventCard } from "./EventCard";

export const EVENTS_LOADING_MESSAGE = "Loading events...";
export const NO_EVENTS_MESSAGE = "No events found. Check the API response in console.";
export const NO_UPCOMING_MESSAGE = "No upcoming events.";

export interface EventListData {
  /** How many events the service listed, cancelled ones included (none: 'No events found...'). */
  listed: number;
  upcoming: EventView[];
  past: EventView[];
}

/**
 * The events page's list (docs/pages.md): 'Upcoming Events' (with Event structured data,
 * and the calendar to subscribe to) and
 * the 'Past Events' section that 'Show Past Events' / 'Hide Past Events' toggles (it works without
 * JavaScript). An empty list and a failed one read the same.
 */
export function EventList({ section }: { section: StreamedSection<EventListData> }) {
  const none = <p className="text-lg text-muted">{NO_EVENTS_MESSAGE}</p>;
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <DeferredSection
        section={section}
        loading={
          <p aria-busy="true" className="flex items-center gap-3 text-lg text-muted">
            <span
              aria-hidden="true"
              className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
            />
            {EVENTS_LOADING_MESSAGE}
          </p>
        }
        empty={none}
        error={none}
      >
        {(data) => <ClassifiedEvents {...data} />}
      </DeferredSection>
    </div>
  );
}

function ClassifiedEvents({ upcoming, past }: Omit<EventListData, "listed">) {
  const { siteUrl } = useSiteConfig();
  const upcomingId = useId();
  const pastId = useId();
  return (
    <>
      <section aria-labelledby={upcomingId}>
        <h2 id={upcomingId} className="text-3xl font-semibold text-ink sm:text-4xl">
          Upcoming Events
        </h2>
        <CalendarSubscribe />
        {upcoming.length > 0 ? (
          <ul className="mt-8 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {upcoming.map((event) => (
              <li key={event.uuid}>
                <EventCard event={event} />
                <JsonLd data={eventData(event, siteUrl)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 text-lg text-muted">{NO_UPCOMING_MESSAGE}</p>
        )}
      </section>
      {past.length > 0 ? (
        <section aria-labelledby={pastId} className="mt-16">
          <h2 id={pastId} className="text-2xl font-semibold text-ink sm:text-3xl">
            Past Events
          </h2>
          <details className="group mt-4">
            <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-full border border-brand-700 px-5 font-semibold text-brand-700 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
              <span className="group-open:hidden">Show Past Events</span>
              <span className="hidden group-open:inline">Hide Past Events</span>
              <ChevronDown aria-hidden="true" className="size-4 transition group-open:rotate-180" />
            </summary>
            <ul className="mt-8 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
              {past.map((event) => (
                <li key={event.uuid}>
                  <EventCard event={event} calendarLink={false} />
                </li>
              ))}
            </ul>
          </details>
        </section>
      ) : null}
    </>
  );
}
