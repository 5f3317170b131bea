import { BenefitGrid } from "~/components/sections/BenefitGrid";
import { CallToAction } from "~/components/sections/CallToAction";
import { FaqSection } from "~/components/sections/FaqSection";
import { FeatureGrid } from "~/components/sections/FeatureGrid";
import { IntroHero } from "~/components/sections/IntroHero";
import { PlanCards } from "~/components/sections/PlanCards";
import { SuccessStories } from "~/components/sections/SuccessStories";
import { VideoTours } from "~/components/sections/VideoTours";
import { ButtonLink } from "~/components/ui/Button";
import { pages } from "~/content/pages";
import { meetingRoomPlans, meetingRooms } from "~/content/pricing";
import { meetingRoomsPage } from "~/content/spaces";
import { introPageMeta } from "~/seo/seo";
import { loadSpacePage } from "~/loaders/space-page.server";
import type { Route } from "./+types/meeting-rooms";

const page = pages.meetingRooms;

export function loader(args: Route.LoaderArgs) {
  return loadSpacePage(args, page, { benefits: meetingRoomsPage.benefits, videos: meetingRoomsPage.videos });
}

export const meta: Route.MetaFunction = introPageMeta(page);

/**
 * Benefits, a video tour, two room plans, success stories, features, FAQ, a call to action and
 * 'Inquire About Membership', both to /contact (docs/pages.md).
 */
export default function MeetingRoomsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero}>
        <ButtonLink to="/contact" size="lg">
          Inquire About Membership
        </ButtonLink>
        <ButtonLink to="#pricing" size="lg" variant="light">
          See the Rooms
        </ButtonLink>
      </IntroHero>
      <BenefitGrid
        eyebrow="Meeting rooms"
        title="Rooms that make a good impression"
        benefits={meetingRoomsPage.benefits}
        images={loaderData.benefitImages}
      />
      <VideoTours eyebrow="Video tour" title="See the rooms" videos={loaderData.videos} />
      <PlanCards
        id="pricing"
        eyebrow="Rooms and rates"
        title="Two rooms, booked by the hour"
        description={`Cancel up to ${meetingRooms.fullRefundHours} hours ahead for a full refund.`}
        plans={meetingRoomPlans}
      />
      <SuccessStories section={loaderData.stories} />
      <FeatureGrid eyebrow="Features" title="Everything a meeting needs" features={meetingRoomsPage.features} />
      <FaqSection faqs={meetingRoomsPage.faqs} />
      <CallToAction
        title="Need a room for your next meeting?"
        description="Tell us the date, time and group size and we'll confirm availability."
        actions={[
          { label: "Contact Us", to: "/contact" },
          { label: "Inquire About Membership", to: "/contact" },
        ]}
      />
    </>
  );
}
