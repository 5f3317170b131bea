import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { heroLoader } from "~/lib/page-loaders.server";
import { introPageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";

const page = pages.contact;

export const loader = heroLoader(page);

export const meta: Route.MetaFunction = introPageMeta(page);

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <CallToAction
        title="Rather see the space first?"
        description="Book a free tour and ask us anything in person."
        actions={[{ label: "Book a Tour", to: "/tour" }]}
      />
    </>
  );
}
