import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { cardClasses } from "~/components/ui/Card";
import { memberBusinesses } from "~/content/members";
import { pages } from "~/content/pages";
import { cn } from "~/lib/cn";
import { getServices } from "~/context";
import { introMeta } from "~/lib/seo";
import type { Route } from "./+types/members";

const page = pages.members;

export async function loader({ context }: Route.LoaderArgs) {
  return { hero: await getServices(context).content.getPageHero(page.slug) };
}

export const meta: Route.MetaFunction = ({ matches }) => introMeta(page, matches);

export default function MembersPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <section aria-labelledby="members-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="members-title" className="text-3xl font-semibold text-ink sm:text-4xl">
          Our members
        </h2>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {memberBusinesses.map((name) => (
            <li key={name} className={cn(cardClasses, "flex min-h-24 items-center px-6 py-5")}>
              <span aria-hidden="true" className="mr-4 h-10 w-1.5 shrink-0 rounded-full bg-accent-400" />
              <span className="font-display text-lg font-semibold text-ink">{name}</span>
            </li>
          ))}
        </ul>
      </section>
      <CallToAction
        title="Join them"
        description="Memberships start at $50 a month. Book a tour and find the space that fits your business."
        actions={[
          { label: "Book a Tour", to: "/tour" },
          { label: "Contact Us", to: "/contact" },
        ]}
      />
    </>
  );
}
