import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./support/fixtures";

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
    const [, , lastView] = (await events(page)).at(-1) as GtagEntry;
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

  test("loads no analytics script when no measurement id is configured", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  });
});
