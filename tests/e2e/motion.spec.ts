import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./support/fixtures";

/**
 * The entrance animations (a fade with a 20 px rise over 0.6 s, children 0.2 s apart) for visitors
 * who accept motion, and none for those who ask for less (docs/pages.md).
 * The other specs run with reduced motion (playwright.config.ts); this one, the route checks
 * (routes.spec.ts) and the layout checks (layout.spec.ts) see the page with its motion.
 */

interface EntranceAnimation {
  name: string;
  duration: number;
  delay: number;
  keyframes: { opacity: string; transform: string }[];
}

/** The hero's entrance animations, in document order: heading, description, buttons. */
function heroAnimations(page: Page): Promise<EntranceAnimation[]> {
  return page.evaluate(() => {
    const hero = document.querySelector("main > section")!;
    return [...hero.querySelectorAll<HTMLElement>(".rise-in")].flatMap((element) =>
      element.getAnimations().map((animation) => {
        const effect = animation.effect as KeyframeEffect;
        const { duration, delay } = effect.getTiming();
        return {
          name: (animation as CSSAnimation).animationName,
          duration: Number(duration),
          delay: Number(delay),
          keyframes: effect.getKeyframes().map((frame) => ({
            opacity: String(frame.opacity),
            transform: String(frame.transform),
          })),
        };
      }),
    );
  });
}

test.describe("with motion", () => {
  test.use({ reducedMotion: "no-preference" });

  test("the hero rises in over 0.6 s, 0.2 s apart, a list's items follow each other 0.2 s apart, and scrolling is smooth", async ({
    page,
  }) => {
    await page.goto("/coworking");
    const hero = await heroAnimations(page);
    expect(hero.map(({ name, duration, delay }) => ({ name, duration, delay }))).toEqual([
      { name: "rise-in", duration: 600, delay: 0 },
      { name: "rise-in", duration: 600, delay: 200 },
      { name: "rise-in", duration: 600, delay: 400 },
    ]);
    expect(hero[0]!.keyframes).toEqual([
      { opacity: "0", transform: "translateY(20px)" },
      { opacity: "1", transform: "none" },
    ]);

    // The pricing plans, far below, start their entrance when scrolled to.
    const plans = page.locator("#pricing ul.stagger");
    await plans.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        plans.evaluate((list) =>
          [...list.children].map((item) => Number(item.getAnimations()[0]?.effect?.getTiming().delay)),
        ),
      )
      .toEqual([0, 200, 400]);

    // Scrolling to a section is smooth.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("smooth");
  });
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("nothing moves: every entrance is over at once and scrolling jumps", async ({ page }) => {
    await page.goto("/coworking");
    await waitForHydration(page);
    const timings = await page.evaluate(() =>
      document.getAnimations().map((animation) => {
        const { duration, delay, iterations } = animation.effect!.getTiming();
        return { duration: Number(duration), delay: Number(delay), iterations: Number(iterations) };
      }),
    );
    expect(timings.length).toBeGreaterThan(0);
    for (const timing of timings) {
      expect(timing.duration).toBeLessThanOrEqual(0.01);
      expect(timing.delay).toBe(0);
      expect(timing.iterations).toBe(1);
    }
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");

    // The hero's heading is where it ends up at once: fully opaque, not moved.
    const heading = page.getByRole("heading", { level: 1 });
    expect(await heading.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
  });
});
