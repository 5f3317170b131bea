import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { getServices } from "~/context";
import { introMeta } from "~/lib/seo";
import type { Route } from "./+types/meeting-rooms";

const page = pages.meetingRooms;

export async function loader({ context }: Route.LoaderArgs) {
  return { hero: await getServices(context).content.getPageHero(page.slug) };
}

export const meta: Route.MetaFunction = ({ matches }) => introMeta(page, matches);

export default function MeetingRoomsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <CallToAction
        title="Need a room for your next meeting?"
        description="Tell us the date, time and group size and we'll confirm availability."
        actions={[
          { label: "Contact Us", to: "/contact" },
          { label: "Book a Tour", to: "/tour" },
        ]}
      />
    </>
  );
}
