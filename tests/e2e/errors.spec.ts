import { expect, expectNoAxeViolations, test, waitForHydration } from "./support/fixtures";

test.describe("error pages", () => {
  test("an uncaught route error shows the fallback page with HTTP 500", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/500 \(Internal Server Error\)/);
    const response = await page.goto("/__error-test");
    expect(response?.status()).toBe(500);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong.");
    await expect(page.getByText("An unexpected error has occurred.")).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Go to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Where Batesville gets to work");
  });

  test("the error page is rendered on the server", async ({ request }) => {
    const response = await request.get("/__error-test");
    expect(response.status()).toBe(500);
    const html = await response.text();
    expect(html).toContain("Something went wrong.");
    expect(html).toContain("An unexpected error has occurred.");
    expect(html).not.toContain("Deliberate failure");
  });

  for (const path of ["/no-such-page", "/blog/tag/community/extra", "/coworking/extra"]) {
    test(`an unknown address (${path}) shows the not-found page with HTTP 404`, async ({
      page,
      allowConsoleErrors,
    }) => {
      allowConsoleErrors(/404 \(Not Found\)/);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expect(page).toHaveTitle("Page not found | Ozark Foundry");
      await expect(page.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
      // One page whatever the address: checked with axe once.
      if (path === "/no-such-page") await expectNoAxeViolations(page);
    });
  }

  // Folders of the build, with and without their slash, and addresses that decode to one. The static
  // files' folder redirect and the site's canonical address used to send these back and forth forever.
  for (const path of [
    "/assets",
    "/assets/",
    "/images",
    "/images/",
    "/events%2f..",
    "/assets%2f..%2f..%2fpackage.json",
  ]) {
    test(`a folder of the build (${path}) shows the not-found page, after one redirect at most`, async ({
      page,
      allowConsoleErrors,
    }) => {
      allowConsoleErrors(/404 \(Not Found\)/);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      let redirects = 0;
      for (let request = response?.request().redirectedFrom(); request; request = request.redirectedFrom()) redirects++;
      expect(redirects).toBeLessThanOrEqual(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    });
  }
});
