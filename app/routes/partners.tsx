import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { getServices } from "~/context";
import { introMeta } from "~/lib/seo";
import type { Route } from "./+types/partners";

const page = pages.partners;

export async function loader({ context }: Route.LoaderArgs) {
  return { hero: await getServices(context).content.getPageHero(page.slug) };
}

export const meta: Route.MetaFunction = ({ matches }) => introMeta(page, matches);

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
