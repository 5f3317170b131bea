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
import { membership, officePlans } from "~/content/pricing";
import { privateOffices } from "~/content/spaces";
import { introPageMeta } from "~/seo/seo";
import { loadSpacePage } from "~/loaders/space-page.server";
import type { Route } from "./+types/private-offices";

const page = pages.privateOffices;

export function loader(args: Route.LoaderArgs) {
  return loadSpacePage(args, page, { benefits: privateOffices.benefits, videos: privateOffices.videos });
}

export const meta: Route.MetaFunction = introPageMeta(page);

/** Benefits, a video tour, office sizes, stories, amenities, FAQ, call to action (docs/pages.md). */
export default function PrivateOfficesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero}>
        <ButtonLink to="/tour" size="lg">
          Book a Tour
        </ButtonLink>
        <ButtonLink to="#pricing" size="lg" variant="light">
          See Office Sizes
        </ButtonLink>
      </IntroHero>
      <BenefitGrid
        eyebrow="Private offices"
        title="An office of your own, inside a community"
        benefits={privateOffices.benefits}
        images={loaderData.benefitImages}
      />
      <VideoTours eyebrow="Video tour" title="See the offices" videos={loaderData.videos} />
      <PlanCards
        id="pricing"
        eyebrow="Office sizes"
        title="Choose the right size"
        description={`Furnished offices for teams of one to five, with leases from ${membership.leaseMonths} months.`}
        plans={officePlans}
      />
      <SuccessStories section={loaderData.stories} />
      <AmenityList eyebrow="Amenities" title="Included with every office" amenities={privateOffices.amenities} />
      <FaqSection faqs={privateOffices.faqs} />
      <CallToAction
        title="Find the right office for your team"
        description="Tour the available offices and talk through sizes, terms and move-in dates."
        actions={[{ label: "Book a Tour", to: "/tour" }]}
      />
    </>
  );
}
