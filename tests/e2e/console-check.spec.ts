import { expect, test, waitForHydration } from "./support/fixtures";

/**
 * Proves the console check every test runs under: these tests must fail, and `test.fail()` turns
 * their failure into a pass (and a pass into a failure, which would mean the check is gone).
 */
test.describe("the console check", () => {
  test.fail();

  test("fails a test whose page logs a console error", async ({ page }) => {
    await page.goto("/press");
    await waitForHydration(page);
    await page.evaluate(() => console.error("injected by the console check's own test"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Press");
  });

  test("fails a test whose page throws an uncaught error", async ({ page }) => {
    await page.goto("/terms");
    await waitForHydration(page);
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error("uncaught, on purpose");
      }, 0),
    );
    await page.waitForTimeout(100);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  });
});

test("allows a console error the test declared", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/declared on purpose/);
  await page.goto("/privacy");
  await waitForHydration(page);
  await page.evaluate(() => console.error("declared on purpose"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
});
