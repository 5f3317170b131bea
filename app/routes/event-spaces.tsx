import { BenefitGrid } from "~/components/sections/BenefitGrid";
import { BookingSection } from "~/components/sections/BookingSection";
import { CallToAction } from "~/components/sections/CallToAction";
import { FaqSection } from "~/components/sections/FaqSection";
import { FeatureGrid } from "~/components/sections/FeatureGrid";
import { IntroHero } from "~/components/sections/IntroHero";
import { SuccessStories } from "~/components/sections/SuccessStories";
import { VideoTours } from "~/components/sections/VideoTours";
import { ButtonLink } from "~/components/ui/Button";
import { pages } from "~/content/pages";
import { bookingOptionOrder, bookingOptions, limitedTimeOffer, thinkLounge } from "~/content/pricing";
import { eventSpaces } from "~/content/spaces";
import { introMeta, rootConfig } from "~/seo/seo";
import { useSiteConfig } from "~/browser/site-config";
import { loadSpacePage } from "~/loaders/space-page.server";
import { faqPage, localBusiness } from "~/seo/structured-data";
import type { Route } from "./+types/event-spaces";

const page = pages.eventSpaces;

export function loader(args: Route.LoaderArgs) {
  return loadSpacePage(args, page, { benefits: eventSpaces.benefits, videos: eventSpaces.configurations.videos });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const siteUrl = rootConfig(matches)?.siteUrl ?? "";
  return [
    ...introMeta(page, matches),
    {
      "script:ld+json": localBusiness({
        siteUrl,
        name: "The Think Lounge at Ozark Foundry",
        description: page.description,
        path: page.path,
        image: loaderData?.hero.background?.url ?? null,
        priceRange: thinkLounge.priceRange,
      }),
    },
    { "script:ld+json": faqPage(eventSpaces.faqs) },
  ];
};

const options = bookingOptionOrder.map((key) => ({ key, option: bookingOptions[key] }));

/** The Think Lounge, configurations, booking, stories, features, FAQ (docs/pages.md). */
export default function EventSpacesPage({ loaderData }: Route.ComponentProps) {
  const { bookingWidgetUrl } = useSiteConfig();
  const { configurations } = eventSpaces;
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero}>
        <ButtonLink to="#showcase" size="lg">
          Virtual Tour
        </ButtonLink>
        <ButtonLink to="#booking" size="lg" variant="light">
          Book Now
        </ButtonLink>
      </IntroHero>
      <BenefitGrid
        eyebrow="Think Lounge"
        title="The perfect event space"
        benefits={eventSpaces.benefits}
        images={loaderData.benefitImages}
      />
      <VideoTours
        id="showcase"
        eyebrow="Virtual tour"
        title={configurations.title}
        description={configurations.description}
        videos={loaderData.videos}
      >
        <ul className="mt-8 flex flex-wrap gap-3">
          {configurations.layouts.map((layout) => (
            <li key={layout.name} className="rounded-full border border-line bg-surface px-4 py-2 text-sm">
              <span className="font-semibold text-ink">{layout.name}</span>
              <span className="text-muted">: {layout.capacity}</span>
            </li>
          ))}
        </ul>
      </VideoTours>
      <BookingSection
        id="booking"
        description={eventSpaces.bookingIntro}
        offer={limitedTimeOffer}
        options={options}
        bookingUrl={(calendarId) => `${bookingWidgetUrl}/widget/booking/${encodeURIComponent(calendarId)}`}
      />
      <SuccessStories section={loaderData.stories} hideWhenEmpty />
      <FeatureGrid eyebrow="Included" title="Everything your event needs" features={eventSpaces.features} />
      <FaqSection faqs={eventSpaces.faqs} />
      <CallToAction
        title="Planning an event?"
        description="Walk through the Think Lounge with our events team and plan the layout together."
        actions={[{ label: "Schedule Consultation", to: "/tour" }]}
      />
    </>
  );
}
