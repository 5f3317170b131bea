import { demoPosts } from "./support/dataset";
import { expect, test, waitForHydration } from "./support/fixtures";
import { DEMO_SITE } from "./support/servers";
import { jsonLdBlocks } from "./support/json-ld";

/** /blog/{slug}: the post, its video, related posts, metadata, error states (docs/pages.md). */

const withVideo = demoPosts.find((post) => post.hasVideo)!;
const withoutVideo = demoPosts.find((post) => !post.hasVideo && post.slug === "how-we-restored-the-foundry")!;

test("shows the featured image, author, date, title, tags and body", async ({ page }) => {
  await page.goto(`/blog/${withoutVideo.slug}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(withoutVideo.title);
  await expect(page.getByText(`By ${withoutVideo.author}`)).toBeVisible();
  await expect(page.locator("main time").first()).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  for (const tag of withoutVideo.tags) {
    await expect(page.getByRole("link", { name: tag, exact: true }).first()).toHaveAttribute(
      "href",
      `/blog/tag/${tag}`,
    );
  }
  await expect(page.locator('[data-hero-slug="blog-post"] img')).toHaveAttribute("src", /blog-how-we-restored/);
  const body = page.locator(".prose-hub");
  await expect(body.locator("p").first()).not.toBeEmpty();
  // The embedded image of the body is shown, sized through the Images API.
  await expect(body.locator("figure img")).toHaveAttribute("src", /\/_demo\/content\/.+blog-embedded-scaffolding/);
});

test("follows the site's link rules inside the body", async ({ page }) => {
  await page.goto(`/blog/${withVideo.slug}`);
  await waitForHydration(page);
  const links = page.locator(".prose-hub a");
  const count = await links.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const link = links.nth(index);
    const href = (await link.getAttribute("href")) ?? "";
    if (/^https?:/.test(href)) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    } else {
      expect(await link.getAttribute("target")).toBeNull();
    }
  }
});

test("the video loads nothing until the visitor presses play, then plays the demo's own clip", async ({ page }) => {
  const clipRequests: string[] = [];
  page.on("request", (request) => {
    if (/\.mp4(\?|$)/.test(request.url())) clipRequests.push(request.url());
  });
  await page.goto(`/blog/${withVideo.slug}`);
  await waitForHydration(page);
  await expect(page.locator("iframe, video")).toHaveCount(0);
  expect(clipRequests).toEqual([]);
  await page.getByRole("button", { name: `Play video: ${withVideo.title}` }).click();
  const video = page.locator("main video");
  await expect(video).toHaveAttribute("src", /^\/_demo\/content\/.+\.mp4$/);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState >= 2 && element.currentTime > 0), {
      timeout: 10_000,
    })
    .toBe(true);
  expect(clipRequests.length).toBeGreaterThan(0);
});

test("More Posts lists up to three other posts, never the current one", async ({ request }) => {
  // As a crawler gets the page: whole, the streamed sidebar included.
  for (let visit = 0; visit < 4; visit += 1) {
    const html = await (
      await request.get(`/blog/${withVideo.slug}`, { headers: { "User-Agent": "Googlebot/2.1" } })
    ).text();
    const sidebar = /<aside[^>]*>\s*<h2[^>]*>More Posts<\/h2>([\s\S]*?)<\/aside>/.exec(html)?.[1] ?? "";
    const hrefs = [...sidebar.matchAll(/<a[^>]*href="([^"]+)"/g)].map((match) => match[1]);
    expect(hrefs).toHaveLength(3);
    expect(hrefs).not.toContain(`/blog/${withVideo.slug}`);
    expect(new Set(hrefs).size).toBe(3);
  }
});

test("the server HTML carries the title, description, social image and BlogPosting data", async ({ request }) => {
  const html = await (await request.get(`/blog/${withVideo.slug}`)).text();
  const decoded = html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');
  expect(decoded).toContain(`<title>${withVideo.title} | Ozark Foundry</title>`);
  expect(decoded).toContain(`<meta name="description" content="${withVideo.excerpt}"/>`);
  expect(decoded).toMatch(new RegExp(`<meta property="og:image" content="${DEMO_SITE.siteUrl}/_demo/content/`));
  const data = jsonLdBlocks(html)[0] ?? {};
  expect(data["@type"]).toBe("BlogPosting");
  expect(data.headline).toBe(withVideo.title);
  expect(data.datePublished).toBe(withVideo.publishDate);
  expect(data.author).toEqual({ "@type": "Person", name: withVideo.author });
  expect(data.image[0]).toMatch(new RegExp(`^${DEMO_SITE.siteUrl}/_demo/content/`));
});

test("an unknown post answers 404 with 'Blog post not found.'", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 404/);
  const response = await page.goto("/blog/no-such-post");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog post not found.");
  await expect(page.getByRole("link", { name: "All posts" })).toHaveAttribute("href", "/blog");
});

test.describe("states driven through the content service", () => {
  test("a failing content service shows the error message", async ({ page, isolatedSite, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 503/);
    isolatedSite.content.faults.add({ pathIncludes: "fields.slug=", status: 400, body: { message: "no" } });
    const response = await page.goto(`${isolatedSite.url}/blog/${withVideo.slug}`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Error loading blog post. Please try again later.",
    );
  });

  test("an empty body, no excerpt and unknown embeds: the fallbacks, never a crash", async ({ page, isolatedSite }) => {
    const text = (value: string) => ({ nodeType: "text", value, marks: [], data: {} });
    const post = (content: unknown[], excerpt: string) => ({
      sys: { type: "Array" },
      total: 1,
      skip: 0,
      limit: 1,
      items: [
        {
          metadata: { tags: [] },
          sys: {
            id: "odd-post",
            type: "Entry",
            contentType: { sys: { type: "Link", linkType: "ContentType", id: "blogPost" } },
          },
          fields: {
            title: "An Odd Post",
            slug: "odd-post",
            publishDate: "2026-01-05",
            author: "Test Author",
            excerpt,
            tags: [],
            content: { nodeType: "document", data: {}, content },
          },
        },
      ],
    });
    const longText = "The quick brown fox jumps over the lazy dog. ".repeat(8);
    isolatedSite.content.faults.add({
      pathIncludes: "fields.slug=odd-post",
      status: 200,
      body: post(
        [
          {
            nodeType: "embedded-entry-block",
            data: { target: { sys: { id: "x", type: "Link", linkType: "Entry" } } },
            content: [],
          },
          { nodeType: "paragraph", data: {}, content: [text(longText)] },
          { nodeType: "mystery-block", data: {}, content: [text("?")] },
        ],
        "",
      ),
      times: 1,
    });
    const response = await page.goto(`${isolatedSite.url}/blog/odd-post`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("An Odd Post");
    await expect(page.locator(".prose-hub p").first()).toContainText("quick brown fox");
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length).toBeLessThanOrEqual(150);
    expect(longText.startsWith((description ?? "").replace(/…$/, ""))).toBe(true);

    isolatedSite.content.faults.add({
      pathIncludes: "fields.slug=empty-post",
      status: 200,
      body: JSON.parse(JSON.stringify(post([], "Nothing here yet.")).replaceAll("odd-post", "empty-post")),
    });
    await page.goto(`${isolatedSite.url}/blog/empty-post`);
    await expect(page.getByText("No content available.")).toBeVisible();
  });
});
