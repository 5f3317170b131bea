import { IntroHero } from "~/components/sections/IntroHero";
import { LegalText } from "~/components/sections/LegalText";
import { privacyPolicy } from "~/content/legal";
import { pages } from "~/content/pages";
import { heroLoader } from "~/loaders/page-loaders.server";
import { introPageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";

const page = pages.privacy;

export const loader = heroLoader(page);

export const meta: Route.MetaFunction = introPageMeta(page);

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <LegalText document={privacyPolicy} />
    </>
  );
}
