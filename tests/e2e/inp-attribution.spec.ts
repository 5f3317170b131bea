import type { Page } from "@playwright/test";
import { expect, hidePageAfterInteraction, test, waitForHydration } from "./support/fixtures";

/**
 * INP goes to GA4 with its attribution (docs/performance.md): the control the slowest interaction was on, by the
 * label its clicks are recorded with, when in the load it came, and which phase took the time.
 */

type GtagEntry = [string, string, Record<string, unknown>];

const sentEvents = (page: Page) =>
  page.evaluate(() => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>))) as Promise<
    GtagEntry[]
  >;

test("INP names the control a visitor tapped and the phase that took the time", async ({ page }) => {
  // Notes which performance entries the page observes, so the tap comes once web-vitals watches
  // interactions (its module is requested once the page is hydrated and idle, and starts after that).
  await page.addInitScript(() => {
    const observe = PerformanceObserver.prototype.observe;
    const observed: string[] = [];
    (window as Window & { observedEntryTypes?: string[] }).observedEntryTypes = observed;
    PerformanceObserver.prototype.observe = function (this: PerformanceObserver, options?: PerformanceObserverInit) {
      if (options?.type) observed.push(options.type);
      return observe.call(this, options);
    };
  });
  await page.goto("/coworking");
  await waitForHydration(page);
  await expect
    .poll(() => page.evaluate(() => (window as Window & { observedEntryTypes?: string[] }).observedEntryTypes))
    .toContain("event");

  const tile = page
    .getByRole("region", { name: "Take a look around" })
    .getByRole("button", { name: /^Play video: / })
    .first();
  const label = await tile.getAttribute("data-analytics");
  await tile.click();
  await expect(page.getByRole("region", { name: "Take a look around" }).locator("video")).toHaveCount(1);
  await hidePageAfterInteraction(page);
  const inp = async () => (await sentEvents(page)).find(([, action]) => action === "INP")?.[2];
  await expect.poll(inp).toBeDefined();
  expect(await inp()).toMatchObject({
    inp_target: label,
    inp_slowest_phase: expect.stringMatching(/^(input_delay|processing_duration|presentation_delay)$/),
    inp_input_delay: expect.any(Number),
    inp_processing_duration: expect.any(Number),
    inp_presentation_delay: expect.any(Number),
  });
});
