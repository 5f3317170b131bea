import { demoPosts } from "./support/dataset";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./support/fixtures";

/** /blog and /blog/tag/{tag}: the posts from the content service, 6 at a time (docs/pages.md). */

const longDate =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/;

test.describe("the blog list", () => {
  test("shows the six newest posts as cards with image, author, date, title, excerpt and tags; Load More adds the rest; a tag lists its posts", async ({
    page,
    request,
  }) => {
    await page.goto("/blog");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(6);
    const titles = await cards.getByRole("heading").allTextContents();
    expect(titles).toEqual(demoPosts.slice(0, 6).map((post) => post.title));
    const first = cards.first();
    const newest = demoPosts[0]!;
    await expect(first.getByRole("link", { name: newest.title })).toHaveAttribute("href", `/blog/${newest.slug}`);
    await expect(first.locator("img")).toHaveAttribute("src", /\/_demo\/content\/.+fm=webp/);
    await expect(first.locator("img")).toHaveAttribute("width", /\d+/);
    await expect(first.getByText(newest.excerpt)).toBeVisible();
    await expect(first.getByText(newest.author.charAt(0), { exact: true })).toBeVisible();
    await expect(first.locator("time")).toHaveText(longDate);
    for (const tag of newest.tags) {
      await expect(first.getByRole("link", { name: tag, exact: true })).toHaveAttribute("href", `/blog/tag/${tag}`);
    }

    // Load More adds the next posts in place, page by page, and then disappears. (More than one page
    // of posts, so it has something to add.)
    expect(demoPosts.length).toBeGreaterThan(6);
    const loadMore = page.getByRole("link", { name: "Load More" });
    for (let pageNumber = 2; (pageNumber - 1) * 6 < demoPosts.length; pageNumber += 1) {
      const shown = (pageNumber - 1) * 6;
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const scrolled = await page.evaluate(() => window.scrollY);
      await loadMore.click();
      await expect(cards).toHaveCount(Math.min(shown + 6, demoPosts.length));
      await expect(page).toHaveURL(new RegExp(`/blog\\?page=${pageNumber}$`));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled / 2);
      // Keyboard focus moves to the first new post.
      await expect(cards.nth(shown).getByRole("link", { name: demoPosts[shown]!.title })).toBeFocused();
    }
    // Every post is shown: Load More is gone.
    await expect(loadMore).toHaveCount(0);
    // The longer list has no accessibility violations either (routes.spec.ts checks the first page).
    await expectNoAxeViolations(page);

    // A tag lists only its posts, newest first, and an unknown tag is not found.
    const tag = newest.tags[0]!;
    await page.getByRole("article").first().getByRole("link", { name: tag, exact: true }).click();
    await expect(page).toHaveURL(`/blog/tag/${tag}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Posts tagged “${tag}”`);
    const expected = demoPosts.filter((post) => post.tags.includes(tag)).slice(0, 6);
    await expect(page.getByRole("article").getByRole("heading")).toHaveText(expected.map((post) => post.title));
    const missing = await request.get("/blog/tag/no-such-tag");
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain("No posts are tagged “no-such-tag” yet.");
  });

  test("Load More shows the next posts the moment it is pressed, and the longer list's address follows", async ({
    page,
  }) => {
    // The demo has two pages of posts: the second is the last.
    expect(demoPosts.length).toBeGreaterThan(6);
    expect(demoPosts.length).toBeLessThanOrEqual(12);
    await page.goto("/blog");
    await waitForHydration(page);
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(6);
    // The longer list's answer is held: what shows meanwhile came with the page.
    const answer = Promise.withResolvers<void>();
    await page.route(
      (url) => url.pathname === "/blog.data" && url.searchParams.get("page") === "2",
      async (route) => {
        await answer.promise;
        await route.continue();
      },
    );
    const loadMore = page.getByRole("link", { name: "Load More" });
    await loadMore.click();
    await expect(cards.getByRole("heading")).toHaveText(demoPosts.map((post) => post.title));
    await expect(cards.nth(6).getByRole("link", { name: demoPosts[6]!.title })).toBeFocused();
    await expect(loadMore).toHaveCount(0);
    await expect(page).toHaveURL(/\/blog$/);
    answer.resolve();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    // The answer holds the same posts: nothing moves.
    await expect(cards.getByRole("heading")).toHaveText(demoPosts.map((post) => post.title));
    await expect(cards.nth(6).getByRole("link", { name: demoPosts[6]!.title })).toBeFocused();
    // Back on the first page, it shows its six again.
    await page.goBack();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(cards).toHaveCount(6);
    await expect(loadMore).toHaveAttribute("href", "/blog?page=2");
  });

  test("a page number spelled otherwise, or past the last page, is sent to the page it shows", async ({ request }) => {
    const location = async (target: string) => {
      const response = await request.get(target, { maxRedirects: 0 });
      return [response.status(), response.headers().location, response.headers()["cache-control"]];
    };
    const lastPage = Math.ceil(demoPosts.length / 6);
    expect(lastPage).toBeGreaterThan(1);
    expect(await location("/blog?page=02")).toEqual([301, "/blog?page=2", "public, max-age=3600"]);
    expect(await location("/blog?page=1")).toEqual([301, "/blog", "public, max-age=3600"]);
    expect(await location("/blog?page=abc&utm_source=mail")).toEqual([
      301,
      "/blog?utm_source=mail",
      "public, max-age=3600",
    ]);
    // Past the last page: the list may grow, so for a minute.
    expect(await location(`/blog?page=${lastPage + 1}`)).toEqual([302, `/blog?page=${lastPage}`, "public, max-age=60"]);
    // A tag's list likewise; a tag without posts is not found at any page.
    const tag = demoPosts[0]!.tags[0]!;
    const tagPages = Math.max(1, Math.ceil(demoPosts.filter((post) => post.tags.includes(tag)).length / 6));
    const pastTag = tagPages + 1;
    expect((await location(`/blog/tag/${tag}?page=${pastTag}`)).slice(0, 2)).toEqual([
      302,
      `/blog/tag/${tag}${tagPages > 1 ? `?page=${tagPages}` : ""}`,
    ]);
    expect((await request.get("/blog/tag/no-such-tag?page=3", { maxRedirects: 0 })).status()).toBe(404);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Load More is a link to the longer list", async ({ page }) => {
      await page.goto("/blog");
      await expect(page.getByRole("article")).toHaveCount(6);
      await page.getByRole("link", { name: "Load More" }).click();
      await expect(page).toHaveURL(/\/blog\?page=2$/);
      await expect(page.getByRole("article")).toHaveCount(Math.min(12, demoPosts.length));
    });
  });
});

