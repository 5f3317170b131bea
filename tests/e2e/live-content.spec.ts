import { expect, test, waitForHydration } from "./support/fixtures";

/**
 * The same build, configured (CONTENTFUL_*) for another Contentful-compatible service: the site must
 * use it, and keep working when it fails, slows down or answers with another site's content. Each
 * test has a site and content service of its own (`isolatedSite`), reset to empty caches, so no test
 * depends on what another one loaded.
 */
test.use({ viewport: { width: 1280, height: 800 } });

test("uses the configured content service instead of the embedded stand-in", async ({ page, isolatedSite }) => {
  const { content } = isolatedSite;
  const health = await (await fetch(`${isolatedSite.url}/healthz`)).json();
  expect(health.integrations.content).toBe("live");
  await page.goto(`${isolatedSite.url}/members`);
  await waitForHydration(page);
  const hero = page.locator('[data-hero-slug="members"] img');
  await expect(hero).toHaveAttribute("src", new RegExp(`^http://${content.host}/`));
  await expect(hero).toHaveJSProperty("complete", true);
  expect(await hero.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  expect(
    content.faults.requests.some(
      (entry) => entry.url.includes("content_type=PageHero") && entry.url.includes("fields.slug=members"),
    ),
  ).toBe(true);
  expect(isolatedSite.output()).toContain(`live: Contentful space ${content.spaceId} at ${content.host}`);
});

test("a hero that fails to load falls back to the site's own image and logs the error", async ({
  page,
  isolatedSite,
}) => {
  isolatedSite.content.faults.add({ pathIncludes: "fields.slug=press", status: 500, body: { message: "boom" } });
  await page.goto(`${isolatedSite.url}/press`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Press");
  await expect(page.locator('[data-hero-slug="press"] img')).toHaveAttribute("src", /^\/images\/fallback\//);
  await expect.poll(() => isolatedSite.output()).toContain("Error loading page hero:");
});

test("a hero of another site is not shown", async ({ page, isolatedSite, allowConsoleErrors }) => {
  allowConsoleErrors(/Invalid site configuration/);
  isolatedSite.content.faults.add({
    pathIncludes: "fields.slug=privacy",
    status: 200,
    body: {
      sys: { type: "Array" },
      total: 1,
      skip: 0,
      limit: 1,
      items: [
        {
          metadata: { tags: [] },
          sys: {
            id: "foreign-hero",
            type: "Entry",
            createdAt: "2025-01-01T00:00:00.000Z",
            updatedAt: "2025-01-01T00:00:00.000Z",
            contentType: { sys: { type: "Link", linkType: "ContentType", id: "PageHero" } },
          },
          fields: { slug: "privacy", site: "another-site" },
        },
      ],
    },
  });
  const messages: string[] = [];
  page.on("console", (message) => messages.push(message.text()));
  await page.goto(`${isolatedSite.url}/privacy`);
  await waitForHydration(page);
  await expect(page.locator("[data-hero-slug]")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(0);
  await expect(page.getByText("Effective", { exact: false }).or(page.getByText("Last updated"))).toBeVisible();
  expect(messages.some((text) => text.includes("Invalid site configuration"))).toBe(true);
});

test("the hero shows a pulsing placeholder while its image loads", async ({ page, isolatedSite }) => {
  // The image is held by the content service until the placeholder has been seen.
  const imageLoad = Promise.withResolvers<void>();
  isolatedSite.content.faults.add({ pathIncludes: "hero-legal", until: imageLoad.promise });
  await page.goto(`${isolatedSite.url}/terms`, { waitUntil: "commit" });
  const placeholder = page.locator('[data-hero-slug="terms"] [aria-busy]');
  await expect(placeholder).toHaveAttribute("aria-busy", "true");
  await expect(placeholder.locator(".animate-pulse")).toHaveCount(1);
  imageLoad.resolve();
  await expect(placeholder).toHaveAttribute("aria-busy", "false", { timeout: 10_000 });
  await expect(placeholder.locator(".animate-pulse")).toHaveCount(0);
  await expect(page.locator('[data-hero-slug="terms"] img')).toHaveAttribute(
    "src",
    new RegExp(`^http://${isolatedSite.content.host}/.*hero-legal`),
  );
});

test.describe("a hero background that fails to load in the browser", () => {
  test("swaps to the page's own image before hydration", async ({ page, isolatedSite }) => {
    isolatedSite.content.faults.add({ pathIncludes: "/hero-contact/", status: 404, body: { message: "gone" } });
    // Hold the scripts back until the image has failed, so only the server-rendered markup sees it.
    let releaseScripts: () => void = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    const isHeroImage = (url: string) => url.includes("/hero-contact/");
    // A JSON error answer to an image request is blocked by the browser (ORB), so it ends as a failure.
    const imageFailed = Promise.race([
      page.waitForEvent("requestfailed", (request) => isHeroImage(request.url())),
      page.waitForResponse((response) => isHeroImage(response.url()) && !response.ok()),
    ]);
    await page.goto(`${isolatedSite.url}/contact`, { waitUntil: "commit" });
    await imageFailed;
    releaseScripts();
    await waitForHydration(page);
    const hero = page.locator('[data-hero-slug="contact"]');
    await expect(hero.locator("img")).toHaveAttribute("src", /^\/images\/fallback\//);
    await expect(hero.locator("[aria-busy]")).toHaveAttribute("aria-busy", "false");
    expect(await hero.locator("img").evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  });

  test("swaps to the page's own image after a client-side navigation", async ({ page, isolatedSite }) => {
    isolatedSite.content.faults.add({ pathIncludes: "/hero-contact/", status: 404, body: { message: "gone" } });
    await page.goto(`${isolatedSite.url}/terms`);
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    const hero = page.locator('[data-hero-slug="contact"]');
    await expect(hero.locator("img")).toHaveAttribute("src", /^\/images\/fallback\//);
    await expect(hero.locator("[aria-busy]")).toHaveAttribute("aria-busy", "false");
  });
});
