import { spawnSync } from "node:child_process";
import type { Page, TestInfo } from "@playwright/test";
import { contactSuccessMessage } from "../../app/domain/contact";
import { HELD_CLICK_TIMEOUT_MS } from "../../app/first-seconds/first-script.ts";
import { expect, type IsolatedSite, test } from "./support/fixtures";

/**
 * A page whose scripts fail works as it does without JavaScript (docs/decisions/023-the-first-seconds.md): the client entry arrives
 * and throws, or arrives and never hydrates the page, and every control a visitor taps before
 * hydration (held until then, app/first-seconds/first-script.ts) still does what it does without JavaScript, within
 * the hold's timeout. Nothing a visitor sends is lost.
 */

const CLIENT_ENTRY = /\/assets\/entry\.client-[^/?]+\.js(\?|$)/;

/** The client entry, as the browser gets it: a module that throws, or one that never hydrates. */
async function breakClientEntry(page: Page, how: "throws" | "never hydrates"): Promise<void> {
  const body = how === "throws" ? 'throw new Error("broken client entry (a test)");' : "export {};";
  await page.route(CLIENT_ENTRY, (route) => route.fulfill({ contentType: "text/javascript", body }));
}

/** Clicks, and returns how long (ms) from the click to `result`; the timing goes into the report. */
async function timed(testInfo: TestInfo, what: string, click: () => Promise<void>, result: () => Promise<unknown>) {
  const clickedAt = Date.now();
  await click();
  await result();
  const ms = Date.now() - clickedAt;
  testInfo.annotations.push({ type: "timing", description: `${what}: ${ms} ms from the click` });
  return ms;
}

const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));

function storedLeads(site: IsolatedSite): { id: string; status: string }[] {
  const result = spawnSync(process.execPath, ["scripts/leads.ts", "list", "--json"], {
    env: { ...process.env, DATA_DIR: site.dataDir },
    encoding: "utf8",
  });
  return JSON.parse(result.stdout || "[]");
}

/** Fills the contact form as a person does, over a few seconds. */
async function fillContactForm(page: Page): Promise<void> {
  const form = page.locator("main form");
  await form.getByLabel("Name").pressSequentially("Jordan Reyes", { delay: 80 });
  await form.getByLabel("Email").pressSequentially("jordan.reyes@example.com", { delay: 60 });
  await form.getByLabel("Phone").pressSequentially("(870) 555-0199", { delay: 60 });
  await form.locator('input[name="interests"][value="coworking-space"]').check();
  await form.getByLabel("How did you hear about us?").selectOption("Friend or Colleague");
}

for (const how of ["throws", "never hydrates"] as const) {
  test(`the contact form sent while the client entry ${how} posts as without JavaScript; the lead is stored and delivered`, async ({
    page,
    isolatedSite,
    allowConsoleErrors,
  }, testInfo) => {
    allowConsoleErrors(/broken client entry/);
    await breakClientEntry(page, how);
    await page.goto(`${isolatedSite.url}/contact`);
    await fillContactForm(page);
    const posted = page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith("/contact"));
    const ms = await timed(
      testInfo,
      `/contact Send, the client entry ${how}`,
      () => page.locator("main form").getByRole("button", { name: "Send Message" }).click(),
      async () => {
        await posted;
        await expect(page.getByText(contactSuccessMessage)).toBeVisible();
      },
    );
    // The hold's timeout, and the form's post and answer after it.
    expect(ms).toBeLessThan(HELD_CLICK_TIMEOUT_MS + 3_000);
    expect(await isHydrated(page)).toBe(false);
    await expect
      .poll(() => isolatedSite.webhook.received().filter((post) => post.path === "/hooks/leads").length)
      .toBe(1);
    expect(storedLeads(isolatedSite).map((lead) => lead.status)).toEqual(["delivered"]);
  });
}

