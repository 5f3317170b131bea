import type { RouterContextProvider } from "react-router";
import type { LegalDocument } from "~/content/legal";
import type { PageIntro } from "~/content/pages";
import { getServices, requestContext } from "~/context";
import type { PageHeroContent } from "~/domain/cms-types";

/**
 * Loaders shared by route modules. A `.server` module: React Router keeps it out of the browser
 * bundle, so a route may import it only for its `loader` or `action`.
 */

interface LoaderContext {
  context: Readonly<RouterContextProvider>;
}

/** The hero of a page described by its intro copy; every page awaits it (it is the page's LCP). */
export async function loadPageHero(
  { context }: LoaderContext,
  page: Pick<PageIntro, "slug">,
): Promise<PageHeroContent> {
  const hero = await getServices(context).content.getPageHero(page.slug);
  if (hero.status === "error") context.get(requestContext).skipPageCache("the page hero failed");
  return hero;
}

/** The whole loader of a page that shows its hero and static copy only. */
export function heroLoader(page: Pick<PageIntro, "slug">) {
  return async (args: LoaderContext) => ({ hero: await loadPageHero(args, page) });
}

/**
 * The whole loader of a legal page: its hero and its text, the hub's own from the content service
 * (a `legalText` entry with the page's slug), else the text built into the site.
 */
export function legalPageLoader(page: Pick<PageIntro, "slug">, builtIn: LegalDocument) {
  return async (args: LoaderContext) => {
    const [hero, document] = await Promise.all([
      loadPageHero(args, page),
      getServices(args.context)
        .content.getLegalText(page.slug)
        .then(
          (found) => found ?? builtIn,
          (error: unknown) => {
            console.error(`Error loading the ${page.slug} text; showing the built-in one:`, error);
            args.context.get(requestContext).skipPageCache(`the ${page.slug} text failed`);
            return builtIn;
          },
        ),
    ]);
    return { hero, document };
  };
}
