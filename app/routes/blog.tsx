import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { heroLoader } from "~/lib/page-loaders.server";
import { introPageMeta } from "~/lib/seo";
import type { Route } from "./+types/blog";

const page = pages.blog;

export const loader = heroLoader(page);

export const meta: Route.MetaFunction = introPageMeta(page);

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
