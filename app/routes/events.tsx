import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { getServices } from "~/context";
import { introMeta } from "~/lib/seo";
import type { Route } from "./+types/events";

const page = pages.events;

export async function loader({ context }: Route.LoaderArgs) {
  return { hero: await getServices(context).content.getPageHero(page.slug) };
}

export const meta: Route.MetaFunction = ({ matches }) => introMeta(page, matches);

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
