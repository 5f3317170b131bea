import { expectEveryControlRecordsItsClick } from "./support/control-walk";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./support/fixtures";
import { siteRoutes } from "./support/routes";

function decodeEntities(html: string): string {
  return html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');
}

// Every route as a visitor who accepts motion sees it (the other specs run with reduced motion).
test.use({ reducedMotion: "no-preference" });

for (const route of siteRoutes) {
  test.describe(`route ${route.path}`, () => {
    test("is rendered on the server with its heading", async ({ request }) => {
      const response = await request.get(route.path);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("text/html");
      const html = decodeEntities(await response.text());
      const heading = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^>]+>/g, "");
      if (typeof route.heading === "string") expect(heading).toBe(route.heading);
      else expect(heading).toMatch(route.heading);
      expect(html).toMatch(/<title>[^<]+ \| Ozark Foundry<\/title>|<title>Ozark Foundry: /);
      expect(html).toContain('rel="canonical"');
      // The hero background is the page's preloaded, high-priority LCP image.
      const preload = html.match(/<link rel="preload" as="image"[^>]* fetchPriority="high"[^>]*>/)?.[0] ?? "";
      expect(preload).toMatch(/imageSrcSet="[^"]*w=640[^"]* 640w/);
      // A content hero is preloaded as AVIF (a browser without it skips the preload and takes the WebP).
      if (preload.includes("fm=avif")) expect(preload).toContain('type="image/avif"');
      expect(html).toMatch(/<img[^>]+fetchPriority="high"/);
      // The first paint waits until the parser has passed the hero (a paint between two pieces of the
      // document showed its text half parsed, then pushed up): the link is in the head, and names the
      // hero of this page, or the paint would wait for the whole document.
      const expectLink = html.match(/<link rel="expect" href="#([^"]+)" blocking="render"\/>/);
      expect(expectLink?.index ?? Infinity).toBeLessThan(html.indexOf("</head>"));
      expect(html).toMatch(new RegExp(`<section id="${expectLink?.[1]}"[^>]* data-hero-slug=`));
    });

    // One load for both widths: the page is loaded at the phone's width, checked, then widened and
    // checked again. Nothing the page renders depends on the width it was loaded at (the server does not
    // know it, and the one script that reads it, the booking frame's height, follows resizes), CSS
    // applies the wider layout at once, and responsive images fetch their wider candidates on the
    // resize (a phone-to-desktop resize asks for the larger files, as a desktop load does).
    // The same load then serves the walk of every control (support/control-walk.ts): at 1280 px, then
    // narrowed to 375 px again.
    test("has no accessibility violations or console errors at 375 px, then at 1280 px; every control records its click", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(route.path);
      await waitForHydration(page);
      for (const viewport of [
        { width: 375, height: 812 },
        { width: 1280, height: 800 },
      ]) {
        await test.step(`at ${viewport.width} px`, async () => {
          await page.setViewportSize(viewport);
          // The wider candidates the resize asked for have arrived (or failed), as they would have on a
          // load at this width by the time the page is checked.
          await expect
            .poll(() =>
              page
                .locator("img")
                .evaluateAll((elements) =>
                  (elements as HTMLImageElement[]).every((image) => image.complete || image.loading === "lazy"),
                ),
            )
            .toBe(true);
          await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.heading);
          await expect(page.getByRole("banner")).toBeVisible();
          await expect(page.getByRole("contentinfo")).toBeVisible();
          await expectNoAxeViolations(page);
          const images = await page
            .locator("img")
            .evaluateAll((elements) =>
              (elements as HTMLImageElement[])
                .filter((image) => image.complete && image.naturalWidth === 0 && image.loading !== "lazy")
                .map((image) => image.currentSrc || image.src),
            );
          expect(images, `images that failed to load at ${viewport.width} px`).toEqual([]);
        });
      }
      await test.step("every control records a button click with its label", async () => {
        await expectEveryControlRecordsItsClick(page, route.path);
      });
    });
  });
}