test.describe("the blog list's states", () => {
  test("shows a skeleton while the posts load, then the posts", async ({ page, isolatedSite }) => {
    const postsLoad = Promise.withResolvers<void>();
    isolatedSite.content.faults.add({ pathIncludes: "content_type=blogPost", until: postsLoad.promise });
    await page.goto(`${isolatedSite.url}/blog`, { waitUntil: "commit" });
    await expect(page.locator('[aria-busy="true"][aria-label="Loading posts"]')).toBeVisible();
    postsLoad.resolve();
    await expect(page.getByRole("article")).toHaveCount(6, { timeout: 10_000 });
    await expect(page.locator('[aria-label="Loading posts"]')).toHaveCount(0);
  });

  test("says so when there are no posts", async ({ page, isolatedSite }) => {
    isolatedSite.content.faults.add({
      pathIncludes: "content_type=blogPost",
      status: 200,
      body: { sys: { type: "Array" }, total: 0, skip: 0, limit: 6, items: [] },
    });
    await page.goto(`${isolatedSite.url}/blog`);
    await expect(page.getByText("New blog posts coming soon!")).toBeVisible();
    await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(0);
  });

  test("says so when the posts cannot be loaded", async ({ page, isolatedSite }) => {
    isolatedSite.content.faults.add({ pathIncludes: "content_type=blogPost", status: 400, body: { message: "no" } });
    await page.goto(`${isolatedSite.url}/blog`);
    await expect(page.getByRole("alert")).toHaveText("Error loading blog posts. Please try again later.");
  });

  test("keeps showing the posts it loaded when the content service fails later", async ({ page, isolatedSite }) => {
    await page.goto(`${isolatedSite.url}/blog`);
    await expect(page.getByRole("article")).toHaveCount(6);
    isolatedSite.content.faults.add({ pathIncludes: "/spaces/", status: 500, body: { message: "down" } });
    await page.reload();
    await expect(page.getByRole("article")).toHaveCount(6);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
  });
});
