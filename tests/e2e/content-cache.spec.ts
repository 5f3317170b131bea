import type { ContentfulStandIn } from "../../demo/contentful.ts";
import { liveContentEnv, startTestContentService } from "./support/content-stand-in";
import { expect, test } from "./support/fixtures";
import { siteRoutes } from "./support/routes";
import { type SpawnedSite, spawnSite } from "./support/spawn-site";

/**
 * Addresses visitors make up (unknown post slugs) are cached apart from the pages' own content, so a
 * flood of them cannot push the heroes out of the cache: when the content service then fails, every
 * page still shows its cached hero.
 */

let contentService: ContentfulStandIn;
let site: SpawnedSite;

test.beforeAll(async () => {
  contentService = await startTestContentService();
  site = await spawnSite(liveContentEnv(contentService));
});

test.afterAll(async () => {
  await site?.stop();
  await contentService?.close();
});

function heroSource(html: string): string {
  return html.match(/data-hero-slug="[^"]+"[\s\S]*?<img[^>]*?src="([^"]+)"/)?.[1] ?? "";
}

test("5,000 unknown slugs followed by a content outage leave every page's hero in place", async ({ request }) => {
  test.setTimeout(180_000);
  const contentImage = new RegExp(`^http://${contentService.host}/`);
  for (const route of siteRoutes) {
    const html = await (await request.get(`${site.url}${route.path}`)).text();
    expect(heroSource(html), route.path).toMatch(contentImage);
  }

  // Node's own client: the same requests, without a round trip through Playwright's driver for each.
  const slugs = Array.from({ length: 5_000 }, (_, index) => `no-such-post-${index}`);
  for (let start = 0; start < slugs.length; start += 50) {
    const statuses = await Promise.all(
      slugs.slice(start, start + 50).map(async (slug) => {
        const response = await fetch(`${site.url}/blog/${slug}.data`);
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.every((status) => status === 404)).toBe(true);
  }

  contentService.faults.add({ pathIncludes: "/spaces/", status: 500, body: { message: "outage" } });
  for (const route of siteRoutes) {
    const html = await (await request.get(`${site.url}${route.path}`)).text();
    expect(heroSource(html), `${route.path} during the outage`).toMatch(contentImage);
  }
  expect(site.output()).not.toContain("Error loading page hero:");
});
