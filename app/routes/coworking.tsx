import { AmenityList } from "~/components/sections/AmenityList";
import { BenefitGrid } from "~/components/sections/BenefitGrid";
import { CallToAction } from "~/components/sections/CallToAction";
import { FaqSection } from "~/components/sections/FaqSection";
import { IntroHero } from "~/components/sections/IntroHero";
import { PlanCards } from "~/components/sections/PlanCards";
import { SuccessStories } from "~/components/sections/SuccessStories";
import { VideoTours } from "~/components/sections/VideoTours";
import { ButtonLink } from "~/components/ui/Button";
import { pages } from "~/content/pages";
import { membership, membershipPlans, usd } from "~/content/pricing";
import { coworking } from "~/content/spaces";
import { introPageMeta } from "~/seo/seo";
import { loadSpacePage } from "~/loaders/space-page.server";
import type { Route } from "./+types/coworking";

const page = pages.coworking;

export function loader(args: Route.LoaderArgs) {
  return loadSpacePage(args, page, { benefits: coworking.benefits, videos: coworking.videos });
}

export const meta: Route.MetaFunction = introPageMeta(page);

/** Benefits, two video tours, plans, stories, amenities, FAQ, call to action (docs/pages.md). */
export default function CoworkingPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero}>
        <ButtonLink to="/tour" size="lg">
          Book a Tour
        </ButtonLink>
        <ButtonLink to="#pricing" size="lg" variant="light">
          See Pricing
        </ButtonLink>
      </IntroHero>
      <BenefitGrid
        eyebrow="Coworking"
        title="A better place to get work done"
        benefits={coworking.benefits}
        images={loaderData.benefitImages}
      />
      <VideoTours eyebrow="Video tours" title="Take a look around" videos={loaderData.videos} />
      <PlanCards
        id="pricing"
        eyebrow="Pricing"
        title="Coworking memberships"
        description={`Month to month, no long contracts. Or try a day pass for ${usd(membership.dayPass.price)}/day.`}
        plans={membershipPlans}
      />
      <SuccessStories section={loaderData.stories} />
      <AmenityList eyebrow="Amenities" title="Everything you need, included" amenities={coworking.amenities} />
      <FaqSection faqs={coworking.faqs} />
      <CallToAction
        title="Come work with us for a day"
        description="Book a free tour and we'll set you up at a desk so you can try the space."
        actions={[{ label: "Book a Tour", to: "/tour" }]}
      />
    </>
  );
}
