import type { Page } from "@playwright/test";
import { contactMessages } from "../../app/domain/contact.ts";
import { HELD_CLICK_TIMEOUT_MS } from "../../app/first-seconds/first-script.ts";
import { expect, test, waitForHydration } from "./support/fixtures";

/**
 * The first seconds (docs/decisions/023-the-first-seconds.md): until the page's modules have hydrated it, the page behaves as it
 * will after. Page views and clicks are recorded from the first byte, the first interaction starts
 * hydration, and a click on a control whose hydrated behaviour differs is held and replayed once the
 * page is hydrated. To act before hydration for certain, the tests hold the page's module scripts on
 * the network until they release them: no test depends on how fast the machine is.
 */

type GtagEntry = [string, string, Record<string, unknown>];

function events(page: Page, action: string): Promise<GtagEntry[]> {
  return page.evaluate(
    (wanted) =>
      (window.dataLayer ?? [])
        .map((entry) => Array.from(entry as ArrayLike<unknown>))
        .filter((entry) => entry[0] === "event" && entry[1] === wanted) as GtagEntry[],
    action,
  );
}

const labels = async (page: Page) => (await events(page, "button_click")).map(([, , params]) => params.event_label);

/**
 * Holds every module script of the page on the network; returns the function that lets them through.
 * A held click waits a few seconds for hydration before the control's no-JavaScript behaviour goes
 * ahead; on this shared machine, hydration after the release can take longer than that, so the page
 * gets twenty times as long here (the tests are about the replay; the fallback has tests of its own).
 */
async function holdModuleScripts(page: Page): Promise<() => void> {
  await page.addInitScript((holdMs) => {
    const setTimeoutOf = window.setTimeout;
    window.setTimeout = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) =>
      setTimeoutOf(handler, timeout === holdMs ? holdMs * 20 : timeout, ...rest)) as typeof window.setTimeout;
  }, HELD_CLICK_TIMEOUT_MS);
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await released;
    await route.continue().catch(() => {
      // The page went away meanwhile.
    });
  });
  return release;
}

const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));

/** Marks the document, so a later check can tell a client-side navigation from a new document. */
async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    (window as Window & { sameDocument?: boolean }).sameDocument = true;
  });
  return () => page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument === true);
}

