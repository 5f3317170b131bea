import { closeSync, openSync, readSync, statSync, writeFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";
import { SHARED_SERVER_LOGS } from "./servers.ts";
import { type IsolatedSite, SitePool } from "./site-pool.ts";
import { noteSiteInUse, takeSpawnedSites } from "./spawn-site.ts";

export type { IsolatedSite };

interface WorkerFixtures {
  /** The sites behind `isolatedSite`, one per setting (internal to this module). */
  sitePool: SitePool;
}

interface Fixtures {
  allowConsoleErrors: (pattern: RegExp) => void;
  /**
   * A site of the test's own, configured for a content service, events service and lead webhook of
   * its own: for tests that drive those services into failures, slowness or odd answers, and need
   * empty caches, fresh rate limits and an empty lead store to see them. It is one of the sites the
   * worker keeps per setting, reset before the test (site-pool.ts); a test that stops or kills it has
   * it to itself.
   */
  isolatedSite: IsolatedSite;
  /** Extra environment for `isolatedSite` (e.g. `test.use({ isolatedSiteEnv: { CONTACT_RATE_LIMIT: "2" } })`). */
  isolatedSiteEnv: Record<string, string>;
  /**
   * `test.use({ isolatedSiteFresh: true })`: `isolatedSite` is started for the test alone rather than
   * kept and reset, for a test of state the reset does not clear (`POST /__test/reset`, server/start.ts).
   */
  isolatedSiteFresh: boolean;
  /** The patterns the current test allowed (internal to this module). */
  allowedConsoleErrors: RegExp[];
  /**
   * Every console error, uncaught page error and hydration warning the test's browser contexts saw
   * so far, as the console check reads them (console-check.spec.ts proves the check with it).
   */
  consoleErrors: string[];
  /** Automatic: when a test fails, what the servers logged while it ran (internal to this module). */
  serverLogsOnFailure: void;
}

/** How many of a log's last lines a failed test prints (the whole log is attached). */
const LOG_TAIL_LINES = 30;

function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** What was appended to `file` after `offset` bytes. */
function readFrom(file: string, offset: number): string {
  const length = fileSize(file) - offset;
  if (length <= 0) return "";
  const buffer = Buffer.alloc(length);
  const descriptor = openSync(file, "r");
  try {
    readSync(descriptor, buffer, 0, length, offset);
  } finally {
    closeSync(descriptor);
  }
  return buffer.toString("utf8");
}

/** Attaches a server's log to the failed test's result, and prints its last lines. */
async function showLog(testInfo: TestInfo, name: string, text: string): Promise<void> {
  const file = testInfo.outputPath(`${name.replaceAll(/[^a-z0-9]+/gi, "-")}.log`);
  writeFileSync(file, text);
  await testInfo.attach(`${name} log`, { path: file, contentType: "text/plain" });
  const lines = text.trimEnd().split("\n");
  const tail = lines.slice(-LOG_TAIL_LINES).join("\n");
  process.stderr.write(
    `\n${name} (${lines.length} lines logged while "${testInfo.title}" ran; the last ${Math.min(lines.length, LOG_TAIL_LINES)}, all of them in ${file}):\n${tail}\n\n`,
  );
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  sitePool: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
    async ({}, use) => {
      const pool = new SitePool();
      try {
        await use(pool);
      } finally {
        await pool.close();
      }
    },
    { scope: "worker", timeout: 60_000 },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
  allowedConsoleErrors: async ({}, use) => {
    await use([]);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  isolatedSiteEnv: [{}, { option: true }],
  isolatedSiteFresh: [false, { option: true }],
  serverLogsOnFailure: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured
    async ({}, use, testInfo) => {
      const shared = SHARED_SERVER_LOGS.map(({ name, file }) => ({ name, file, offset: fileSize(file) }));
      takeSpawnedSites();
      await use();
      const spawned = takeSpawnedSites();
      if (testInfo.status === testInfo.expectedStatus) return;
      for (const { name, file, offset } of shared) {
        const text = readFrom(file, offset);
        if (text.trim()) await showLog(testInfo, `the ${name}`, text);
      }
      for (const site of spawned) await showLog(testInfo, `the site on port ${site.port}`, site.output());
    },
    { auto: true },
  ],
  isolatedSite: async ({ sitePool, isolatedSiteEnv, isolatedSiteFresh }, use, testInfo) => {
    const { site, release } = await sitePool.acquire(isolatedSiteEnv, { fresh: isolatedSiteFresh });
    noteSiteInUse(site);
    await use(site);
    const failed = testInfo.status !== testInfo.expectedStatus;
    if (failed) {
      // What the site asked of its outside services, and when: beside its log, the timeline of a
      // failure that depends on a held or failing answer.
      for (const [name, requests] of [
        ["content service", site.content.faults.requests],
        ["events service", site.events.faults.requests],
      ] as const) {
        const lines = requests.map(({ at, method, url }) => `${at} ${method} ${url}`).join("\n");
        if (lines) await showLog(testInfo, `requests to the ${name} of the site on port ${site.port}`, lines);
      }
    }
    release(failed);
  },
  allowConsoleErrors: async ({ allowedConsoleErrors }, use) => {
    await use((pattern) => allowedConsoleErrors.push(pattern));
  },
  // Every browser context a test uses fails the test on any console error, uncaught page error or
  // hydration warning, unless the test declared it expected with `allowConsoleErrors`. The check wraps
  // Playwright's `context` fixture, so it covers every page of every test that opens one (including
  // tests with JavaScript turned off), whichever spec file it is in.
  context: async ({ context, allowedConsoleErrors, consoleErrors }, use) => {
    context.on("console", (message) => {
      if (message.type() === "error" || /hydrat/i.test(message.text())) consoleErrors.push(message.text());
    });
    context.on("weberror", (error) => consoleErrors.push(`Uncaught: ${error.error().message}`));
    await use(context);
    const unexpected = unexpectedConsoleErrors(consoleErrors, allowedConsoleErrors);
    // The errors themselves open the failure's message: a CI page that keeps only its opening line
    // still says what the browser printed.
    expect(unexpected, `console errors: ${JSON.stringify(unexpected).slice(0, 600)}`).toEqual([]);
  },
});

