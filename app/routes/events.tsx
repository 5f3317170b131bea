import { CallToAction } from "~/components/sections/CallToAction";
import { EventList } from "~/components/sections/EventList";
import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { thinkLounge } from "~/content/pricing";
import { appContext, getServices } from "~/context";
import { viewClassifiedEvents } from "~/domain/events";
import { loadPageHero } from "~/loaders/page-loaders.server";
import { streamSection } from "~/loaders/sections.server";
import { introPageMeta } from "~/seo/seo";
import { site } from "~/config/site";
import { EVENTS_CALENDAR_PATH } from "~/seo/feed-paths";
import type { Route } from "./+types/events";

const page = pages.events;

export async function loader(args: Route.LoaderArgs) {
  const { timeZone } = args.context.get(appContext).config;
  const events = getServices(args.context).events.getEvents();
  const [hero, list] = await Promise.all([
    loadPageHero(args, page),
    // An empty list reads 'No events found...', while a list with nothing upcoming (only
    // past or cancelled events) reads 'No upcoming events.' under 'Upcoming Events'.
    streamSection(
      args,
      events.then((all) => ({ listed: all.length, ...viewClassifiedEvents(all, timeZone, new Date()) })),
      { label: "events", isEmpty: (data) => data.listed === 0 },
    ),
  ]);
  return { hero, list };
}

export const meta: Route.MetaFunction = (args) => [
  ...introPageMeta(page)(args),
  // The calendar to subscribe to, for browsers and tools that look for one.
  {
    tagName: "link",
    rel: "alternate",
    type: "text/calendar",
    href: EVENTS_CALENDAR_PATH,
    title: `${site.name} events`,
  },
];

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <EventList section={loaderData.list} />
      <CallToAction
        title="Host your own event"
        description={`The Think Lounge seats up to ${thinkLounge.theaterCapacity} guests, with AV and a catering kitchen.`}
        actions={[
          { label: "Explore the Think Lounge", to: "/event-spaces" },
          { label: "Contact Us", to: "/contact" },
        ]}
      />
    </>
  );
}
