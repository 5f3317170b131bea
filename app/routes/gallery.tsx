import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { getServices } from "~/context";
import { introMeta } from "~/lib/seo";
import type { Route } from "./+types/gallery";

const page = pages.gallery;

export async function loader({ context }: Route.LoaderArgs) {
  return { hero: await getServices(context).content.getPageHero(page.slug) };
}

export const meta: Route.MetaFunction = ({ matches }) => introMeta(page, matches);

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
