import type { ReactNode } from "react";
import { siteImage } from "~/content/site-images";
import type { PageIntro } from "~/content/pages";
import type { PageHeroContent } from "~/domain/cms-types";
import { PageHero } from "./PageHero";

/** A page's hero from its intro copy (app/content/pages.ts) and its background from the content service. */
export function IntroHero({ page, hero, children }: { page: PageIntro; hero: PageHeroContent; children?: ReactNode }) {
  return (
    <PageHero
      slug={page.slug}
      title={page.heading}
      description={page.description}
      fallbackImage={siteImage(page.fallback)}
      background={hero.background}
      site={hero.site}
    >
      {children}
    </PageHero>
  );
}
