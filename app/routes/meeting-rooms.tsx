import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { heroLoader } from "~/lib/page-loaders.server";
import { introPageMeta } from "~/lib/seo";
import type { Route } from "./+types/meeting-rooms";

const page = pages.meetingRooms;

export const loader = heroLoader(page);

export const meta: Route.MetaFunction = introPageMeta(page);

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
