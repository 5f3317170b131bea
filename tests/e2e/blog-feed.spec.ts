import { parseFeed } from "feedsmith";
import type { ExportEntry } from "../../demo/contentful-export.ts";
import { assertWellFormedXml } from "../support/well-formed-xml.ts";
import { demoPosts } from "./support/dataset";
import { expect, type IsolatedSite, test } from "./support/fixtures";
import { siteRoutes } from "./support/routes";
import { DEMO_SITE } from "./support/servers";

/**
 * The blog's Atom feeds (docs/architecture.md#feeds), read as a feed reader reads them: by a feed parser
 * (feedsmith, not the site's code) after a conforming XML parser (saxes) found them well-formed. Every
 * page names the feed for autodiscovery; a publish updates it; a client's copy that is still current
 * gets a 304; a content service that never answered gets a 503, never an empty feed.
 */

const FEED_TYPE = "application/atom+xml; charset=utf-8";
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function readFeed(xml: string) {
  assertWellFormedXml(xml);
  const parsed = parseFeed(xml);
  if (parsed.format !== "atom") throw new Error(`The feed was read as ${parsed.format}, not Atom`);
  return parsed.feed;
}

const alternate = (links: { rel?: string; href?: string }[] | undefined) =>
  links?.find((link) => link.rel === "alternate")?.href;

/** An absolute address on the demo site's SITE_URL, as a path the test server answers. */
function onDemoSite(url: string | undefined): string {
  expect(url?.startsWith(`${DEMO_SITE.siteUrl}/`), url).toBe(true);
  return url!.slice(DEMO_SITE.siteUrl.length);
}

