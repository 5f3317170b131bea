import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { heroLoader } from "~/lib/page-loaders.server";
import { introPageMeta } from "~/lib/seo";
import type { Route } from "./+types/gallery";

const page = pages.gallery;

export const loader = heroLoader(page);

export const meta: Route.MetaFunction = introPageMeta(page);

export default function GalleryPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <CallToAction
        title="See it in person"
        description="Photos only go so far. Book a free tour of the building."
        actions={[{ label: "Book a Tour", to: "/tour" }]}
      />
    </>
  );
}
