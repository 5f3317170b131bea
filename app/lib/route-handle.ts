/** What a route module declares in its `handle` export for the server. */
export interface RouteHandle {
  /**
   * The query parameters the page reads. The server's page cache keeps the page once per value of
   * these, and never keeps an address that carries any other parameter (server/page-cache-http.ts).
   */
  searchParams?: readonly string[];
}
