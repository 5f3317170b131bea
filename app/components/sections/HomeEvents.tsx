import type { EventView } from "~/lib/events";
import type { StreamedSection } from "~/lib/section-state";
import { CardRow } from "./CardRow";
import { EventCard } from "./EventCard";

/** Up to three upcoming events (SPEC.md, home item 3); the section is left out when there are none or they cannot be loaded. */
export function HomeEvents({ section }: { section: StreamedSection<EventView[]> }) {
  return (
    <CardRow
      section={section}
      eyebrow="What's on"
      title="Upcoming Events"
      loadingLabel="Loading upcoming events"
      more={{ label: "All events", to: "/events" }}
    >
      {(event) => ({ key: event.uuid, card: <EventCard event={event} /> })}
    </CardRow>
  );
}
