import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * The tests' `page` fails the test on any console error, uncaught page error or hydration warning,
 * unless the test declared it expected with `allowConsoleErrors`.
 */
interface Fixtures {
  allowConsoleErrors: (pattern: RegExp) => void;
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || /hydrat/i.test(message.text())) errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(`Uncaught: ${error.message}`));
    await use(errors);
  },
  allowConsoleErrors: async ({ consoleErrors }, use) => {
    const allowed: RegExp[] = [];
    await use((pattern) => allowed.push(pattern));
    const unexpected = consoleErrors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
    expect(unexpected, "console errors").toEqual([]);
  },
});

// Every test checks the console, whether or not it allows some errors.
test.beforeEach(({ allowConsoleErrors }) => {
  void allowConsoleErrors;
});

export { expect };

export async function expectNoAxeViolations(page: Page): Promise<void> {
  await waitForEntranceAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
  expect(summary, "axe violations").toEqual([]);
}

/** Waits until React has hydrated the page (the root component marks the document). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Waits for finite animations (entrance effects) to end, so contrast is measured on the final look. */
export async function waitForEntranceAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
      .every((animation) => animation.playState === "finished"),
  );
}
