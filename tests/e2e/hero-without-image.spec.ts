import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./support/fixtures";

/**
 * A hero whose image never arrives (blocked, failed, or still on its way) keeps its white heading and
 * outlined buttons readable: it is dark under its image. Checked by axe and by a second engine,
 * HTML_CodeSniffer (pa11y's), which reads the text's background from its ancestors.
 */

/** The content service's hero backgrounds and the site's own fallback photographs. */
const heroImages = /\/_demo\/content\/[^?]*\/hero-|\/images\/fallback\//;

const htmlCodeSniffer = readFileSync(
  createRequire(import.meta.url).resolve("html_codesniffer/build/HTMLCS.js"),
  "utf8",
);

/** HTML_CodeSniffer's WCAG 2 AA errors about elements inside `scope`. */
async function codeSnifferErrors(page: Page, scope: string): Promise<string[]> {
  await page.evaluate(htmlCodeSniffer);
  return page.evaluate(
    (scope) =>
      new Promise<string[]>((resolve) => {
        interface Message {
          type: number;
          code: string;
          msg: string;
          element: Element | Document;
        }
        const sniffer = (
          window as unknown as {
            HTMLCS: {
              process: (standard: string, root: Document, done: () => void) => void;
              getMessages: () => Message[];
            };
          }
        ).HTMLCS;
        sniffer.process("WCAG2AA", document, () => {
          const errorType = 1;
          resolve(
            sniffer
              .getMessages()
              .filter((message) => message.type === errorType)
              .filter((message) => message.element instanceof Element && message.element.closest(scope))
              .map(
                (message) =>
                  `${message.code}: ${message.msg} (${(message.element as Element).outerHTML.slice(0, 120)})`,
              ),
          );
        });
      }),
    scope,
  );
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`the home hero stays readable with its image blocked at ${viewport.width} px`, async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/Failed to load resource: net::ERR_BLOCKED_BY_CLIENT/);
    await page.setViewportSize(viewport);
    await page.route(heroImages, (route) => route.abort("blockedbyclient"));
    await page.goto("/");
    await waitForHydration(page);
    const hero = page.locator("[data-hero-slug]");
    // Its background and then the page's own photograph failed: the hero has settled on no image.
    await expect(hero.locator("[aria-busy]")).toHaveAttribute("aria-busy", "false");
    const heroImage = hero.locator("img");
    await expect(heroImage).toHaveAttribute("src", /\/images\/fallback\//);
    const failedToLoad = await heroImage.evaluate((image: HTMLImageElement) => image.complete && !image.naturalWidth);
    expect(failedToLoad).toBe(true);
    // No broken-image icon in its place.
    await expect(heroImage).toBeHidden();
    await expect(hero.getByRole("heading", { level: 1 })).toBeVisible();

    await expectNoAxeViolations(page);
    expect(await codeSnifferErrors(page, "[data-hero-slug]"), "HTML_CodeSniffer errors in the hero").toEqual([]);
  });
}
