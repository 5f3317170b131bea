import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { PartnerCards } from "~/components/sections/PartnerCards";
import { pages } from "~/content/pages";
import { getServices } from "~/context";
import { loadPageHero } from "~/loaders/page-loaders.server";
import { streamSection } from "~/loaders/sections.server";
import { introPageMeta } from "~/seo/seo";
import type { Route } from "./+types/partners";

const page = pages.partners;

export async function loader(args: Route.LoaderArgs) {
  const [hero, partners] = await Promise.all([
    loadPageHero(args, page),
    streamSection(args, getServices(args.context).content.getPartners(), { label: "partners" }),
  ]);
  return { hero, partners };
}

export const meta: Route.MetaFunction = introPageMeta(page);

export default function PartnersPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <PartnerCards section={loaderData.partners} />
      <CallToAction
        title="Partner with Ozark Foundry"
        description="We work with schools, businesses and nonprofits on programs that help local founders. Let's talk."
        actions={[{ label: "Contact Us", to: "/contact" }]}
      />
    </>
  );
}
