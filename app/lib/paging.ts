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
