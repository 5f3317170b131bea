import { expect, test, waitForHydration } from "./support/fixtures";
import { siteRoutes } from "./support/routes";
import { inlineScriptsNotAllowed } from "./support/script-policy";

/**
 * The server's HTML is the page: it paints with its styles and hero image before any script is
 * requested, and the scripts that arrive after the first paint make it interactive (docs/decisions/021-hydration-after-the-first-paint.md).
 */

test.describe("the server's HTML", () => {
  for (const route of siteRoutes) {
    test(`${route.path} asks for no script or font before its hero image and styles, and its policy allows every script`, async ({
      request,
    }) => {
      const response = await request.get(route.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const policy = response.headers()["content-security-policy"] ?? "";

      expect(html).not.toMatch(/<link[^>]+rel="modulepreload"/);
      expect(html).not.toMatch(/<script[^>]+type="module"/);
      expect(html).not.toMatch(/<script[^>]+\ssrc=/);
      // The heading face waits for the hero (app.css), and the icon comes with the page.
      expect(html).not.toMatch(/<link[^>]+as="font"/);
      expect(html).toMatch(/<link[^>]+rel="icon" href="data:image\/svg\+xml,/);
      // The stylesheet is in the document itself: no request stands between the HTML and its first paint.
      expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);

      const heroImage = html.search(/<link rel="preload" as="image"[^>]* fetchPriority="high"/);
      const styles = html.indexOf("<style>");
      expect(heroImage).toBeGreaterThan(0);
      expect(styles).toBeGreaterThan(heroImage);
      expect(html.indexOf("</head>")).toBeGreaterThan(styles);
      expect(html.slice(styles, html.indexOf("</style>", styles))).toContain("--color-brand-700");

      const scriptTags = html.match(/<script\b[^>]*>/g) ?? [];
      const executable = scriptTags.filter((tag) => !tag.includes('type="application/ld+json"'));
      expect(executable.length).toBeGreaterThan(2);
      // By this answer's nonce (a page rendered for it) or by their hashes (a page kept and sent to all).
      const { allowedBy, refused } = inlineScriptsNotAllowed(html, policy);
      expect(["nonce", "hashes"]).toContain(allowedBy);
      expect(refused).toEqual([]);
      expect(policy).toContain("'strict-dynamic'");
      expect(/script-src[^;]*'unsafe-inline'/.test(policy)).toBe(false);
      // The stand-in for React Router's module script: it loads the modules once the page has painted.
      expect(html).toContain("document.currentScript.nonce");
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("headings are set in the heading face, which the browser fetches as it lays them out", async ({ page }) => {
    const fonts: string[] = [];
    page.on("requestfinished", (request) => {
      if (request.url().endsWith(".woff2")) fonts.push(request.url());
    });
    await page.goto("/press", { waitUntil: "load" });
    expect(await page.locator("h1").evaluate((heading) => getComputedStyle(heading).fontFamily)).toMatch(/^"?Fraunces/);
    await expect.poll(() => fonts.length).toBeGreaterThan(0);
  });
});

test("the scripts load after the page has painted, and then the page navigates on the client", async ({ page }) => {
  await page.goto("/blog");
  await waitForHydration(page);
  await expect(page.locator("html[data-heading-font]")).toHaveCount(1);

  const timing = await page.evaluate(async () => {
    const largestPaint = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        resolve(entries[entries.length - 1]!.startTime);
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const startsOf = (extension: string) =>
      resources.filter((entry) => new URL(entry.name).pathname.endsWith(extension)).map((entry) => entry.startTime);
    await document.fonts.ready;
    return {
      largestPaint,
      loaded: navigation!.loadEventStart,
      scripts: startsOf(".js"),
      fonts: startsOf(".woff2"),
      // The hero comes by its preload (a link); the cards' images by their elements.
      images: resources.filter((entry) => entry.initiatorType === "img").map((entry) => entry.startTime),
      headingFont: getComputedStyle(document.querySelector("h1")!).fontFamily,
      headingFontLoaded: [...document.fonts].some((face) => face.family === "Fraunces" && face.status === "loaded"),
    };
  });
  expect(timing.scripts.length).toBeGreaterThan(2);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.largestPaint);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.loaded);
  // The images below the hero and the heading face come after it too, and then the headings are set in it.
  expect(timing.images.length).toBeGreaterThan(0);
  expect(Math.min(...timing.images)).toBeGreaterThanOrEqual(timing.largestPaint);
  expect(timing.fonts.length).toBeGreaterThan(0);
  expect(Math.min(...timing.fonts)).toBeGreaterThanOrEqual(timing.largestPaint);
  expect(timing.headingFont).toMatch(/^"?Fraunces/);
  expect(timing.headingFontLoaded).toBe(true);

  // A page that reloaded would lose this mark; client-side navigations keep it.
  await page.evaluate(() => {
    (window as Window & { sameDocument?: boolean }).sameDocument = true;
  });
  const sameDocument = () => page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument === true);

  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(6);
  await page.getByRole("link", { name: "Load More" }).click();
  await expect(page).toHaveURL(/\/blog\?page=2$/);
  await expect(cards).not.toHaveCount(6);
  expect(await sameDocument()).toBe(true);

  await page.getByRole("contentinfo").getByRole("link", { name: "Terms", exact: false }).first().click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  expect(await sameDocument()).toBe(true);
});

test("/tour's booking calendar, its top in a phone's first screen, loads after the hero has painted", async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const calendarRequest = page.waitForRequest((request) => request.frame() !== page.mainFrame());
  await page.goto("/tour");
  await expect(page.frameLocator("main iframe").getByRole("heading", { level: 1 })).toHaveText(/^Tour of /);
  expect((await page.locator("main iframe").boundingBox())!.y).toBeLessThan(823);
  // The frame's own timing starts when its element is laid out, not when its page is asked for.
  const requestedAt = (await calendarRequest).timing().startTime;
  const largestPaintAt = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) =>
          resolve(performance.timeOrigin + list.getEntries().at(-1)!.startTime),
        ).observe({
          type: "largest-contentful-paint",
          buffered: true,
        });
      }),
  );
  expect(requestedAt).toBeGreaterThanOrEqual(largestPaintAt);
});
