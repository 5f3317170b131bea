/**
 * How a page reads one query parameter: from the values an address gives it (every `?name=`, in
 * order), the value the page shows, spelled one way; or null where the page reads the parameter as
 * absent (its default). A page and the server's page cache read a parameter through the same function,
 * so the cache keys a page by what it shows, not by how an address spells it (docs/decisions/034-query-keys.md).
 * Reading its own answer gives it back unchanged.
 */
export type SearchParamReader = (values: readonly string[]) => string | null;

/** What a route module declares in its `handle` export for the server. */
export interface RouteHandle {
  /**
   * The query parameters the page reads, each with its reader, in the order the canonical address
   * lists them. The server renders and keeps the page once per canonical value of these, redirects an
   * address that spells them otherwise to the canonical one, and leaves out any other parameter
   * (server/request-target.ts).
   */
  searchParams?: Readonly<Record<string, SearchParamReader>>;
}
