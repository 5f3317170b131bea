import { site } from "~/config/site";
import { appContext, getServices } from "~/context";
import { eventToIcs } from "~/seo/ics";
import { absoluteUrl } from "~/seo/structured-data";
import type { Route } from "./+types/event-calendar";

/** Not (or no longer) an event: the answer may change once one is published, so nobody keeps it. */
const notFound = () =>
  new Response("No such event.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** /events/{uuid}.ics: an event as an iCalendar file (docs/pages.md). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const uuid = /^(.+)\.ics$/.exec(params.file)?.[1];
  if (!uuid) return notFound();
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
  if (!event || event.cancelled) return notFound();
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
