import type { RouterContextProvider } from "react-router";
import type { PageIntro } from "~/content/pages";
import { getServices, requestContext } from "~/context";
import type { PageHeroContent } from "~/lib/cms-types";

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
