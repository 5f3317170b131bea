import type { Locator } from "@playwright/test";
import { galleryCategories } from "../../app/content/gallery";
import { entriesOf, fieldOf } from "./support/dataset";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./support/fixtures";

/** /gallery: filters mirrored in ?tags=, 12 images per page, Load More, and its states. */

const images = entriesOf("galleryImage");
const tagsOf = (entry: (typeof images)[number]) => fieldOf<string[]>(entry, "tags");
const exteriorCount = images.filter((entry) => tagsOf(entry).includes("ext")).length;

test("shows 12 images, and Load More adds pages until none remain", async ({ page }) => {
  await page.goto("/gallery");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Space Gallery");
  const tiles = page.getByRole("figure");
  await expect(tiles).toHaveCount(12);
  await expect(tiles.first().locator("img")).toHaveAttribute("srcset", /w=480.*480w/);
  await expect(tiles.first().locator("img")).toHaveAttribute("loading", "lazy");
  const loadMore = page.getByRole("link", { name: "Load More" });
  for (let shown = 12; shown < images.length; shown += 12) {
    await loadMore.click();
    await expect(tiles).toHaveCount(Math.min(shown + 12, images.length));
  }
  await expect(loadMore).toHaveCount(0);
  await expectNoAxeViolations(page);
});

/** A filter is tapped where a visitor sees it: its label (the box itself is drawn by the label). */
const tap = (box: Locator) => box.locator("xpath=..").click();

test("a category toggles its whole tag group, mirrored in the address", async ({ page }) => {
  await page.goto("/gallery");
  await waitForHydration(page);
  const exterior = page.getByRole("checkbox", { name: "Exterior" });
  await expect(exterior).not.toBeChecked();
  await expect(page.getByRole("link", { name: "Clear Filters" })).toHaveCount(0);
  await tap(exterior);
  await expect(page).toHaveURL(/\/gallery\?tags=ext$/);
  await expect(exterior).toBeChecked();
  await expect(page.getByRole("figure")).toHaveCount(Math.min(12, exteriorCount));
  for (const chips of await page.getByRole("figure").allTextContents()) expect(chips).toContain("Exterior");

  const workspaces = galleryCategories[0]!;
  await tap(page.getByRole("checkbox", { name: workspaces.label }));
  // In the filters' order, whichever was pressed first: one address per filter.
  await expect(page).toHaveURL(new RegExp(`tags=${[...workspaces.tags, "ext"].join("%2C")}$`));
  await tap(page.getByRole("checkbox", { name: "Exterior" }));
  await expect(page).toHaveURL(new RegExp(`tags=${workspaces.tags.join("%2C")}$`));
  await page.getByRole("link", { name: "Clear Filters" }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole("figure")).toHaveCount(12);
  for (const box of await page.getByRole("checkbox").all()) await expect(box).not.toBeChecked();
  // The last filter turned off is the gallery's own address, with no empty parameter.
  await tap(exterior);
  await expect(page).toHaveURL(/\/gallery\?tags=ext$/);
  await tap(exterior);
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole("figure")).toHaveCount(12);
});

test("a pressed filter shows as pressed in the click's own task, before its list is asked for", async ({ page }) => {
  await page.goto("/gallery");
  await waitForHydration(page);
  const requested = page.waitForRequest(/\/gallery\.data\?.*tags=ext/);
  const pressedInTheClick = await page.getByRole("checkbox", { name: "Exterior" }).evaluate((box: HTMLInputElement) => {
    box.click();
    return box.checked;
  });
  expect(pressedInTheClick).toBe(true);
  await requested;
  await expect(page).toHaveURL(/\/gallery\?tags=ext$/);
});

test("reads the filter from the address on load, in the server's HTML", async ({ page, request }) => {
  const html = await (await request.get("/gallery?tags=construction")).text();
  expect(html).toMatch(/checked=""[^>]*\/?>Construction</);
  await page.goto("/gallery?tags=construction");
  await waitForHydration(page);
  await expect(page.getByRole("checkbox", { name: "Construction" })).toBeChecked();
  const expected = images.filter((entry) => tagsOf(entry).includes("construction")).length;
  await expect(page.getByRole("figure")).toHaveCount(expected);
});

test("a filter no image matches says so, in the server's HTML too", async ({ request, isolatedSite }) => {
  isolatedSite.content.faults.add({
    pathIncludes: "fields.tags",
    status: 200,
    body: { sys: { type: "Array" }, total: 0, skip: 0, limit: 12, items: [] },
  });
  const none = await request.get(`${isolatedSite.url}/gallery?tags=construction`);
  expect(none.status()).toBe(200);
  const html = await none.text();
  expect(html).toContain("No images found matching your criteria.");
  expect(html).toMatch(/>Clear Filters</);
  // Its page 2 is its page 1.
  const second = await request.get(`${isolatedSite.url}/gallery?tags=construction&page=2`, { maxRedirects: 0 });
  expect(second.status()).toBe(302);
  expect(second.headers().location).toBe("/gallery?tags=construction");
});

