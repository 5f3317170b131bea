import { CallToAction } from "~/components/sections/CallToAction";
import { FeatureGrid } from "~/components/sections/FeatureGrid";
import { HomeEvents } from "~/components/sections/HomeEvents";
import { IntroHero } from "~/components/sections/IntroHero";
import { LatestPosts } from "~/components/sections/LatestPosts";
import { PathwayCards } from "~/components/sections/PathwayCards";
import { PlanCards } from "~/components/sections/PlanCards";
import { SuccessStories } from "~/components/sections/SuccessStories";
import { ThinkLoungePromo } from "~/components/sections/ThinkLoungePromo";
import { ButtonLink } from "~/components/ui/Button";
import { homeFeatures, pathways, thinkLoungePromo } from "~/content/home";
import { pages } from "~/content/pages";
import { membership, membershipPlans, usd } from "~/content/pricing";
import { appContext, getServices, requestContext } from "~/context";
import { toPostCard } from "~/domain/cms-types";
import { upcomingEvents, viewEvent } from "~/domain/events";
import { loadPageHero } from "~/loaders/page-loaders.server";
import { pickRandom } from "~/domain/random";
import { streamSection } from "~/loaders/sections.server";
import { introPageMeta } from "~/seo/seo";
import { loadSiteImages } from "~/loaders/space-page.server";
import type { Route } from "./+types/home";

const page = pages.home;

/** At most 3 upcoming events, 2 stories (random order), the 3 latest posts (docs/pages.md). */
const HOME_EVENTS = 3;
const HOME_POSTS = 3;
const HOME_STORIES = 2;

export async function loader(args: Route.LoaderArgs) {
  const { content, events } = getServices(args.context);
  const { timeZone } = args.context.get(appContext).config;
  const { random } = args.context.get(requestContext);
  const now = new Date();
  const [hero, siteImages, upcoming, stories, posts] = await Promise.all([
    loadPageHero(args, page),
    loadSiteImages(args),
    streamSection(
      args,
      events
        .getEvents()
        .then((all) => upcomingEvents(all, now, HOME_EVENTS).map((event) => viewEvent(event, timeZone, now))),
      { label: "home events" },
    ),
    streamSection(
      args,
      content.getSuccessStories(page.slug, HOME_STORIES).then((found) => pickRandom(found, HOME_STORIES, random)),
      { label: "home success stories" },
    ),
    streamSection(
      args,
      content.getLatestBlogPosts().then((latest) => latest.slice(0, HOME_POSTS).map(toPostCard)),
      { label: "latest posts" },
    ),
  ]);
  return { hero, promoImage: siteImages[thinkLoungePromo.imageKey] ?? null, upcoming, stories, posts };
}

export const meta: Route.MetaFunction = introPageMeta(page);

/** The nine sections in order (docs/pages.md). */
export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero}>
        <ButtonLink to="/tour" size="lg">
          Book a Tour
        </ButtonLink>
        <ButtonLink to="#pricing" size="lg" variant="light">
          View Pricing
        </ButtonLink>
      </IntroHero>
      <PathwayCards title="What brings you to the Foundry?" cards={pathways} />
      <HomeEvents section={loaderData.upcoming} />
      <FeatureGrid
        eyebrow="Why members stay"
        title="Everything you need to do your best work"
        features={homeFeatures}
      />
      <PlanCards
        id="pricing"
        eyebrow="Pricing"
        title="Simple, flexible memberships"
        description={`Month to month, no long contracts. Day passes are ${usd(membership.dayPass.price)}.`}
        plans={membershipPlans}
      />
      <SuccessStories section={loaderData.stories} />
      <ThinkLoungePromo {...thinkLoungePromo} image={loaderData.promoImage} />
      <LatestPosts section={loaderData.posts} />
      <CallToAction
        title="Schedule Your Tour"
        description="Come see the space, meet the community and find the membership that fits how you work."
        actions={[
          { label: "Schedule Your Tour", to: "/tour" },
          { label: "Join Today", to: "/contact" },
          { label: "Contact Us", to: "/contact" },
        ]}
      />
    </>
  );
}
