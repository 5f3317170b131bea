import { expect, test } from "./support/fixtures";
import { siteRoutes } from "./support/routes";
import { readinessOf } from "../support/readiness.ts";

/**
 * Addresses visitors make up (unknown post slugs) are cached apart from the pages' own content, so a
 * flood of them cannot push the heroes out of the cache: when the content service then fails, every
 * page still shows its cached hero.
 */

function heroSource(html: string): string {
  return html.match(/data-hero-slug="[^"]+"[\s\S]*?<img[^>]*?src="([^"]+)"/)?.[1] ?? "";
}

/** How many look-ups of addresses visitors made up the server keeps (`maxLookupEntries` in server/start.ts). */
const LOOKUP_CACHE_ENTRIES = 2_000;

test("more unknown slugs than the look-up cache holds, then a content outage, leave every page's hero in place", async ({
  request,
  isolatedSite,
}) => {
  test.setTimeout(120_000);
  const { content } = isolatedSite;
  const contentImage = new RegExp(`^http://${content.host}/`);
  for (const route of siteRoutes) {
    const html = await (await request.get(`${isolatedSite.url}${route.path}`)).text();
    expect(heroSource(html), route.path).toMatch(contentImage);
  }

  // Node's own client: the same requests, without a round trip through Playwright's driver for each.
  // Enough to fill the look-up cache and push its first entries out, 50 at a time.
  const slugs = Array.from({ length: LOOKUP_CACHE_ENTRIES + 100 }, (_, index) => `no-such-post-${index}`);
  for (let start = 0; start < slugs.length; start += 50) {
    const statuses = await Promise.all(
      slugs.slice(start, start + 50).map(async (slug) => {
        const response = await fetch(`${isolatedSite.url}/blog/${slug}.data`);
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.every((status) => status === 404)).toBe(true);
  }
  // The look-up cache is full: the flood reached its limit.
  const readiness = (await readinessOf(isolatedSite.url)) as {
    content: { entries: { lookups: number } };
  };
  expect(readiness.content.entries.lookups).toBe(LOOKUP_CACHE_ENTRIES);

  content.faults.add({ pathIncludes: "/spaces/", status: 500, body: { message: "outage" } });
  for (const route of siteRoutes) {
    const html = await (await request.get(`${isolatedSite.url}${route.path}`)).text();
    expect(heroSource(html), `${route.path} during the outage`).toMatch(contentImage);
  }
  expect(isolatedSite.output()).not.toContain("Error loading page hero:");
});
