import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type ContentfulStandIn, isPublished, loadDataset, startContentfulStandIn } from "../../../demo/contentful.ts";
import type { ContentfulExport } from "../../../demo/contentful-export.ts";
import { createCache } from "../cache.server";
import {
  assetUrlResolver,
  type ContentConfig,
  type ContentService,
  contentKeysAffectedBy,
  contentValueSchema,
  createContentCaches,
  createContentClient,
  createContentService,
  GALLERY_PAGE_SIZE,
  partnerSinceYear,
} from "./index.ts";

const root = path.resolve(import.meta.dirname, "../../..");
let standIn: ContentfulStandIn;
let dataset: ContentfulExport;
let log: { warn: ReturnType<typeof vi.fn<Console["warn"]>>; error: ReturnType<typeof vi.fn<Console["error"]>> };

/** The published entries of a type: what the Delivery API serves. */
function entriesOf(contentType: string) {
  return dataset.entries.filter((entry) => entry.sys.contentType.sys.id === contentType && isPublished(entry));
}

function field<T>(entry: { fields: Record<string, Record<string, unknown>> }, name: string): T {
  return entry.fields[name]?.["en-US"] as T;
}

function testCache(waitMs = 5_000) {
  return createCache({
    freshMs: 60_000,
    staleIfErrorMs: 86_400_000,
    waitMs,
    maxEntries: 100,
    retryAfterFailureMs: 1_000,
  });
}

const PREVIEW_TOKEN = "service-test-preview-token";

function contentConfig(): ContentConfig {
  return {
    spaceId: standIn.spaceId,
    accessToken: standIn.accessToken,
    environment: "master",
    host: standIn.host,
    insecure: true,
    contentSiteId: "cchub",
    publicAssetPath: null,
    preview: { accessToken: PREVIEW_TOKEN, host: standIn.host },
  };
}

function service(
  overrides: { contentSiteId?: string; waitMs?: number; api?: "delivery" | "preview" } = {},
): ContentService {
  const client = createContentClient(contentConfig(), overrides.api);
  return createContentService({
    client,
    contentSiteId: overrides.contentSiteId ?? "cchub",
    assetUrl: assetUrlResolver({ insecure: true, publicAssetPath: null }),
    cache: testCache(overrides.waitMs),
    lookupCache: testCache(overrides.waitMs),
    log,
  });
}

beforeAll(async () => {
  dataset = await loadDataset(path.join(root, "demo/data/space.json"));
  standIn = await startContentfulStandIn({
    dataset,
    assetsDir: path.join(root, "demo/assets"),
    spaceId: "servicetest",
    accessToken: "service-test-token",
    previewToken: PREVIEW_TOKEN,
  });
});

afterAll(async () => {
  await standIn.close();
});

beforeEach(() => {
  standIn.faults.clear();
  log = { warn: vi.fn<Console["warn"]>(), error: vi.fn<Console["error"]>() };
});

