import { data } from "react-router";
import { site } from "~/config/site";
import { appContext, getServices } from "~/context";
import { eventToIcs } from "~/lib/ics";
import { absoluteUrl } from "~/lib/structured-data";
import type { Route } from "./+types/event-calendar";

/** /events/{uuid}.ics: an event as an iCalendar file, for the visitor's calendar (beyond SPEC.md). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const uuid = /^(.+)\.ics$/.exec(params.file)?.[1];
  if (!uuid) throw data(null, { status: 404 });
  let event: Awaited<ReturnType<ReturnType<typeof getServices>["events"]["getEvent"]>>;
  try {
    event = await getServices(context).events.getEvent(uuid);
  } catch (error) {
    console.error("Error loading an event for its calendar file:", error);
    return new Response("The events service is unavailable. Please try again later.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "60" },
    });
  }
  if (!event || event.cancelled) throw data(null, { status: 404 });
  const { siteUrl } = context.get(appContext).config;
  const { contact } = site;
  const ics = eventToIcs(event, {
    location: `${site.name}, ${contact.street}, ${contact.city}, ${contact.state} ${contact.zip}`,
    url: absoluteUrl(siteUrl, event.rsvpUrl),
    uidDomain: new URL(siteUrl).hostname,
  });
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${event.slug.replace(/[^\w-]+/g, "-")}.ics"`,
      "Cache-Control": "private, max-age=300",
    },
  });
}
