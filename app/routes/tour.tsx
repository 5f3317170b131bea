import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { heroLoader } from "~/lib/page-loaders.server";
import { introPageMeta } from "~/lib/seo";
import type { Route } from "./+types/tour";

const page = pages.tour;

export const loader = heroLoader(page);

export const meta: Route.MetaFunction = introPageMeta(page);

export default function TourPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <CallToAction
        title="Prefer to talk first?"
        description="Call or write to us and we'll find a time that suits you."
        actions={[{ label: "Contact Us", to: "/contact" }]}
      />
    </>
  );
}