describe("content service against the Contentful stand-in", () => {
  it("requires a content type for entries queries", async () => {
    await expect(service().getEntries({ "fields.slug": "x" })).rejects.toThrow(
      "Content type is required for Contentful queries",
    );
  });

  it("loads a page hero's background as an absolute image URL", async () => {
    const hero = await service().getPageHero("coworking");
    expect(hero.status).toBe("ok");
    expect(hero.site).toBe("cchub");
    expect(hero.backgroundUrl).toMatch(new RegExp(`^http://${standIn.host}/.+/hero-coworking`));
    expect(hero.background?.width).toBe(1920);
    const image = await fetch(`${hero.backgroundUrl}?fm=webp&w=640&q=70`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
  });

  it("asks for the hub's own site and the slug, one entry", async () => {
    await service({ contentSiteId: "cchub" }).getPageHero("events");
    const heroRequest = standIn.faults.requests.find((request) => request.url.includes("content_type=PageHero"));
    const query = new URL(heroRequest?.url ?? "", "http://x").searchParams;
    expect(query.get("fields.slug")).toBe("events");
    expect(query.get("fields.site")).toBe("cchub");
    expect(query.get("limit")).toBe("1");
  });

  it("returns an empty background for a page without a hero, and for another site", async () => {
    expect((await service().getPageHero("no-such-page")).backgroundUrl).toBe("");
    expect((await service({ contentSiteId: "elsewhere" }).getPageHero("home")).backgroundUrl).toBe("");
  });

  it("logs and reports a hero that cannot be loaded, without throwing", async () => {
    standIn.faults.add({ pathIncludes: "PageHero", status: 404, body: { sys: { type: "Error", id: "NotFound" } } });
    const hero = await service().getPageHero("tour");
    expect(hero.backgroundUrl).toBe("");
    expect(hero.status).toBe("error");
    expect(log.error).toHaveBeenCalledWith("Error loading page hero:", expect.any(Error));
  });

  it("lists blog posts newest first, six by default, with resolved images and rich text", async () => {
    const posts = await service().getBlogPosts();
    const expected = entriesOf("blogPost")
      .map((entry) => field<string>(entry, "publishDate"))
      .sort()
      .reverse()
      .slice(0, 6);
    expect(posts.map((post) => post.publishDate)).toEqual(expected);
    for (const post of posts) {
      expect(post.featuredImage?.url).toMatch(/^http:\/\//);
      expect(post.content?.nodeType).toBe("document");
    }
  });

  it("filters blog posts by tag and by featured, and pages with skip", async () => {
    const content = service();
    const tagged = await content.getBlogPosts({ tag: "podcasting", limit: 20 });
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.every((post) => post.tags.includes("podcasting"))).toBe(true);
    const featured = await content.getBlogPosts({ featured: true, limit: 20 });
    const featuredCount = entriesOf("blogPost").filter((entry) => field<boolean>(entry, "featured")).length;
    expect(featured).toHaveLength(featuredCount);
    const [first, second] = [
      await content.getBlogPosts({ limit: 2 }),
      await content.getBlogPosts({ limit: 2, skip: 2 }),
    ];
    expect(second[0]?.id).not.toBe(first[0]?.id);
    expect(second[0]!.publishDate <= first[1]!.publishDate).toBe(true);
  });

  it("finds a post by slug, with the embedded image made absolute", async () => {
    const post = await service().getBlogPostBySlug("how-we-restored-the-foundry");
    expect(post?.title).toBeTruthy();
    const embedded = JSON.stringify(post?.content);
    expect(embedded).toContain("embedded-asset-block");
    expect(embedded).toMatch(new RegExp(`"url":"http://${standIn.host}/[^"]+blog-embedded`));
    expect(await service().getBlogPostBySlug("no-such-post")).toBeNull();
  });

  it("reads the video URL of a post; a file on the content service's hosts becomes an asset address", async () => {
    const post = await service().getBlogPostBySlug("launching-the-podcast-studio");
    expect(post?.videoUrl).toMatch(/^http:\/\/videos\.ctfassets\.net\/demohub\/.+\/video-post-podcast-studio\.mp4$/);
    const story = (await service().getSuccessStories("event-spaces", 10)).find((found) => found.videoUrl);
    expect(story?.videoUrl).toMatch(/^http:\/\/videos\.ctfassets\.net\/.+\.mp4$/);
  });

  it("gives each site video's key the address of its uploaded file, which the service serves", async () => {
    const videos = await service().getSiteVideos();
    expect(Object.keys(videos).sort()).toEqual(
      entriesOf("siteVideo")
        .map((entry) => field<string>(entry, "key"))
        .sort(),
    );
    const floor = videos["coworking-floor"] ?? "";
    expect(floor).toMatch(new RegExp(`^http://${standIn.host}/.+/video-tour-coworking-floor\\.mp4$`));
    const response = await fetch(floor);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/mp4");
  });

  it("gives a site video without a file its pasted address, and one with neither null", async () => {
    const entry = (key: string, fields: Record<string, string>) => ({
      sys: { id: key, type: "Entry", contentType: { sys: { type: "Link", linkType: "ContentType", id: "siteVideo" } } },
      fields: { key, ...fields },
    });
    standIn.faults.add({
      pathIncludes: "content_type=siteVideo",
      status: 200,
      body: {
        sys: { type: "Array" },
        total: 3,
        skip: 0,
        limit: 100,
        items: [
          entry("vimeo", { videoUrl: " https://vimeo.com/76979871 " }),
          entry("uploaded", { videoUrl: "//videos.ctfassets.net/space/id/token/clip.mp4" }),
          entry("none", { title: "Coming soon" }),
        ],
      },
    });
    expect(await service().getSiteVideos()).toEqual({
      vimeo: "https://vimeo.com/76979871",
      uploaded: "http://videos.ctfassets.net/space/id/token/clip.mp4",
      none: null,
    });
  });

  it("lists the latest ten posts", async () => {
    expect(await service().getLatestBlogPosts()).toHaveLength(Math.min(10, entriesOf("blogPost").length));
  });

  it("lists at most two success stories for a page, newest first", async () => {
    const stories = await service().getSuccessStories("event-spaces");
    expect(stories.length).toBeGreaterThan(0);
    expect(stories.length).toBeLessThanOrEqual(2);
    expect(stories.every((story) => story.pageSlugs.includes("event-spaces"))).toBe(true);
    expect(stories[0]?.image?.url).toMatch(/^http:\/\//);
  });

  it("gives partner websites typed without a scheme, or with an upper-case one, a web address", async () => {
    const partner = (id: string, website: string) => ({
      sys: { id, type: "Entry", contentType: { sys: { type: "Link", linkType: "ContentType", id: "partners" } } },
      fields: { name: id, website },
    });
    standIn.faults.add({
      pathIncludes: "content_type=partners",
      status: 200,
      body: {
        sys: { type: "Array" },
        total: 3,
        skip: 0,
        limit: 100,
        items: [
          partner("bare", "riverbend.example"),
          partner("caps", "HTTPS://Caps.example"),
          partner("js", "javascript:x"),
        ],
      },
    });
    expect((await service().getPartners()).map((found) => [found.name, found.website])).toEqual([
      ["bare", "https://riverbend.example"],
      ["caps", "https://Caps.example"],
      ["js", null],
    ]);
  });

  it("reads a page's legal text, and none from an entry without a body", async () => {
    const terms = await service().getLegalText("terms");
    expect(terms?.dateLine).toMatch(/^Effective /);
    expect(terms?.sections.length).toBeGreaterThan(3);
    standIn.faults.add({
      pathIncludes: "content_type=legalText",
      status: 200,
      body: {
        sys: { type: "Array" },
        total: 1,
        skip: 0,
        limit: 1,
        items: [
          {
            sys: {
              id: "empty",
              type: "Entry",
              contentType: { sys: { type: "Link", linkType: "ContentType", id: "legalText" } },
            },
            fields: { slug: "privacy", dateLine: "Last updated soon" },
          },
        ],
      },
    });
    expect(await service().getLegalText("privacy")).toBeNull();
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining("privacy legal text has no body"), { id: "empty" });
  });

  it("lists partners by order, with the year they joined", async () => {
    const partners = await service().getPartners();
    expect(partners).toHaveLength(entriesOf("partners").length);
    const orders = partners.map((partner) => partner.order ?? 0);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(partners.every((partner) => partner.partnerSince !== null && partner.partnerSince > 1900)).toBe(true);
  });

  it("lists gallery images newest first, as many as asked, and says whether more remain", async () => {
    const content = service();
    const total = entriesOf("galleryImage").length;
    const first = await content.getGalleryImages({ count: GALLERY_PAGE_SIZE });
    expect(first.items).toHaveLength(GALLERY_PAGE_SIZE);
    expect(first.hasMore).toBe(total > GALLERY_PAGE_SIZE);
    const everything = await content.getGalleryImages({ count: total });
    expect(everything.items).toHaveLength(total);
    expect(everything.hasMore).toBe(false);
    expect(everything.items.slice(0, GALLERY_PAGE_SIZE)).toEqual(first.items);
    const exterior = await content.getGalleryImages({ count: GALLERY_PAGE_SIZE, tags: ["ext", "construction"] });
    expect(exterior.items.length).toBeGreaterThan(0);
    expect(exterior.items.every((image) => image.tags.some((tag) => tag === "ext" || tag === "construction"))).toBe(
      true,
    );
  });

  it("never offers more gallery images when only malformed entries remain", async () => {
    const content = service();
    const total = entriesOf("galleryImage").length;
    const firstPage = await content.getGalleryImages({ count: GALLERY_PAGE_SIZE });
    const broken = (index: number) => ({
      sys: { id: `broken-${index}`, type: "Entry", createdAt: "2020-01-01T00:00:00Z" },
      fields: { title: "No image" },
    });
    // Every page after the first holds only entries without an image.
    standIn.faults.add({
      pathIncludes: `skip=${GALLERY_PAGE_SIZE}`,
      status: 200,
      body: {
        sys: { type: "Array" },
        total,
        skip: GALLERY_PAGE_SIZE,
        limit: GALLERY_PAGE_SIZE,
        items: [0, 1, 2].map(broken),
      },
    });
    const fresh = service();
    const listed = await fresh.getGalleryImages({ count: GALLERY_PAGE_SIZE });
    expect(listed.items.map((image) => image.id)).toEqual(firstPage.items.map((image) => image.id));
    expect(listed.hasMore).toBe(false);
  });

  it("lists blog posts newest first for the blog, by tag too", async () => {
    const content = service();
    const posts = entriesOf("blogPost");
    const list = await content.getBlogPostList({ count: 6 });
    expect(list.items).toHaveLength(Math.min(6, posts.length));
    expect(list.hasMore).toBe(posts.length > 6);
    const dates = list.items.map((post) => post.publishDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const tag = list.items[0]?.tags[0] ?? "";
    const tagged = await content.getBlogPostList({ count: 100, tag });
    expect(tagged.items.length).toBeGreaterThan(0);
    expect(tagged.items.every((post) => post.tags.includes(tag))).toBe(true);
    expect(tagged.hasMore).toBe(false);
  });

  it("indexes every post's address, date and tags for the sitemap", async () => {
    const index = await service().getBlogPostIndex();
    expect(index).toHaveLength(entriesOf("blogPost").length);
    expect(index.every((post) => post.slug && post.publishDate && Array.isArray(post.tags))).toBe(true);
  });

  it("fetches an asset by id", async () => {
    const asset = await service().getAsset("benefit-coworking-1");
    expect(asset?.url).toMatch(/benefit-coworking-1/);
    expect(asset?.description).toBeTruthy();
  });

  it("answers null for an asset the space does not have, and remembers that", async () => {
    const content = service();
    expect(await content.getAsset("only-in-another-space")).toBeNull();
    expect(await content.getAsset("only-in-another-space")).toBeNull();
    expect(standIn.faults.requests.filter((request) => request.url.includes("only-in-another-space"))).toHaveLength(1);
  });

  it("gives the site's images by key, from siteImage entries of its own site", async () => {
    const images = await service().getSiteImages();
    expect(Object.keys(images).sort()).toEqual(
      entriesOf("siteImage")
        .map((entry) => field<string>(entry, "key"))
        .sort(),
    );
    expect(images["home-think-lounge"]?.url).toMatch(/benefit-event-spaces-2/);
    expect(await service({ contentSiteId: "another-hub" }).getSiteImages()).toEqual({});
  });

  it("has no site images in a space without the siteImage content type", async () => {
    standIn.faults.add({
      pathIncludes: "content_type=siteImage",
      status: 400,
      body: {
        sys: { type: "Error", id: "InvalidQuery" },
        message: "The query you sent was invalid.",
        details: { errors: [{ name: "unknownContentType", value: "siteImage" }] },
      },
    });
    expect(await service().getSiteImages()).toEqual({});
    expect(log.warn).not.toHaveBeenCalled();
  });

  it("skips a malformed entry and keeps the rest", async () => {
    standIn.faults.add({
      pathIncludes: "content_type=partners",
      status: 200,
      body: {
        sys: { type: "Array" },
        total: 2,
        skip: 0,
        limit: 100,
        items: [
          { sys: { id: "broken", type: "Entry" }, fields: { name: 42 } },
          {
            sys: { id: "fine", type: "Entry" },
            fields: { name: "Fine Partner", type: "community", partnerSince: 2021 },
          },
        ],
      },
    });
    const partners = await service().getPartners();
    expect(partners.map((partner) => partner.id)).toEqual(["fine"]);
    expect(log.warn).toHaveBeenCalledWith(
      "Skipping a malformed partners entry",
      expect.objectContaining({ id: "broken" }),
    );
  });

  it("rejects a response of the wrong shape with a clear error", async () => {
    standIn.faults.add({ pathIncludes: "content_type=galleryImage", status: 200, body: { unexpected: true } });
    await expect(service().getGalleryImages({ count: 12 })).rejects.toThrow();
  });
});

describe("assetUrlResolver", () => {
  const fileUrl = "//127.0.0.1:40123/demohub/hero-home/abc/hero-home.webp";

  it("links to the content service's asset host with the configured protocol", () => {
    expect(assetUrlResolver({ insecure: false, publicAssetPath: null })(fileUrl)).toBe(`https:${fileUrl}`);
    expect(assetUrlResolver({ insecure: true, publicAssetPath: null })(fileUrl)).toBe(`http:${fileUrl}`);
  });

  it("serves the files through the site itself when it has a public asset path", () => {
    const resolve = assetUrlResolver({ insecure: true, publicAssetPath: "/_demo/content" });
    expect(resolve(fileUrl)).toBe("/_demo/content/demohub/hero-home/abc/hero-home.webp");
    expect(resolve(`http:${fileUrl}`)).toBe("/_demo/content/demohub/hero-home/abc/hero-home.webp");
  });
});

describe("partnerSinceYear", () => {
  it("reads a year from a number or a date string", () => {
    expect(partnerSinceYear(2019)).toBe(2019);
    expect(partnerSinceYear("2024-01-15")).toBe(2024);
    expect(partnerSinceYear("2023")).toBe(2023);
    expect(partnerSinceYear("soon")).toBeNull();
    expect(partnerSinceYear(undefined)).toBeNull();
  });
});

describe("previews", () => {
  it("read drafts through the Preview API, which the Delivery API leaves out", async () => {
    const [draft] = dataset.entries.filter(
      (entry) => entry.sys.contentType.sys.id === "blogPost" && !isPublished(entry),
    );
    const slug = field<string>(draft!, "slug");
    expect(await service().getBlogPostBySlug(slug)).toBeNull();
    const previewed = await service({ api: "preview" }).getBlogPostBySlug(slug);
    expect(previewed?.title).toBe(field(draft!, "title"));
  });

  it("need a preview token", () => {
    expect(() => createContentClient({ ...contentConfig(), preview: null }, "preview")).toThrow(
      "CONTENTFUL_PREVIEW_TOKEN",
    );
  });
});

describe("the snapshot of the content service's answers", () => {
  it("holds live answers of every kind, each fitting its schema, so all of them are restored", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "content-snapshot-"));
    const file = path.join(dir, "content-cache.json");
    const snapshotLog = { info: vi.fn(), warn: vi.fn() };
    const caches = () =>
      createContentCaches({
        timings: { freshMs: 60_000, staleIfErrorMs: 86_400_000, waitMs: 5_000, retryAfterFailureMs: 1_000 },
        snapshot: { file, source: "service-test" },
        keysAffectedBy: contentKeysAffectedBy,
        valueSchema: contentValueSchema,
        log: snapshotLog,
      });
    try {
      const first = caches();
      const content = createContentService({
        client: createContentClient(contentConfig()),
        contentSiteId: "cchub",
        assetUrl: assetUrlResolver({ insecure: true, publicAssetPath: null }),
        cache: first.cache,
        lookupCache: first.lookupCache,
        log,
      });
      const [post] = entriesOf("blogPost");
      await Promise.all([
        content.getPageHero("home"),
        content.getPageHero("no-such-page"),
        content.getAsset("benefit-coworking-1"),
        content.getAsset("only-in-another-space"),
        content.getSiteImages(),
        content.getSiteVideos(),
        content.getLegalText("privacy"),
        content.getLegalText("no-such-text"),
        content.getBlogPostIndex(),
        content.getLatestBlogPosts(),
        content.getBlogPosts({ featured: true }),
        content.getBlogPostList({ count: 6 }),
        content.getBlogPostBySlug(field<string>(post!, "slug")),
        content.getBlogPostBySlug("no-such-post"),
        content.getSuccessStories("home"),
        content.getPartners(),
        content.getGalleryImages({ count: 12 }),
      ]);
      first.saveSnapshot();
      const saved = JSON.parse(readFileSync(file, "utf8")) as { site: unknown[]; lookups: unknown[] };
      const held = saved.site.length + saved.lookups.length;
      expect(held).toBe(first.cache.size + first.lookupCache.size);
      expect(held).toBeGreaterThanOrEqual(17);

      const second = caches();
      expect(snapshotLog.warn).not.toHaveBeenCalled();
      expect(second.state().snapshot.restored).toBe(held);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("what a published change affects", () => {
  const keys = [
    "content:hero:home",
    "content:posts:latest",
    "content:posts:index",
    "content:post:opening-day",
    'content:post-list:{"skip":0}',
    "content:stories:home:2",
    "content:partners",
    'content:gallery:{"skip":0}',
    "content:site-images",
    "content:asset:logo",
  ];
  const affected = (contentType: string) => {
    const matches = contentKeysAffectedBy(contentType);
    return matches === "all" ? "all" : keys.filter(matches);
  };

  it("is the cached answers of that content type only", () => {
    expect(affected("blogPost")).toEqual([
      "content:posts:latest",
      "content:posts:index",
      "content:post:opening-day",
      'content:post-list:{"skip":0}',
    ]);
    expect(affected("PageHero")).toEqual(["content:hero:home"]);
    expect(affected("successStory")).toEqual(["content:stories:home:2"]);
    expect(affected("partners")).toEqual(["content:partners"]);
    expect(affected("galleryImage")).toEqual(['content:gallery:{"skip":0}']);
    expect(affected("siteImage")).toEqual(["content:site-images"]);
  });

  it("is everything for a content type the site does not know", () => {
    expect(affected("somethingNew")).toBe("all");
  });
});
