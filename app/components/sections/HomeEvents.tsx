import type { EventView } from "~/domain/events";
import type { StreamedSection } from "~/loaders/section-state";
import { SubscribeLink } from "./CalendarSubscribe";
import { CardRow } from "./CardRow";
import { EventCard } from "./EventCard";

/**
 * Up to 3 upcoming events (docs/pages.md), with the calendar to subscribe to;
 * left out when there are none or they fail.
 */
export function HomeEvents({ section }: { section: StreamedSection<EventView[]> }) {
  return (
    <CardRow
      section={section}
      eyebrow="What's on"
      title="Upcoming Events"
      loadingLabel="Loading upcoming events"
      more={{ label: "All events", to: "/events" }}
      actions={<SubscribeLink />}
    >
      {(event) => ({ key: event.uuid, card: <EventCard event={event} /> })}
    </CardRow>
  );
}
