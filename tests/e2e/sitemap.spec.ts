import { demoPosts } from "./support/dataset";
import { expect, test } from "./support/fixtures";
import { siteRoutes } from "./support/routes";
import { DEMO_SITE } from "./support/servers";

test("the sitemap lists every page, post and tag on SITE_URL, each answering 200", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  const paths = locations.map((location) => {
    expect(location.startsWith(`${DEMO_SITE.siteUrl}/`)).toBe(true);
    return location.slice(DEMO_SITE.siteUrl.length);
  });
  for (const route of siteRoutes) expect(paths).toContain(route.path);
  for (const post of demoPosts) expect(paths).toContain(`/blog/${post.slug}`);
  for (const tag of new Set(demoPosts.flatMap((post) => post.tags))) expect(paths).toContain(`/blog/tag/${tag}`);
  expect(xml).toContain(`<lastmod>${demoPosts[0]!.publishDate}</lastmod>`);
  for (const path of paths) expect((await request.get(path)).status(), path).toBe(200);
});

test("robots.txt allows everything and names the sitemap", async ({ request }) => {
  const text = await (await request.get("/robots.txt")).text();
  expect(text).toContain("User-agent: *\nAllow: /");
  expect(text).toContain(`Sitemap: ${DEMO_SITE.siteUrl}/sitemap.xml`);
});

test("the feeds are not pages: the sitemap leaves them out, robots.txt lets readers fetch them", async ({
  request,
}) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).not.toMatch(/feed\.xml|\.ics</);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).not.toMatch(/Disallow: \/(blog|events)/);
  for (const path of ["/blog/feed.xml", "/events.ics"]) expect((await request.get(path)).status(), path).toBe(200);
});