test("an address spelled otherwise than the filter spells it is sent to the filter's own address", async ({
  request,
}) => {
  const location = async (target: string) => {
    const response = await request.get(target, { maxRedirects: 0 });
    return [response.status(), response.headers().location];
  };
  // Tags the filters do not offer, repeated, in capitals or in another order: the filter's own address.
  expect(await location("/gallery?tags=no-such-tag")).toEqual([301, "/gallery"]);
  expect(await location("/gallery?tags=construction,EXT,ext")).toEqual([301, "/gallery?tags=ext,construction"]);
  expect(await location("/gallery?tags=ext&tags=construction&page=02")).toEqual([
    301,
    "/gallery?tags=ext,construction&page=2",
  ]);
  // A page past the last (30 images: three pages) is the last, whichever way it is spelled.
  const lastPage = Math.ceil(images.length / 12);
  expect(await location(`/gallery?page=${lastPage + 1}`)).toEqual([302, `/gallery?page=${lastPage}`]);
  expect(await location("/gallery?page=99999")).toEqual([301, "/gallery?page=50"]);
  expect(await location("/gallery?page=50")).toEqual([302, `/gallery?page=${lastPage}`]);
  expect(await location(`/gallery?tags=construction&page=2`)).toEqual([302, "/gallery?tags=construction"]);
  // Followed, each is the page it names.
  const followed = await request.get("/gallery?tags=Construction&page=abc");
  expect(followed.url()).toMatch(/\/gallery\?tags=construction$/);
  expect(await followed.text()).toMatch(/checked=""[^>]*\/?>Construction</);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the filters and Load More still work", async ({ page }) => {
    await page.goto("/gallery");
    await tap(page.getByRole("checkbox", { name: "Exterior" }));
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/gallery\?tags=ext$/);
    await expect(page.getByRole("checkbox", { name: "Exterior" })).toBeChecked();
    await expect(page.getByRole("figure")).toHaveCount(Math.min(12, exteriorCount));
    // Two boxes send two values; the server answers with the filter's own address.
    await tap(page.getByRole("checkbox", { name: "Construction" }));
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/gallery\?tags=ext,construction$/);
    await expect(page.getByRole("checkbox", { name: "Construction" })).toBeChecked();
    await page.goto("/gallery");
    await page.getByRole("link", { name: "Load More" }).click();
    await expect(page).toHaveURL(/\/gallery\?page=2$/);
    await expect(page.getByRole("figure")).toHaveCount(Math.min(24, images.length));
  });
});

test.describe("states driven through the content service", () => {
  test("six skeleton tiles while loading; Load More adds the next page at once, and says 'Loading...' for one not at hand", async ({
    page,
    isolatedSite,
  }) => {
    expect(images.length).toBeGreaterThan(24);
    const firstPageLoad = Promise.withResolvers<void>();
    isolatedSite.content.faults.add({
      pathIncludes: "content_type=galleryImage",
      until: firstPageLoad.promise,
      times: 1,
    });
    await page.goto(`${isolatedSite.url}/gallery`, { waitUntil: "commit" });
    const skeleton = page.locator('[aria-busy="true"][aria-label="Loading images"]');
    await expect(skeleton.locator("li")).toHaveCount(6);
    firstPageLoad.resolve();
    await expect(page.getByRole("figure")).toHaveCount(12, { timeout: 10_000 });
    await waitForHydration(page);
    // The longer lists' answers are held in the browser.
    const answers = new Map([
      ["2", Promise.withResolvers<void>()],
      ["3", Promise.withResolvers<void>()],
    ]);
    await page.route(
      (url) => url.pathname === "/gallery.data" && answers.has(url.searchParams.get("page") ?? ""),
      async (route) => {
        await answers.get(new URL(route.request().url()).searchParams.get("page")!)!.promise;
        await route.continue().catch(() => {
          // A newer navigation took its place.
        });
      },
    );
    const loadMore = page.getByRole("link", { name: "Load More" });
    // The second page came with the first: it shows at once, before the longer list's answer.
    await loadMore.click();
    await expect(page.getByRole("figure")).toHaveCount(24);
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(loadMore).toHaveAttribute("href", "/gallery?page=3");
    // The third page is not at hand: its press says "Loading..." until it comes. On a slow phone its
    // first bytes could arrive before React drew the loading state, and the visitor saw "Load More"
    // unchanged until the new images came (about 1 click in 9 with the CPU slowed 20x; none in 36
    // since the click draws the state at once).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
    await loadMore.click();
    const loading = page.getByRole("link", { name: "Loading..." });
    await expect(loading).toBeVisible();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await expect(page.getByRole("figure")).toHaveCount(24);
    await expect(loading).toBeVisible();
    for (const answer of answers.values()) answer.resolve();
    await expect(page.getByRole("figure")).toHaveCount(Math.min(36, images.length), { timeout: 10_000 });
    await expect(page).toHaveURL(/\/gallery\?page=3$/);
  });

  test("the error message", async ({ page, isolatedSite }) => {
    isolatedSite.content.faults.add({ pathIncludes: "content_type=galleryImage", status: 400, body: { message: "x" } });
    await page.goto(`${isolatedSite.url}/gallery`);
    await expect(page.getByRole("alert")).toHaveText("Error loading gallery images. Please try again later.");
  });

  test("malformed entries never leave an empty page or a Load More that adds nothing", async ({
    page,
    isolatedSite,
  }) => {
    const broken = (index: number) => ({
      sys: { id: `broken-${index}`, type: "Entry", createdAt: "2020-01-01T00:00:00Z" },
      fields: { title: "An image without a file", tags: ["ext"] },
    });
    isolatedSite.content.faults.add({
      pathIncludes: "skip=12",
      status: 200,
      body: { sys: { type: "Array" }, total: images.length, skip: 12, limit: 12, items: [0, 1, 2, 3].map(broken) },
    });
    await page.goto(`${isolatedSite.url}/gallery`);
    await expect(page.getByRole("figure")).toHaveCount(12);
    await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(0);
  });
});