for (const how of ["throws", "never hydrates"] as const) {
  test(`Load More tapped while the client entry ${how} shows the next images at once, and then leads one page further as a link`, async ({
    page,
    allowConsoleErrors,
  }, testInfo) => {
    allowConsoleErrors(/broken client entry/);
    await breakClientEntry(page, how);
    await page.goto("/gallery");
    const figures = page.getByRole("figure");
    await expect(figures).toHaveCount(12);
    // The first script shows the next images at once (app/first-seconds/answer.tsx), without a module.
    const ms = await timed(
      testInfo,
      `/gallery Load More, the client entry ${how}`,
      () => page.getByRole("link", { name: "Load More" }).click(),
      () => expect(figures).toHaveCount(24),
    );
    expect(ms).toBeLessThan(HELD_CLICK_TIMEOUT_MS);
    // Only React's navigation gives them their address; without it, Load More is the link to the page after.
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole("link", { name: "Load More" })).toHaveAttribute("href", "/gallery?page=3");
    await page.getByRole("link", { name: "Load More" }).click();
    await expect(page).toHaveURL(/\/gallery\?page=3$/, { timeout: HELD_CLICK_TIMEOUT_MS + 5_000 });
    // The address changes as the next document starts to arrive, before its figures are parsed.
    await expect.poll(() => figures.count()).toBeGreaterThan(24);
    expect(await isHydrated(page)).toBe(false);
  });
}

test("a video tile tapped while the client entry throws plays its video in the page", async ({
  page,
  context,
  allowConsoleErrors,
}, testInfo) => {
  allowConsoleErrors(/broken client entry/);
  await breakClientEntry(page, "throws");
  const tabs: string[] = [];
  context.on("page", (opened) => tabs.push(opened.url()));
  await page.goto("/coworking");
  const tours = page.getByRole("region", { name: "Take a look around" });
  // The page's first script answers the tap itself (app/first-seconds/answer.tsx): no module is needed.
  const ms = await timed(
    testInfo,
    "/coworking video tile, the client entry throws",
    () =>
      tours
        .getByRole("button", { name: /^Play video: / })
        .first()
        .click(),
    () => expect(tours.locator("video")).toHaveAttribute("src", /\.mp4$/),
  );
  expect(ms).toBeLessThan(HELD_CLICK_TIMEOUT_MS);
  expect(tabs).toEqual([]);
  expect(await isHydrated(page)).toBe(false);
});

test("a booking option chosen while the client entry never hydrates shows its form, then opens its calendar as without JavaScript", async ({
  page,
  context,
}, testInfo) => {
  await breakClientEntry(page, "never hydrates");
  await page.goto("/event-spaces");
  const booking = page.getByRole("region", { name: "Book The Think Lounge" });
  const halfDay = booking.getByRole("radio", { name: "Select: Half Day" });
  const opened = context.waitForEvent("page");
  let tabUrl = "";
  // The browser checks the radio and shows its form at once; only React adds its calendar, so without
  // hydration the first script unchecks it and the calendar opens in a new tab.
  const ms = await timed(
    testInfo,
    "/event-spaces booking option, the client entry never hydrates",
    () => halfDay.locator("xpath=..").click(),
    async () => {
      await expect(booking.getByRole("heading", { name: "Book the Think Lounge: Half Day" })).toBeVisible();
      const tab = await opened;
      tabUrl = tab.url();
      await tab.close();
    },
  );
  expect(ms).toBeLessThan(HELD_CLICK_TIMEOUT_MS + 3_000);
  expect(new URL(tabUrl).pathname).toMatch(/^\/_demo\/booking\//);
  await expect(booking.getByRole("heading", { name: "Ready to Book?" })).toBeVisible();
  await expect(halfDay).not.toBeChecked();
  expect(await isHydrated(page)).toBe(false);
});

test("a gallery filter checked while the client entry throws sends its form as without JavaScript", async ({
  page,
  allowConsoleErrors,
}, testInfo) => {
  allowConsoleErrors(/broken client entry/);
  await breakClientEntry(page, "throws");
  await page.goto("/gallery");
  const exterior = page.getByRole("checkbox", { name: "Exterior" });
  const ms = await timed(
    testInfo,
    "/gallery filter, the client entry throws",
    () => exterior.locator("xpath=..").click(),
    () => expect(page).toHaveURL(/\/gallery\?tags=ext$/),
  );
  expect(ms).toBeLessThan(HELD_CLICK_TIMEOUT_MS + 3_000);
  await expect(page.getByRole("checkbox", { name: "Exterior" })).toBeChecked();
  expect(await isHydrated(page)).toBe(false);
});
