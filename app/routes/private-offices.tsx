import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { heroLoader } from "~/lib/page-loaders.server";
import { introPageMeta } from "~/lib/seo";
import type { Route } from "./+types/private-offices";

const page = pages.privateOffices;

export const loader = heroLoader(page);

export const meta: Route.MetaFunction = introPageMeta(page);

export default function PrivateOfficesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <CallToAction
        title="Find the right office for your team"
        description="Tour the available offices and talk through sizes, terms and move-in dates."
        actions={[
          { label: "Book a Tour", to: "/tour" },
          { label: "Contact Us", to: "/contact" },
        ]}
      />
    </>
  );
}
