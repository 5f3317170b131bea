import { expect, test, unexpectedConsoleErrors, waitForHydration } from "./support/fixtures";

/**
 * Proves the console check every test runs under (fixtures.ts): what a page logs as an error, or
 * throws uncaught, reaches the check with its text, and the check fails a test on it unless the test
 * allowed it. (Each test allows its own error at the end, once it has shown that the check would
 * have failed it: a failure of any other kind, such as a page that never loads, fails the test.)
 */

test("a console error of a page reaches the check, which would fail the test on it", async ({
  page,
  consoleErrors,
  allowConsoleErrors,
}) => {
  await page.goto("/press");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Press");
  await page.evaluate(() => console.error("injected by the console check's own test"));
  await expect.poll(() => [...consoleErrors]).toEqual(["injected by the console check's own test"]);
  expect(unexpectedConsoleErrors(consoleErrors, [])).toEqual(["injected by the console check's own test"]);
  allowConsoleErrors(/^injected by the console check's own test$/);
});

test("an uncaught error of a page reaches the check, which would fail the test on it", async ({
  page,
  consoleErrors,
  allowConsoleErrors,
}) => {
  await page.goto("/terms");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error("uncaught, on purpose");
    }, 0),
  );
  await expect.poll(() => [...consoleErrors]).toEqual(["Uncaught: uncaught, on purpose"]);
  expect(unexpectedConsoleErrors(consoleErrors, [])).toEqual(["Uncaught: uncaught, on purpose"]);
  allowConsoleErrors(/^Uncaught: uncaught, on purpose$/);
});

test("allows a console error the test declared, and only that one", async ({
  page,
  consoleErrors,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/declared on purpose/);
  await page.goto("/privacy");
  await waitForHydration(page);
  await page.evaluate(() => console.error("declared on purpose"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await expect.poll(() => [...consoleErrors]).toEqual(["declared on purpose"]);
  expect(unexpectedConsoleErrors(consoleErrors, [/declared on purpose/])).toEqual([]);
  expect(unexpectedConsoleErrors([...consoleErrors, "another error"], [/declared on purpose/])).toEqual([
    "another error",
  ]);
});
