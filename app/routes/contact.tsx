import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { pages } from "~/content/pages";
import { getServices } from "~/context";
import { introMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";

const page = pages.contact;

export async function loader({ context }: Route.LoaderArgs) {
  return { hero: await getServices(context).content.getPageHero(page.slug) };
}

export const meta: Route.MetaFunction = ({ matches }) => introMeta(page, matches);

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
