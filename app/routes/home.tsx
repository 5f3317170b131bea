import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { PathwayCards } from "~/components/sections/PathwayCards";
import { ButtonLink } from "~/components/ui/Button";
import { pathways } from "~/content/home";
import { pages } from "~/content/pages";
import { heroLoader } from "~/lib/page-loaders.server";
import { introPageMeta } from "~/lib/seo";
import type { Route } from "./+types/home";

const page = pages.home;

export const loader = heroLoader(page);

export const meta: Route.MetaFunction = introPageMeta(page);

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero}>
        <ButtonLink to="/tour" size="lg">
          Book a Tour
        </ButtonLink>
        <ButtonLink to="/coworking" size="lg" variant="light">
          Explore Spaces
        </ButtonLink>
      </IntroHero>
      <PathwayCards title="What brings you to the Foundry?" cards={pathways} />
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
