import type { SearchParamReader } from "~/loaders/route-handle";

/** The query parameter of a list's page number. */
export const PAGE_PARAM = "page";

/** The longest a list's address may ask for: a list grows by pages, and nobody presses Load More fifty times. */
export const MAX_PAGE = 50;

/**
 * The page number a `?page=` value names, as every list reads it: a whole number from 1 to `MAX_PAGE`
 * (one above is the last); anything else, or none, is page 1.
 */
export function pageNumberOf(value: string | null | undefined): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? Math.min(number, MAX_PAGE) : 1;
}

/** The page a list's address asks for (`?page=`). */
export function pageFromSearch(search: URLSearchParams): number {
  return pageNumberOf(search.get(PAGE_PARAM));
}

/** `?page=` as a list reads it (its first value), spelled as a plain number; page 1 is the address without it. */
export const readPageParam: SearchParamReader = (values) => {
  const page = pageNumberOf(values[0]);
  return page === 1 ? null : String(page);
};

/** The same address at page `page`, keeping its other parameters (page 1 is the address without `?page=`). */
export function pageHref(search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  if (page > 1) next.set(PAGE_PARAM, String(page));
  else next.delete(PAGE_PARAM);
  return next.size > 0 ? `?${next.toString()}` : "";
}

/** The same address one page further along, keeping its other parameters. */
export function nextPageHref(search: URLSearchParams, page: number): string {
  return pageHref(search, page + 1);
}

/**
 * When a list's address asks for a page past its last (`?page=40` of a list of three pages): the page
 * that shows the same items, the list's last (1 for an empty list); else null. `shown`: how many items
 * the asked-for page shows.
 */
export function pageShowingTheSame(page: number, shown: number, pageSize: number): number | null {
  if (page <= 1 || shown > (page - 1) * pageSize) return null;
  return Math.max(1, Math.ceil(shown / pageSize));
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
