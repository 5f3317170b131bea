import { IntroHero } from "~/components/sections/IntroHero";
import { LegalText } from "~/components/sections/LegalText";
import { privacyPolicy } from "~/content/legal";
import { pages } from "~/content/pages";
import { legalPageLoader } from "~/loaders/page-loaders.server";
import { introPageMeta } from "~/seo/seo";
import type { Route } from "./+types/privacy";

const page = pages.privacy;

export const loader = legalPageLoader(page, privacyPolicy);

export const meta: Route.MetaFunction = introPageMeta(page);

/**
 * The brief has the page's heading and description only; we show the hub's policy below them
 * (docs/decisions/010-privacy-and-terms-from-the-content.md).
 */
export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <LegalText document={loaderData.document} />
    </>
  );
}
