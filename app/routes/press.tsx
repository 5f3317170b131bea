import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { getServices } from "~/context";
import { introMeta } from "~/lib/seo";
import type { Route } from "./+types/press";

const page = pages.press;

export async function loader({ context }: Route.LoaderArgs) {
  return { hero: await getServices(context).content.getPageHero(page.slug) };
}

export const meta: Route.MetaFunction = ({ matches }) => introMeta(page, matches);

/** SPEC.md: the press page shows its heading and description only. */
export default function PressPage({ loaderData }: Route.ComponentProps) {
  return <IntroHero page={page} hero={loaderData.hero} />;
}