/** The console errors no allowed pattern covers: the ones that fail a test. */
export function unexpectedConsoleErrors(errors: readonly string[], allowed: readonly RegExp[]): string[] {
  return errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
}

export { expect };

/**
 * Scans the page with axe, as a visitor sees it once its entrances are over. A section drawn only near
 * the viewport (`content-visibility: auto`) can start its entrance during the scan itself, when axe's
 * reads first draw it: on a busy machine the scan then measured its text mid-fade (a CI run, and one in
 * a run here with the machine loaded beyond CI's). So the page's animations run a hundred thousand
 * times faster while it is scanned: every entrance, begun before or during the scan, ends at once.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Animation.enable");
  await devtools.send("Animation.setPlaybackRate", { playbackRate: 100_000 });
  try {
    await waitForEntranceAnimations(page);
    await scanWithAxe(page);
  } finally {
    await devtools.send("Animation.setPlaybackRate", { playbackRate: 1 });
    await devtools.detach();
  }
}

async function scanWithAxe(page: Page): Promise<void> {
  // Framed booking calendars are a third party's pages in production (the demo's stand-in has its own
  // accessibility checks); the site's own page is what is checked here.
  // With frames left out, axe's one-frame run (legacy mode) checks the same rules on the same nodes as
  // its per-frame run, without the blank page that run opens to merge frames' results. Only violations
  // are read here, so only they are serialized with their selectors (axe still runs every rule on
  // every node; `resultTypes` trims the passes' node lists after the fact): 2-4x faster per scan.
  const results = await new AxeBuilder({ page })
    .exclude("iframe")
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
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
  // Sections drawn only near the viewport (`content-visibility: auto`) start their entrance in the
  // frame that first draws them, after a resize or a scroll; on a busy machine that frame can come
  // after the two frames this once waited for (a CI run scanned /meeting-rooms' pricing mid-entrance).
  // So the entrances must be over, and still over two frames later with none begun meanwhile.
  const settled = () =>
    page.waitForFunction(() =>
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .every((animation) => animation.playState === "finished"),
    );
  const count = () => page.evaluate(() => document.getAnimations().length);
  const twoFrames = () =>
    page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await twoFrames();
  for (;;) {
    await settled();
    const before = await count();
    await twoFrames();
    if ((await count()) === before) return;
  }
}

/**
 * Hides the page once the browser has timed the visitor's interaction (its entries come after the next
 * paint) and web-vitals has read them (in an idle callback), so the values sent on hiding include INP.
 * A page hidden before that reports no INP (a visitor who leaves at once).
 */
export async function hidePageAfterInteraction(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType("first-input").length)).toBe(1);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}
