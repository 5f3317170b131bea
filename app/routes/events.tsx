import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { heroLoader } from "~/lib/page-loaders.server";
import { introPageMeta } from "~/lib/seo";
import type { Route } from "./+types/events";

const page = pages.events;

export const loader = heroLoader(page);

export const meta: Route.MetaFunction = introPageMeta(page);

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <CallToAction
        title="Host your own event"
        description="The Think Lounge seats up to 72 guests, with AV and a catering kitchen."
        actions={[
          { label: "Explore the Think Lounge", to: "/event-spaces" },
          { label: "Contact Us", to: "/contact" },
        ]}
      />
    </>
  );
}
