import type { Page } from "@playwright/test";
import { expectEveryControlRecordsItsClick } from "./support/control-walk";
import { expect, hidePageAfterInteraction, test, waitForHydration } from "./support/fixtures";

type GtagEntry = [string, string, Record<string, unknown>];

function events(page: Page): Promise<GtagEntry[]> {
  return page.evaluate(
    () =>
      (window.dataLayer ?? [])
        .map((entry) => Array.from(entry as ArrayLike<unknown>))
        .filter((entry) => entry[0] === "event") as GtagEntry[],
  );
}

test.describe("analytics", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("records a page view on load and on every in-app navigation", async ({ page }) => {
    await page.goto("/members");
    await waitForHydration(page);
    await expect.poll(async () => (await events(page)).filter(([, action]) => action === "page_view").length).toBe(1);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
    await expect
      .poll(async () =>
        (await events(page)).filter(([, action]) => action === "page_view").map(([, , params]) => params.page_path),
      )
      .toEqual(["/members", "/terms"]);
    const [, , lastView] = (await events(page)).filter(([, action]) => action === "page_view").at(-1) as GtagEntry;
    expect(lastView.page_location).toMatch(/\/terms$/);
  });

  test("records clicks on the shared button", async ({ page }) => {
    await page.goto("/members");
    await waitForHydration(page);
    await page.getByRole("main").getByRole("link", { name: "Book a Tour" }).click();
    await expect(page).toHaveURL(/\/tour$/);
    const clicks = (await events(page)).filter(([, action]) => action === "button_click");
    expect(clicks).toEqual([["event", "button_click", { event_category: "engagement", event_label: "Book a Tour" }]]);
  });

  test("redacts labels that contain an at-sign", async ({ page }) => {
    await page.goto("/members");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "hello@ozarkfoundry.example" }).click();
    const contactClicks = (await events(page)).filter(([, action]) => action === "contact_click");
    expect(contactClicks).toEqual([
      ["event", "contact_click", { event_category: "contact", event_label: "[redacted]" }],
    ]);
    expect(JSON.stringify(await events(page))).not.toContain("@");
  });

  test("sends Core Web Vitals from real visits, from a module requested after the largest paint", async ({ page }) => {
    await page.goto("/coworking");
    await waitForHydration(page);
    const vitalsModule = () =>
      page.evaluate(() => {
        const entry = performance
          .getEntriesByType("resource")
          .find((candidate) => /\/assets\/web-vitals-[^/]+\.js$/.test(new URL(candidate.name).pathname));
        return entry ? entry.startTime : null;
      });
    await expect.poll(vitalsModule).not.toBeNull();
    const largestPaint = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
            type: "largest-contentful-paint",
            buffered: true,
          });
        }),
    );
    expect(await vitalsModule()).toBeGreaterThan(largestPaint);

    // An interaction (it ends LCP and is what INP measures), then the page is hidden: the final values go.
    // The module may still be starting when it has arrived: a click it did not see leaves LCP open, so
    // the heading is clicked until LCP is sent. The page is hidden only once the browser has timed the
    // interaction (its entries come after the next paint), or INP would have nothing to report yet.
    const sent = async (action: string) => (await events(page)).some(([, name]) => name === action);
    await expect
      .poll(async () => {
        await page.getByRole("heading", { level: 1 }).click();
        return sent("LCP");
      })
      .toBe(true);
    await hidePageAfterInteraction(page);
    const vitals = async () =>
      Object.fromEntries(
        (await events(page))
          .filter(([, action]) => ["LCP", "INP", "CLS"].includes(action))
          .map(([, action, params]) => [action, params]),
      );
    await expect.poll(async () => Object.keys(await vitals()).sort()).toEqual(["CLS", "INP", "LCP"]);
    const { LCP, CLS } = await vitals();
    expect(LCP).toMatchObject({ metric_id: expect.stringMatching(/\S/), non_interaction: true });
    expect(Number(LCP?.metric_value)).toBeGreaterThan(0);
    expect(Number(CLS?.metric_value)).toBeGreaterThanOrEqual(0);
    expect(Number(CLS?.metric_value)).toBeLessThan(0.1);
  });

  test("loads no analytics script when no measurement id is configured, before or after hydration", async ({
    page,
  }) => {
    const analyticsRequests: string[] = [];
    page.on("request", (request) => {
      if (/googletagmanager|google-analytics/.test(request.url())) analyticsRequests.push(request.url());
    });
    await page.goto("/");
    await waitForHydration(page);
    // The page's last module, the Core Web Vitals reporting, is asked for once the page is hydrated and
    // the browser idle: whatever the page adds after hydration has been added by then.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .some((entry) => /\/assets\/web-vitals-[^/]+\.js$/.test(new URL(entry.name).pathname)),
        ),
      )
      .toBe(true);
    // The page does record its view (into dataLayer, which nothing sends on).
    expect((await events(page)).filter(([, action]) => action === "page_view")).toHaveLength(1);
    await expect(page.locator('script[src*="googletagmanager"], script[src*="google-analytics"]')).toHaveCount(0);
    expect(analyticsRequests).toEqual([]);
  });
});

// Every route's controls are walked in routes.spec.ts, in the load it checks with axe; here, a filtered
// gallery's (its Clear Filters).
test("every control of /gallery?tags=ext records a button click with its label", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/gallery?tags=ext");
  await waitForHydration(page);
  await expectEveryControlRecordsItsClick(page, "/gallery?tags=ext");
});
