import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { getServices } from "~/context";
import { introMeta } from "~/lib/seo";
import type { Route } from "./+types/tour";

const page = pages.tour;

export async function loader({ context }: Route.LoaderArgs) {
  return { hero: await getServices(context).content.getPageHero(page.slug) };
}

export const meta: Route.MetaFunction = ({ matches }) => introMeta(page, matches);

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
