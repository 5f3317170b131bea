import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { heroLoader } from "~/lib/page-loaders.server";
import { introPageMeta } from "~/lib/seo";
import type { Route } from "./+types/partners";

const page = pages.partners;

export const loader = heroLoader(page);

export const meta: Route.MetaFunction = introPageMeta(page);

export default function PartnersPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <CallToAction
        title="Partner with Ozark Foundry"
        description="We work with schools, businesses and nonprofits on programmes that help local founders. Let's talk."
        actions={[{ label: "Contact Us", to: "/contact" }]}
      />
    </>
  );
}
