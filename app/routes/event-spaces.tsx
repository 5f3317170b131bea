import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { heroLoader } from "~/lib/page-loaders.server";
import { introPageMeta } from "~/lib/seo";
import type { Route } from "./+types/event-spaces";

const page = pages.eventSpaces;

export const loader = heroLoader(page);

export const meta: Route.MetaFunction = introPageMeta(page);

export default function EventSpacesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <CallToAction
        title="Planning an event?"
        description="Walk through the Think Lounge with our events team and plan the layout together."
        actions={[
          { label: "Schedule Consultation", to: "/tour" },
          { label: "Contact Us", to: "/contact" },
        ]}
      />
    </>
  );
}