test.describe("before the modules run", () => {
  test("with the module scripts blocked, the page view and a labelled click reach dataLayer", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(
      /Failed to load resource|Failed to fetch dynamically imported module|error loading dynamically/i,
    );
    await page.route(/\/assets\/[^?]+\.js(\?|$)/, (route) => route.abort());
    await page.goto("/coworking?utm_source=newsletter");
    const [view] = await events(page, "page_view");
    expect(view?.[2]).toMatchObject({
      page_path: "/coworking?utm_source=newsletter",
      page_location: expect.stringMatching(/\/coworking\?utm_source=newsletter$/),
    });
    await page.getByText("How much does coworking cost?").click();
    expect(await labels(page)).toEqual(["How much does coworking cost?"]);
    expect(await isHydrated(page)).toBe(false);
  });

  test("with the module scripts blocked, a video tile plays inline at once: the first script answers it", async ({
    page,
    context,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(
      /Failed to load resource|Failed to fetch dynamically imported module|error loading dynamically/i,
    );
    const tabs: string[] = [];
    context.on("page", (opened) => tabs.push(opened.url()));
    await page.route(/\/assets\/[^?]+\.js(\?|$)/, (route) => route.abort());
    await page.goto("/coworking");
    const tours = page.getByRole("region", { name: "Take a look around" });
    await tours
      .getByRole("button", { name: /^Play video: / })
      .first()
      .click();
    await expect(tours.locator("video")).toHaveCount(1);
    await expect(tours.locator("video")).toHaveAttribute("src", /\.mp4$/);
    await expect(tours.locator("video")).toBeFocused();
    expect(tabs).toEqual([]);
    expect(await isHydrated(page)).toBe(false);
    expect(await labels(page)).toEqual([expect.stringMatching(/^Play video: /)]);
  });

  test("/tour records its page view before the load event (its hero image never arrives)", async ({ page }) => {
    // The hero image never answers, so the page's load event never comes. (The booking calendar cannot
    // hold it: its frame is lazy and held until the first screen is done.)
    await page.route(/\/hero-tour\//, () => {});
    await page.goto("/tour", { waitUntil: "domcontentloaded" });
    const state = await page.evaluate(() => document.readyState);
    expect(state).not.toBe("complete");
    const views = await events(page, "page_view");
    expect(views.map(([, , params]) => params.page_path)).toEqual(["/tour"]);
  });

  test("the play buttons on /coworking are buttons at load", async ({ page }) => {
    const release = await holdModuleScripts(page);
    await page.goto("/coworking");
    const tours = page.getByRole("region", { name: "Take a look around" });
    await expect(tours.getByRole("button", { name: /^Play video: / })).toHaveCount(2);
    expect(await isHydrated(page)).toBe(false);
    release();
  });
});

test("a video tile whose poster is still loading is not ringed as a held tap", async ({ page }) => {
  // The posters never arrive: each stays in its loading state (ContentImage marks that aria-busy).
  await page.route(/\/images\/fallback\//, () => {});
  await page.goto("/coworking");
  await waitForHydration(page);
  const tours = page.getByRole("region", { name: "Take a look around" });
  const play = tours.getByRole("button", { name: /^Play video: / }).first();
  await play.scrollIntoViewIfNeeded();
  await expect(play.locator('[aria-busy="true"]')).toHaveCount(1);
  await expect(play.locator("xpath=..")).toHaveCSS("outline-style", "none");
});

test.describe("a click before hydration is held and replayed once hydrated", () => {
  test("a video tile clicked at DOMContentLoaded plays at once, and hydration keeps that player", async ({
    page,
    context,
  }) => {
    const release = await holdModuleScripts(page);
    const tabs: string[] = [];
    context.on("page", (opened) => tabs.push(opened.url()));
    await page.goto("/coworking", { waitUntil: "domcontentloaded" });
    const tours = page.getByRole("region", { name: "Take a look around" });
    await tours
      .getByRole("button", { name: /^Play video: / })
      .first()
      .click();
    expect(await isHydrated(page)).toBe(false);
    // The first script put the player in place in the click's own task, with nothing held.
    const player = tours.locator("video");
    await expect(player).toHaveCount(1);
    await expect(player).toHaveAttribute("src", /\.mp4$/);
    await expect(player).toHaveJSProperty("controls", true);
    await expect(player).toBeFocused();
    await expect(page.locator('[aria-busy="true"][data-hold-until-hydrated]')).toHaveCount(0);
    await player.evaluate((video) => {
      (video as HTMLVideoElement & { answered?: boolean }).answered = true;
    });
    release();
    await waitForHydration(page);
    // React hydrated the player the first script added (a mismatch would have rendered a new one, and
    // the console check would fail on React's hydration error) and its tile stays playing.
    await expect(player).toHaveCount(1);
    expect(await player.evaluate((video) => (video as HTMLVideoElement & { answered?: boolean }).answered)).toBe(true);
    await expect(tours.getByRole("button", { name: /^Play video: / })).toHaveCount(1);
    await expect(page.locator("noscript[data-answer-template]")).toHaveCount(1);
    expect(tabs).toEqual([]);
    expect(await labels(page)).toEqual([expect.stringMatching(/^Play video: /)]);
  });

  test("a booking option chosen before hydration is the browser's radio: its form at once, read by the hydrated section", async ({
    page,
    context,
  }) => {
    const release = await holdModuleScripts(page);
    const tabs: string[] = [];
    context.on("page", (opened) => tabs.push(opened.url()));
    await page.goto("/event-spaces", { waitUntil: "domcontentloaded" });
    const booking = page.getByRole("region", { name: "Book The Think Lounge" });
    const halfDay = booking.getByRole("radio", { name: "Select: Half Day" });
    await halfDay.locator("xpath=..").click();
    expect(await isHydrated(page)).toBe(false);
    // The browser checked the radio, and the stylesheet shows its form: nothing held, nothing busy.
    const form = booking.getByRole("region", { name: "Book the Think Lounge: Half Day" });
    await expect(form).toBeVisible();
    await expect(form.getByRole("status")).toHaveText("Loading booking form...");
    await expect(booking.getByText("Ready to Book?")).toBeHidden();
    await expect(halfDay).toBeChecked();
    await expect(halfDay).toBeFocused();
    await expect(page.locator("[aria-busy='true'] input, input[aria-busy]")).toHaveCount(0);
    await expect(form.locator("iframe")).toHaveCount(0);
    await form.evaluate((section) => {
      (section as HTMLElement & { answered?: boolean }).answered = true;
    });
    release();
    await waitForHydration(page);
    // The hydrated section read the checked radio: its calendar frame comes, in the same form.
    await expect(form.locator("iframe")).toHaveAttribute("src", /\/_demo\/booking\//);
    expect(await form.evaluate((section) => (section as HTMLElement & { answered?: boolean }).answered)).toBe(true);
    await form.getByRole("button", { name: "Close booking form" }).click();
    await expect(booking.getByRole("heading", { name: "Ready to Book?" })).toBeVisible();
    await expect(halfDay).not.toBeChecked();
    expect(tabs).toEqual([]);
    expect(await labels(page)).toEqual(["Select: Half Day", "Close booking form"]);
  });

  test("Load More adds the next posts in place at once, and the address follows hydration", async ({ page }) => {
    const release = await holdModuleScripts(page);
    await page.goto("/blog", { waitUntil: "domcontentloaded" });
    const sameDocument = await markDocument(page);
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(6);
    const titles = await cards.getByRole("heading").allTextContents();
    await page.getByRole("link", { name: "Load More" }).click();
    expect(await isHydrated(page)).toBe(false);
    // The first script put the longer list in place (its posts came with the page), with nothing held.
    await expect(cards).not.toHaveCount(6);
    const grown = await cards.getByRole("heading").allTextContents();
    expect(grown.slice(0, 6)).toEqual(titles);
    await expect(cards.nth(6).getByRole("link").first()).toBeFocused();
    await expect(page.locator('[aria-busy="true"][data-hold-until-hydrated]')).toHaveCount(0);
    await expect(page).toHaveURL(/\/blog$/);
    await page
      .locator("main ul")
      .filter({ has: cards.first() })
      .evaluate((list) => {
        (list as HTMLElement & { answered?: boolean }).answered = true;
      });
    release();
    await waitForHydration(page);
    // React hydrated that list (a mismatch would have rendered a new one, and failed the console
    // check), and the address follows.
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    const list = page.locator("main ul").filter({ has: cards.first() });
    expect(await list.evaluate((element) => (element as HTMLElement & { answered?: boolean }).answered)).toBe(true);
    await expect(cards.getByRole("heading")).toHaveText(grown);
    expect(await sameDocument()).toBe(true);
    expect(await labels(page)).toEqual(["Load More"]);
  });

  test("the gallery's Load More adds the next images at once; focus stays on Load More, as hydrated", async ({
    page,
  }) => {
    const release = await holdModuleScripts(page);
    await page.goto("/gallery", { waitUntil: "domcontentloaded" });
    const figures = page.getByRole("figure");
    await expect(figures).toHaveCount(12);
    const loadMore = page.getByRole("link", { name: "Load More" });
    await loadMore.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    await loadMore.click();
    expect(await isHydrated(page)).toBe(false);
    await expect(figures).toHaveCount(24);
    // The images hold nothing to focus: focus stays on Load More, which now leads one page further,
    // and the page does not scroll to it: the new images show where the visitor is.
    await expect(loadMore).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(loadMore).toHaveAttribute("href", "/gallery?page=3");
    release();
    await waitForHydration(page);
    await expect(page).toHaveURL(/\/gallery\?page=2$/);
    await expect(figures).toHaveCount(24);
  });

  test("a gallery filter is the browser's checkbox: checked at once, and the hydrated page changes the list in place", async ({
    page,
  }) => {
    const release = await holdModuleScripts(page);
    await page.goto("/gallery", { waitUntil: "domcontentloaded" });
    const sameDocument = await markDocument(page);
    const exterior = page.getByRole("checkbox", { name: "Exterior" });
    await exterior.locator("xpath=..").click();
    expect(await isHydrated(page)).toBe(false);
    // Drawn pressed by the browser at once, nothing held.
    await expect(exterior).toBeChecked();
    await expect(exterior.locator("xpath=..")).toHaveCSS("color", "rgb(255, 255, 255)");
    release();
    await waitForHydration(page);
    await expect(page).toHaveURL(/\/gallery\?tags=ext$/);
    await expect(page.getByRole("checkbox", { name: "Exterior" })).toBeChecked();
    expect(await sameDocument()).toBe(true);
    expect(await labels(page)).toEqual(["Exterior"]);
  });

  test("the contact form sent right at load is checked in the browser, and its messages are logged", async ({
    page,
  }) => {
    let release = await holdModuleScripts(page);
    await page.goto("/contact");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Send Message" }) });
    await form.getByRole("button", { name: "Send Message" }).click();
    expect(await isHydrated(page)).toBe(false);
    // The checks answer at once in the page, as the hydrated form does: the first empty field is focused,
    // its message shown where the hydrated form shows it, logged as that form logs it; nothing held or sent.
    await expect(form.getByLabel("Name")).toBeFocused();
    expect(await form.getByLabel("Name").evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    await expect(form.getByRole("alert")).toHaveText("Name is required.");
    await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    expect((await events(page, "form_validation_error")).map(([, , params]) => params.event_label)).toEqual([
      "Name is required.",
    ]);
    await expect(form.getByRole("button", { name: "Send Message" })).not.toHaveAttribute("aria-busy", "true");
    release();
    await waitForHydration(page);
    // Hydrated, the page's checks answer, in its own words.
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("alert")).toHaveText("Name is required.");
    await expect(form.getByLabel("Name")).toBeFocused();
    expect((await events(page, "form_validation_error")).map(([, , params]) => params.event_label)).toEqual([
      "Name is required.",
      "Name is required.",
    ]);
    expect(await labels(page)).toEqual(["Contact form: Send", "Contact form: Send"]);
    await form.getByLabel("Name").fill("Sam Rivers");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please enter a valid email address.");
    await expect(form.getByLabel("Email")).toBeFocused();

    await page.unrouteAll();
    release = await holdModuleScripts(page);
    await page.reload();
    // An address without a dot: the field's pattern is the page's rule, so the page's message comes at once.
    await form.getByLabel("Name").fill("Sam Rivers");
    await form.getByLabel("Email").fill("sam@example");
    await form.getByLabel("Phone").fill("(870) 555-0199");
    await form.getByLabel("How did you hear about us?").selectOption("Friend or Colleague");
    await form.getByRole("button", { name: "Send Message" }).click();
    expect(await isHydrated(page)).toBe(false);
    await expect(form.getByRole("alert")).toHaveText("Please enter a valid email address.");
    await expect(form.getByLabel("Email")).toBeFocused();
    await expect(form.getByRole("button", { name: "Send Message" })).not.toHaveAttribute("aria-busy", "true");
    // Every check passes but the one only the page makes (a name with a control character): held until hydrated.
    await form.getByLabel("Email").fill("sam@example.com");
    await form.locator('input[name="interests"][value="coworking-space"]').check();
    await form.getByLabel("Name").fill("Sam\tRivers");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("button", { name: "Send Message" })).toHaveAttribute("aria-busy", "true");
    release();
    await waitForHydration(page);
    await expect(form.getByRole("alert")).toHaveText(contactMessages.nameControlCharacters);
    await expect(form.getByLabel("Email")).toHaveValue("sam@example.com");
    const logged = await events(page, "form_validation_error");
    expect(logged.map(([, , params]) => params.event_label)).toEqual([
      "Please enter a valid email address.",
      contactMessages.nameControlCharacters,
    ]);
  });
});

test.describe("the contact form's problems before hydration", () => {
  test("come in the order the hydrated page and the server give them, each shown in the page", async ({ page }) => {
    const release = await holdModuleScripts(page);
    await page.goto("/contact");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Send Message" }) });
    await form.getByLabel("Name").fill("Sam Rivers");
    await form.getByLabel("Email").fill("sam@example.com");
    await form.getByLabel("Phone").fill("(870) 555-0199");
    // Neither an interest nor how they heard: the interests come first, as the page's checks take them.
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please select at least one area of interest.");
    await expect(form.locator('input[name="interests"]').first()).toBeFocused();
    await form.locator('input[name="interests"][value="coworking-space"]').check();
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please tell us how you heard about us.");
    await expect(form.getByLabel("How did you hear about us?")).toBeFocused();
    expect(await isHydrated(page)).toBe(false);
    release();
    await waitForHydration(page);
    // The hydrated form keeps the message it was shown with, and answers the same way.
    await expect(form.getByRole("alert")).toHaveText("Please tell us how you heard about us.");
    await form.locator('input[name="interests"][value="coworking-space"]').uncheck();
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please select at least one area of interest.");
  });
});

test.describe("another origin's script", () => {
  test("that throws before hydration gives up no held tap: the page hydrates and answers it", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/Script error|a widget broke/);
    const release = await holdModuleScripts(page);
    // A third party's script (an analytics tag, a widget) served from its own origin, throwing as it runs.
    await page.route("https://widget.example/**", (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: 'window.widgetRan = true; throw new Error("a widget broke (a test)");',
      }),
    );
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto("/contact");
    const sameDocument = await markDocument(page);
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Send Message" }) });
    // Only the page's own checks refuse this form (a name with a control character): Send is held.
    await form.getByLabel("Name").fill("Sam\tRivers");
    await form.getByLabel("Email").fill("sam@example.com");
    await form.getByLabel("Phone").fill("(870) 555-0199");
    await form.locator('input[name="interests"][value="coworking-space"]').check();
    await form.getByLabel("How did you hear about us?").selectOption("Friend or Colleague");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("button", { name: "Send Message" })).toHaveAttribute("aria-busy", "true");
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.src = "https://widget.example/broken.js";
      document.head.append(script);
    });
    await page.waitForFunction(() => (window as Window & { widgetRan?: boolean }).widgetRan === true);
    // The error came, and the tap is still held: nothing was sent without JavaScript.
    await expect(form.getByRole("button", { name: "Send Message" })).toHaveAttribute("aria-busy", "true");
    expect(posts).toEqual([]);
    expect(await isHydrated(page)).toBe(false);
    release();
    await waitForHydration(page);
    // Replayed on the hydrated page, whose checks answer in place.
    await expect(form.getByRole("alert")).toHaveText(contactMessages.nameControlCharacters);
    await expect(form.getByLabel("Email")).toHaveValue("sam@example.com");
    expect(await sameDocument()).toBe(true);
    expect(posts).toEqual([]);
  });
});

