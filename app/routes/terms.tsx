import { IntroHero } from "~/components/sections/IntroHero";
import { LegalText } from "~/components/sections/LegalText";
import { termsOfService } from "~/content/legal";
import { pages } from "~/content/pages";
import { legalPageLoader } from "~/loaders/page-loaders.server";
import { introPageMeta } from "~/seo/seo";
import type { Route } from "./+types/terms";

const page = pages.terms;

export const loader = legalPageLoader(page, termsOfService);

export const meta: Route.MetaFunction = introPageMeta(page);

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <LegalText document={loaderData.document} />
    </>
  );
}
