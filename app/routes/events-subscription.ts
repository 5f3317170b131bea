import { getServices } from "~/context";
import { feedResponse } from "~/loaders/feed-response.server";
import type { Route } from "./+types/events-subscription";

/**
 * /events.ics, the events calendar to subscribe to (also as `webcal:`; docs/architecture.md#feeds): every
 * event not yet ended, cancelled ones marked, and the last weeks' past ones.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return feedResponse(request, await getServices(context).feeds.eventsCalendar(), "No such calendar.");
}
