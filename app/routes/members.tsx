import { CallToAction } from "~/components/sections/CallToAction";
import { IntroHero } from "~/components/sections/IntroHero";
import { MemberList } from "~/components/sections/MemberList";
import { memberBusinesses } from "~/content/members";
import { pages } from "~/content/pages";
import { membership, usd } from "~/content/pricing";
import { heroLoader } from "~/loaders/page-loaders.server";
import { introPageMeta } from "~/seo/seo";
import type { Route } from "./+types/members";

const page = pages.members;

export const loader = heroLoader(page);

export const meta: Route.MetaFunction = introPageMeta(page);

export default function MembersPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <MemberList title="Our members" names={memberBusinesses} />
      <CallToAction
        title="Join them"
        description={`Memberships start at ${usd(membership.coworking.price)} a month. Book a tour and find the space that fits your business.`}
        actions={[
          { label: "Book a Tour", to: "/tour" },
          { label: "Contact Us", to: "/contact" },
        ]}
      />
    </>
  );
}
