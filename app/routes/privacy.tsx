import { IntroHero } from "~/components/sections/IntroHero";
import { LegalText } from "~/components/sections/LegalText";
import { privacyPolicy } from "~/content/legal";
import { pages } from "~/content/pages";
import { getServices } from "~/context";
import { introMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";

const page = pages.privacy;

export async function loader({ context }: Route.LoaderArgs) {
  return { hero: await getServices(context).content.getPageHero(page.slug) };
}

export const meta: Route.MetaFunction = ({ matches }) => introMeta(page, matches);

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <LegalText document={privacyPolicy} />
    </>
  );
}
