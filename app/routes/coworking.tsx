import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { heroLoader } from "~/lib/page-loaders.server";
import { introPageMeta } from "~/lib/seo";
import type { Route } from "./+types/coworking";

const page = pages.coworking;

export const loader = heroLoader(page);

export const meta: Route.MetaFunction = introPageMeta(page);

export default function CoworkingPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <CallToAction
        title="Come work with us for a day"
        description="Book a free tour and we'll set you up at a desk so you can try the space."
        actions={[
          { label: "Book a Tour", to: "/tour" },
          { label: "Contact Us", to: "/contact" },
        ]}
      />
    </>
  );
}
