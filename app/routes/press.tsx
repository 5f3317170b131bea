import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { heroLoader } from "~/loaders/page-loaders.server";
import { introPageMeta } from "~/seo/seo";
import type { Route } from "./+types/press";

const page = pages.press;

export const loader = heroLoader(page);

export const meta: Route.MetaFunction = introPageMeta(page);

/** Heading and description only (docs/pages.md). */
export default function PressPage({ loaderData }: Route.ComponentProps) {
  return <IntroHero page={page} hero={loaderData.hero} />;
}