test("the blog's feed lists the latest posts, newest first, with absolute addresses and valid dates", async ({
  request,
}) => {
  const response = await request.get("/blog/feed.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe(FEED_TYPE);
  const feed = readFeed(await response.text());
  expect(feed.title?.value).toBe("Ozark Foundry blog");
  expect(feed.links?.find((link) => link.rel === "self")?.href).toBe(`${DEMO_SITE.siteUrl}/blog/feed.xml`);
  expect(alternate(feed.links)).toBe(`${DEMO_SITE.siteUrl}/blog`);

  const latest = demoPosts.slice(0, 10);
  const entries = feed.entries ?? [];
  expect(entries.map((entry) => entry.title?.value)).toEqual(latest.map((post) => post.title));
  expect(entries.map((entry) => entry.authors?.[0]?.name)).toEqual(latest.map((post) => post.author));
  expect(entries.map((entry) => entry.summary?.value)).toEqual(latest.map((post) => post.excerpt));
  expect(entries.map((entry) => entry.categories?.map((category) => category.term))).toEqual(
    latest.map((post) => post.tags),
  );
  for (const [index, entry] of entries.entries()) {
    const post = latest[index]!;
    expect(entry.published, post.slug).toMatch(RFC_3339);
    // The post's date, at the start of its day in the hub's zone.
    expect(entry.published?.slice(0, 10)).toBe(post.publishDate);
    expect(Number.isNaN(Date.parse(entry.published!))).toBe(false);
    expect(entry.updated).toMatch(RFC_3339);
    expect(entry.id).toMatch(/^urn:uuid:/);
    expect(onDemoSite(alternate(entry.links))).toBe(`/blog/${post.slug}`);
  }
  expect(feed.updated).toBe(entries[0]?.updated);
  expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);

  // Every address in it answers: the posts' pages and their pictures.
  const first = entries[0]!;
  const picture = first.links?.find((link) => link.rel === "enclosure");
  expect(picture?.type).toMatch(/^image\//);
  expect(first.media?.thumbnails?.[0]?.url).toBe(picture?.href);
  for (const path of [onDemoSite(alternate(first.links)), onDemoSite(picture?.href)]) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});

test("every page names the blog's feed for feed readers to find; a tag page names its own too", async ({
  page,
  allowConsoleErrors,
}) => {
  // The page that does not exist is loaded with its 404 status, which the browser reports.
  allowConsoleErrors(/the server responded with a status of 404/);
  const feedLink = 'head link[rel="alternate"][type="application/atom+xml"]';
  for (const route of [...siteRoutes, { path: "/no-such-page" }]) {
    await page.goto(route.path);
    await expect(page.locator(feedLink), route.path).toHaveAttribute("href", "/blog/feed.xml");
  }
  const tag = demoPosts[0]!.tags[0]!;
  await page.goto(`/blog/tag/${tag}`);
  await expect(page.locator(feedLink)).toHaveCount(2);
  const tagFeed = `/blog/tag/${tag}/feed.xml`;
  await expect(page.locator(`${feedLink}[href="/blog/feed.xml"]`)).toHaveCount(1);
  await expect(page.locator(`${feedLink}[href="${tagFeed}"]`)).toHaveAttribute(
    "title",
    `Ozark Foundry blog: Posts tagged “${tag}”`,
  );

  const response = await page.request.get(tagFeed);
  expect(response.headers()["content-type"]).toBe(FEED_TYPE);
  const feed = readFeed(await response.text());
  expect(alternate(feed.links)).toBe(`${DEMO_SITE.siteUrl}/blog/tag/${tag}`);
  expect(feed.entries?.map((entry) => entry.title?.value)).toEqual(
    demoPosts.filter((post) => post.tags.includes(tag)).map((post) => post.title),
  );
  // A tag without posts has no feed (and no page), and nobody keeps that answer.
  const none = await page.request.get("/blog/tag/no-such-tag/feed.xml");
  expect(none.status()).toBe(404);
  expect(none.headers()["cache-control"]).toBe("no-store");
});

test("a copy that is still current gets a 304 with its validators; a malformed If-None-Match gets the feed", async ({
  request,
}) => {
  for (const path of ["/blog/feed.xml", `/blog/tag/${demoPosts[0]!.tags[0]}/feed.xml`]) {
    const full = await request.get(path);
    const etag = full.headers().etag!;
    const lastModified = full.headers()["last-modified"]!;
    expect(etag, path).toMatch(/^W\/"[\w-]+"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    expect(full.headers()["cache-control"]).toBe("public, max-age=300");
    const body = await full.text();

    for (const headers of [
      { "If-None-Match": etag },
      { "If-None-Match": `"older", ${etag}` },
      { "If-Modified-Since": lastModified },
    ] as Record<string, string>[]) {
      const notModified = await request.get(path, { headers });
      expect(notModified.status(), `${path} ${JSON.stringify(headers)}`).toBe(304);
      expect(notModified.headers()).toMatchObject({
        etag,
        "last-modified": lastModified,
        "cache-control": "public, max-age=300",
      });
      expect(await notModified.body()).toHaveLength(0);
    }
    for (const malformed of ["not-a-tag", `"unterminated`, `${etag} junk`, "W/"]) {
      const answer = await request.get(path, {
        headers: { "If-None-Match": malformed, "If-Modified-Since": lastModified },
      });
      expect(answer.status(), malformed).toBe(200);
      expect(await answer.text()).toBe(body);
    }
    const changed = await request.get(path, { headers: { "If-None-Match": '"an-older-copy"' } });
    expect(changed.status()).toBe(200);
    expect(await changed.text()).toBe(body);
  }
});

const SECRET = "e2e-webhook-secret-feeds-31c9";

function publish(site: IsolatedSite, entryId: string) {
  return fetch(`${site.url}/webhooks/contentful`, {
    method: "POST",
    headers: {
      "Content-Type": "application/vnd.contentful.management.v1+json",
      "X-Contentful-Topic": "ContentManagement.Entry.publish",
      "X-Webhook-Secret": SECRET,
    },
    body: JSON.stringify({
      sys: { type: "Entry", id: entryId, contentType: { sys: { type: "Link", id: "blogPost" } } },
    }),
  });
}

test.describe("on a site whose content service the test controls", () => {
  test.use({ isolatedSiteEnv: { CONTENTFUL_WEBHOOK_SECRET: SECRET } });

  test("a publish updates the feed at the next request, as it updates the pages", async ({ isolatedSite }) => {
    const newest = demoPosts[0]!;
    const entryId = `blogPost-${newest.slug}`;
    const feedTitles = async () => {
      const response = await fetch(`${isolatedSite.url}/blog/feed.xml`);
      return {
        etag: response.headers.get("etag"),
        titles: readFeed(await response.text()).entries?.map((entry) => entry.title?.value),
      };
    };
    const before = await feedTitles();
    expect(before.titles?.[0]).toBe(newest.title);

    const entry = isolatedSite.content.entry(entryId)! as ExportEntry;
    const retitled = `${newest.title} (updated by an editor)`;
    isolatedSite.content.putEntry({ ...entry, fields: { ...entry.fields, title: { "en-US": retitled } } });
    // Kept: without the webhook the feed is the one the site rendered.
    expect(await feedTitles()).toEqual(before);

    expect((await publish(isolatedSite, entryId)).status).toBe(200);
    const after = await feedTitles();
    expect(after.titles).toEqual([retitled, ...before.titles!.slice(1)]);
    expect(after.etag).not.toBe(before.etag);
    // The page and the feed say the same.
    expect(await (await fetch(`${isolatedSite.url}/blog/${newest.slug}`)).text()).toContain(retitled);
  });

  test("a content service that never answered gets a 503 with Retry-After, never an empty feed; one that fails later leaves the feed whole", async ({
    isolatedSite,
  }) => {
    // The content SDK retries a 503 for about 19 s; the site waits 4 s for it each time.
    test.setTimeout(60_000);
    isolatedSite.content.faults.add({ status: 503, body: { message: "down" } });
    const unavailable = await fetch(`${isolatedSite.url}/blog/feed.xml`);
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get("retry-after")).toBe("120");
    expect(unavailable.headers.get("cache-control")).toBe("no-store");
    expect(await unavailable.text()).not.toContain("<feed");

    isolatedSite.content.faults.clear();
    // The site remembers the failure for a few seconds (negative caching); a publish forgets it.
    expect((await publish(isolatedSite, `blogPost-${demoPosts[0]!.slug}`)).status).toBe(200);
    const good = await fetch(`${isolatedSite.url}/blog/feed.xml`);
    expect(good.status).toBe(200);
    const goodTitles = readFeed(await good.text()).entries?.map((entry) => entry.title?.value);
    expect(goodTitles).toEqual(demoPosts.slice(0, 10).map((post) => post.title));

    isolatedSite.content.faults.add({ status: 503, body: { message: "down" } });
    expect((await publish(isolatedSite, `blogPost-${demoPosts[0]!.slug}`)).status).toBe(200);
    const duringOutage = await fetch(`${isolatedSite.url}/blog/feed.xml`);
    expect(duringOutage.status).toBe(200);
    expect(readFeed(await duringOutage.text()).entries?.map((entry) => entry.title?.value)).toEqual(goodTitles);
  });
});
