import { previewKeys, previewLink } from "../../server/preview.ts";
import { E2E_PREVIEW_TOKEN } from "./support/content-stand-in";
import { draftPosts } from "./support/dataset";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./support/fixtures";

/**
 * Editors' draft preview: a signed, expiring link sets the preview cookie; previewed pages read the
 * Preview API (the draft appears), carry noindex and `Cache-Control: private, no-store`, and show the
 * preview bar, whose exit link returns to the published site.
 */

// An http site address, so the preview cookie is not marked Secure for this http test server.
test.use({ isolatedSiteEnv: { CONTENTFUL_PREVIEW_TOKEN: E2E_PREVIEW_TOKEN, SITE_URL: "http://hub.example.org" } });

const draft = draftPosts[0]!;
const keys = previewKeys(E2E_PREVIEW_TOKEN);
const inAnHour = () => new Date(Date.now() + 3_600_000);

test("a preview link shows a draft, private and unindexed, until the editor exits", async ({
  page,
  isolatedSite,
  allowConsoleErrors,
}) => {
  // The draft's address is a 404 page outside the preview, which the browser reports.
  allowConsoleErrors(/status of 404/);
  const before = await page.goto(`${isolatedSite.url}/blog/${draft.slug}`);
  expect(before?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog post not found.");

  const link = previewLink(isolatedSite.url, keys, `/blog/${draft.slug}`, inAnHour());
  const previewed = await page.goto(link);
  expect(new URL(page.url()).pathname).toBe(`/blog/${draft.slug}`);
  expect(previewed?.status()).toBe(200);
  const headers = previewed!.headers();
  expect(headers["cache-control"]).toBe("private, no-store");
  expect(headers["x-robots-tag"]).toBe("noindex");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(draft.title);
  await expect(page.locator('meta[name="robots"][content="noindex"]').first()).toBeAttached();
  const bar = page.getByRole("region", { name: "Preview mode" });
  await expect(bar).toContainText("Preview: draft content");

  // The blog list in the preview includes the draft, through a private data request too (a client-side
  // navigation: once the scripts, loaded after the first paint, have hydrated the page).
  await waitForHydration(page);
  const data = page.waitForResponse((response) => new URL(response.url()).pathname === "/blog.data");
  await page.getByRole("link", { name: "All posts" }).first().click();
  expect((await data).headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("link", { name: draft.title }).first()).toBeVisible();

  await bar.getByRole("link", { name: "Exit preview" }).click();
  await expect(page).toHaveURL(`${isolatedSite.url}/blog`);
  await expect(page.getByRole("region", { name: "Preview mode" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: draft.title })).toHaveCount(0);
  expect((await page.request.get(`${isolatedSite.url}/blog/${draft.slug}`)).status()).toBe(404);
});

test("the page cache never answers a preview, and never keeps one for visitors", async ({ request, isolatedSite }) => {
  /** Asks for the page until it is sent from the server's page cache (the first render may stream). */
  const keptPage = async (path: string) => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const response = await fetch(`${isolatedSite.url}${path}`);
      const html = await response.text();
      if (response.headers.get("x-page-cache") === "hit") return html;
    }
    throw new Error(`${path} was not answered from the page cache`);
  };
  expect(await keptPage("/blog")).not.toContain(draft.title);

  // The preview cookie, in this request context only.
  const opened = await request.get(previewLink(isolatedSite.url, keys, "/blog", inAnHour()));
  expect(opened.status()).toBe(200);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const previewed = await request.get(`${isolatedSite.url}/blog`);
    expect(previewed.headers()["x-page-cache"]).toBeUndefined();
    expect(previewed.headers()["cache-control"]).toBe("private, no-store");
    expect(await previewed.text()).toContain(draft.title);
  }

  // Visitors still get the published list, from memory.
  expect(await keptPage("/blog")).not.toContain(draft.title);
});

test("the preview bar is accessible at 375 and 1280 px", async ({ page, isolatedSite }) => {
  await page.goto(previewLink(isolatedSite.url, keys, `/blog/${draft.slug}`, inAnHour()));
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByText("Preview: draft content")).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test("an expired, forged or foreign link is refused and sets no cookie", async ({ request, isolatedSite }) => {
  const path = `/blog/${draft.slug}`;
  const links = [
    previewLink(isolatedSite.url, keys, path, new Date(Date.now() - 1_000)),
    previewLink(isolatedSite.url, previewKeys("not-the-preview-token"), path, inAnHour()),
    // A link made for another page does not open this one.
    previewLink(isolatedSite.url, keys, "/blog/other", inAnHour()).replace("%2Fblog%2Fother", encodeURIComponent(path)),
  ];
  for (const link of links) {
    const response = await request.get(link, { maxRedirects: 0 });
    expect(response.status(), link).toBe(401);
    expect(response.headers()["set-cookie"]).toBeUndefined();
    expect(await response.text()).toContain("This preview link is not valid or has expired.");
  }
  const offSite = await request.get(
    previewLink(isolatedSite.url, keys, "/", inAnHour()).replace("path=%2F", "path=%2F%2Fevil.example"),
    { maxRedirects: 0 },
  );
  expect(offSite.status()).toBe(400);
});

test.describe("without a preview token", () => {
  test.use({ isolatedSiteEnv: {} });

  test("/preview says previews are off", async ({ request, isolatedSite }) => {
    const response = await request.get(`${isolatedSite.url}/preview?secret=x&path=/`, { maxRedirects: 0 });
    expect(response.status()).toBe(404);
    expect(await response.text()).toBe("Previews are not enabled on this site.");
  });
});