test.describe("state a visitor gave the page before hydration survives it", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("a mobile menu opened before hydration stays open, then closes, and its entries navigate", async ({ page }) => {
    const release = await holdModuleScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const banner = page.getByRole("banner");
    const menu = banner.getByText("Menu", { exact: true });
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await menu.click();
    await expect(mobileNav).toBeVisible();
    expect(await isHydrated(page)).toBe(false);
    release();
    await waitForHydration(page);
    await expect(mobileNav).toBeVisible();
    await menu.click();
    await expect(mobileNav).toBeHidden();

    await menu.click();
    const sameDocument = await markDocument(page);
    await mobileNav.getByRole("link", { name: "Coworking" }).click();
    await expect(page).toHaveURL(/\/coworking$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Coworking");
    await expect(mobileNav).toBeHidden();
    expect(await sameDocument()).toBe(true);
  });

  test("an entry of the mobile menu clicked before hydration navigates", async ({ page }) => {
    const release = await holdModuleScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.getByRole("banner").getByText("Menu", { exact: true }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Events" }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Events");
    release();
  });

  test("an FAQ answer opened before hydration stays open", async ({ page }) => {
    const release = await holdModuleScripts(page);
    await page.goto("/coworking", { waitUntil: "domcontentloaded" });
    const question = page.getByText("How much does coworking cost?");
    await question.click();
    const answer = page.locator("details", { has: question });
    await expect(answer).toHaveAttribute("open", "");
    release();
    await waitForHydration(page);
    await expect(answer).toHaveAttribute("open", "");
    await question.click();
    await expect(answer).not.toHaveAttribute("open", "");
  });
});
