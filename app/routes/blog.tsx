import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { getServices } from "~/context";
import { introMeta } from "~/lib/seo";
import type { Route } from "./+types/blog";

const page = pages.blog;

export async function loader({ context }: Route.LoaderArgs) {
  return { hero: await getServices(context).content.getPageHero(page.slug) };
}

export const meta: Route.MetaFunction = ({ matches }) => introMeta(page, matches);

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <CallToAction
        title="Want to be part of the story?"
        description="Come and see where our members work, meet and grow."
        actions={[{ label: "Book a Tour", to: "/tour" }]}
      />
    </>
  );
}
