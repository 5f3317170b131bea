/** The query parameter of a list's page number. */
export const PAGE_PARAM = "page";

/** The page a list's address asks for (`?page=`): at least 1, at most `max` (a list grows by pages). */
export function pageFromSearch(search: URLSearchParams, max = 50): number {
  const value = Number(search.get(PAGE_PARAM));
  return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : 1;
}

/** The same address one page further along, keeping its other parameters. */
export function nextPageHref(search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  next.set(PAGE_PARAM, String(page + 1));
  return `?${next.toString()}`;
}

/** The items "Load More" adds to a list, and where the "Load More" after them leads (or null). */
export interface NextPage<T> {
  items: T[];
  moreHref: string | null;
}

/** A list page loaded with the page after it. */
export interface PageWithNext<T> {
  shown: T[];
  /** Where "Load More" leads, or null when nothing more remains. */
  moreHref: string | null;
  /** What "Load More" adds at once, or null when nothing more remains. */
  next: NextPage<T> | null;
}

/**
 * Splits the items loaded for page `page` of `pageSize` and the page after it: what the page shows,
 * and what "Load More" adds at once (the navigation to the longer list's address follows it).
 * `hasMore`: whether items remain after all those loaded.
 */
export function splitNextPage<T>(
  items: T[],
  { search, page, pageSize, hasMore }: { search: URLSearchParams; page: number; pageSize: number; hasMore: boolean },
): PageWithNext<T> {
  const following = items.slice(page * pageSize);
  if (following.length === 0) return { shown: items, moreHref: null, next: null };
  return {
    shown: items.slice(0, page * pageSize),
    moreHref: nextPageHref(search, page),
    next: { items: following, moreHref: hasMore ? nextPageHref(search, page + 1) : null },
  };
}
