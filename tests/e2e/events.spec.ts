import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { demoEvents } from "../../demo/events.ts";
import { expect, type IsolatedSite, test, waitForHydration } from "./support/fixtures";
import { jsonLdBlocks } from "./support/json-ld";

/** /events: the events service's list through the server, its states, structured data and calendar files. */

const now = new Date();
const listed = demoEvents(now).filter((event) => !event.cancelled);
const upcoming = listed
  .filter((event) => Date.parse(event.end_date) >= now.getTime())
  .sort((a, b) => a.start_date.localeCompare(b.start_date));
const past = listed
  .filter((event) => Date.parse(event.end_date) < now.getTime())
  .sort((a, b) => b.start_date.localeCompare(a.start_date));
const cancelled = demoEvents(now).filter((event) => event.cancelled);

test("lists the upcoming events, soonest first, with cover, date, time, price and RSVP; the past ones toggle", async ({
  page,
}) => {
  await page.goto("/events");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Events");
  const section = page.getByRole("region", { name: "Upcoming Events" });
  const cards = section.getByRole("article");
  await expect(cards.getByRole("heading")).toHaveText(upcoming.map((event) => event.title));
  for (const event of cancelled) await expect(page.getByText(event.title)).toHaveCount(0);
  const first = cards.first();
  const firstCover = first.locator("img");
  await expect(firstCover).toHaveAttribute("src", `/_demo/events/covers/${upcoming[0]!.slug}.webp`);
  // The browser takes the cover scaled to the size it shows, from the site.
  await expect(firstCover).toHaveAttribute(
    "srcset",
    new RegExp(`^/event-covers/${upcoming[0]!.uuid}-480\\.webp\\?v=[0-9a-z]+ 480w, `),
  );
  await expect(firstCover).toHaveJSProperty("complete", true);
  expect(await firstCover.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(
    new RegExp(`/event-covers/${upcoming[0]!.uuid}-(480|800)\\.webp\\?v=[0-9a-z]+$`),
  );
  expect(await firstCover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(first.locator("time")).toHaveText(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(first.getByText(/\d{1,2}:\d{2}.*(AM|PM) C[DS]T/)).toBeVisible();
  const free = upcoming.find((event) => event.price === 0);
  expect(free, "the demo has a free upcoming event").toBeDefined();
  await expect(section.getByRole("article").filter({ hasText: free!.title }).getByText("Free")).toBeVisible();
  const rsvp = first.getByRole("link", { name: /^RSVP/ });
  await expect(rsvp).toHaveAttribute("href", `/_demo/events/ozark-foundry/public/events/${upcoming[0]!.slug}`);
  await expect(rsvp).toHaveAttribute("target", "_blank");
  await expect(rsvp).toHaveAttribute("rel", "noopener noreferrer");

  // Show Past Events reveals the past events, most recent first, and hides them again.
  const pastSection = page.getByRole("region", { name: "Past Events" });
  const pastCards = pastSection.getByRole("article");
  await expect(pastCards.first()).toBeHidden();
  await pastSection.getByText("Show Past Events").click();
  await expect(pastCards.getByRole("heading")).toHaveText(past.map((event) => event.title));
  await expect(pastSection.getByText("Hide Past Events")).toBeVisible();
  await pastSection.getByText("Hide Past Events").click();
  await expect(pastCards.first()).toBeHidden();

  // The public event page opens through the site, with its cover.
  const [eventPage] = await Promise.all([page.context().waitForEvent("page"), rsvp.click()]);
  await eventPage.waitForLoadState();
  await expect(eventPage.getByRole("heading", { level: 1 })).toHaveText(upcoming[0]!.title);
  const cover = eventPage.locator("img.cover");
  await expect(cover).toHaveJSProperty("complete", true);
  expect(await cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
});

test("scaled covers are served for listed events only, in the offered widths", async ({ request }) => {
  const event = upcoming[0]!;
  const scaled = await request.get(`/event-covers/${event.uuid}-800.webp`);
  expect(scaled.status()).toBe(200);
  expect(scaled.headers()["content-type"]).toBe("image/webp");
  expect(scaled.headers()["cache-control"]).toBe("public, max-age=86400");
  const original = await request.get(`/_demo/events/covers/${event.slug}.webp`);
  expect((await scaled.body()).length).toBeLessThan((await original.body()).length);
  expect((await request.get(`/event-covers/${event.uuid}-123.webp`)).status()).toBe(404);
  expect((await request.get(`/event-covers/not-an-event-480.webp`)).status()).toBe(404);
  expect((await request.get(`/event-covers/${event.uuid}.webp`)).status()).toBe(404);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the events are in the page and the past ones still toggle", async ({ page }) => {
    await page.goto("/events");
    await expect(page.getByRole("region", { name: "Upcoming Events" }).getByRole("article")).toHaveCount(
      upcoming.length,
    );
    const pastSection = page.getByRole("region", { name: "Past Events" });
    await pastSection.getByText("Show Past Events").click();
    await expect(pastSection.getByRole("article")).toHaveCount(past.length);
  });
});

test("the server HTML describes each upcoming event as schema.org Event data", async ({ request }) => {
  const html = await (await request.get("/events")).text();
  const blocks = jsonLdBlocks(html);
  const events = blocks.filter((block) => block["@type"] === "Event");
  expect(events.map((event) => event.name)).toEqual(upcoming.map((event) => event.title));
  for (const event of events) {
    expect(event.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[56]:00$/);
    expect(event.endDate).toMatch(/-0[56]:00$/);
    expect(event.eventStatus).toBe("https://schema.org/EventScheduled");
    expect(event.eventAttendanceMode).toBe("https://schema.org/OfflineEventAttendanceMode");
    expect(event.location.address).toMatchObject({ "@type": "PostalAddress", addressRegion: "AR" });
    expect(event.offers).toMatchObject({ priceCurrency: "USD" });
    expect(event.offers.price).toMatch(/^\d+(\.\d+)?$/);
    expect(event.offers.url).toMatch(/^https:\/\/demo\.ozarkfoundry\.example\/_demo\/events\//);
    expect(event.organizer["@type"]).toBe("Organization");
  }
});

test("each upcoming event has a calendar file; an unknown or cancelled one is not found", async ({ request }) => {
  const html = await (await request.get("/events")).text();
  // The first upcoming event's calendar link, as the page has it.
  const href = /<a[^>]+href="(\/events\/[^"]+\.ics)"/.exec(html)?.[1] ?? "";
  expect(href).toBe(`/events/${upcoming[0]!.uuid}.ics`);
  const response = await request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(response.headers()["content-disposition"]).toBe(`attachment; filename="${upcoming[0]!.slug}.ics"`);
  const ics = (await response.text()).replace(/\r\n /g, "");
  expect(ics).toContain(`SUMMARY:${upcoming[0]!.title.replace(/[,;]/g, (mark) => `\\${mark}`)}`);
  expect(ics).toContain("LOCATION:Ozark Foundry\\, 118 Foundry Lane\\, Batesville\\, AR 72501");
  // The demo's ongoing event moves once an hour, so the start to expect is the one this page lists.
  const listedStart: string = jsonLdBlocks(html).find((block) => block["@type"] === "Event")?.startDate ?? "";
  expect(listedStart, "the page lists the event's start in its JSON-LD").not.toBe("");
  const utcBasic = new Date(listedStart)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  expect(ics).toContain(`DTSTART:${utcBasic}`);
  expect((await request.get("/events/no-such-event.ics")).status()).toBe(404);
  const cancelledUuid = cancelled[0]!.uuid;
  expect((await request.get(`/events/${cancelledUuid}.ics`)).status()).toBe(404);
});

test.describe("states driven through the events service", () => {
  const eventsUrl = (site: IsolatedSite) => `${site.url}/events`;

  test("a bare array answer lists the same events", async ({ page, isolatedSite }) => {
    isolatedSite.events.faults.add({ pathIncludes: "/events?", status: 200, body: demoEvents(new Date()) });
    await page.goto(eventsUrl(isolatedSite));
    await expect(page.getByRole("region", { name: "Upcoming Events" }).getByRole("article")).toHaveCount(
      upcoming.length,
    );
  });

  test("an empty list", async ({ page, isolatedSite }) => {
    isolatedSite.events.faults.add({ pathIncludes: "/events?", status: 200, body: { data: [] } });
    await page.goto(eventsUrl(isolatedSite));
    await expect(page.getByText("No events found. Check the API response in console.")).toBeVisible();
  });

  test("only past events", async ({ page, isolatedSite }) => {
    isolatedSite.events.faults.add({
      pathIncludes: "/events?",
      status: 200,
      body: { data: demoEvents(new Date()).filter((event) => Date.parse(event.end_date) < Date.now()) },
    });
    await page.goto(eventsUrl(isolatedSite));
    await expect(page.getByText("No upcoming events.")).toBeVisible();
    await expect(page.getByText("Show Past Events")).toBeVisible();
  });

  test("a failing token endpoint: a warning in the log, the empty message on the page", async ({
    page,
    isolatedSite,
  }) => {
    isolatedSite.events.faults.add({ pathIncludes: "/v1/authenticate", status: 500, body: { error: "down" } });
    await page.goto(eventsUrl(isolatedSite));
    await expect(page.getByText("No events found. Check the API response in console.")).toBeVisible();
    expect(isolatedSite.output()).toContain("No events token");
  });

  test("a failing events endpoint", async ({ page, isolatedSite }) => {
    isolatedSite.events.faults.add({ pathIncludes: "/events?", status: 502, body: { error: "bad gateway" } });
    await page.goto(eventsUrl(isolatedSite));
    await expect(page.getByText("No events found. Check the API response in console.")).toBeVisible();
  });

  test("a slow events endpoint shows 'Loading events...', then the events", async ({ page, isolatedSite }) => {
    const eventsLoad = Promise.withResolvers<void>();
    isolatedSite.events.faults.add({ pathIncludes: "/events?", until: eventsLoad.promise });
    await page.goto(eventsUrl(isolatedSite), { waitUntil: "commit" });
    await expect(page.getByText("Loading events...")).toBeVisible();
    eventsLoad.resolve();
    await expect(page.getByRole("region", { name: "Upcoming Events" })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText("Loading events...")).toHaveCount(0);
  });

  test("only cancelled events: 'Upcoming Events' says 'No upcoming events.', not 'No events found'", async ({
    page,
    isolatedSite,
  }) => {
    const onlyCancelled = demoEvents(new Date()).map((event) => ({ ...event, cancelled: true }));
    isolatedSite.events.faults.add({ pathIncludes: "/events?", status: 200, body: { data: onlyCancelled } });
    await page.goto(eventsUrl(isolatedSite));
    const section = page.getByRole("region", { name: "Upcoming Events" });
    await expect(section.getByText("No upcoming events.")).toBeVisible();
    await expect(page.getByText("No events found", { exact: false })).toHaveCount(0);
    await expect(page.getByRole("article")).toHaveCount(0);
  });

  test.describe("an events service slower than the page's streaming budget", () => {
    // The page gives a streamed section 4 s; this service's answer is held until the site has said, in
    // its log, that the section was late and the browser will ask again.
    const answerWhenLate = async (site: IsolatedSite, answer: PromiseWithResolvers<void>) => {
      await expect.poll(() => site.output(), { timeout: 15_000 }).toContain("the browser will ask again");
      answer.resolve();
    };

    // Records every text the page ever held, so a message that flashed by is caught too.
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        new MutationObserver(() => seen.push(document.body?.textContent ?? "")).observe(document, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      });
    });

    test("/events keeps 'Loading events...' and lists the events when the service answers", async ({
      page,
      isolatedSite,
    }) => {
      const answer = Promise.withResolvers<void>();
      isolatedSite.events.faults.add({ pathIncludes: "/events?", until: answer.promise, times: 1 });
      await page.goto(eventsUrl(isolatedSite), { waitUntil: "commit" });
      await expect(page.getByText("Loading events...")).toBeVisible();
      await answerWhenLate(isolatedSite, answer);
      const cards = page.getByRole("region", { name: "Upcoming Events" }).getByRole("article");
      await expect(cards).toHaveCount(upcoming.length, { timeout: 15_000 });
      await expect(page.getByText("Loading events...")).toHaveCount(0);
      const shown = await page.evaluate(() => (window as unknown as { seen: string[] }).seen.join("\n"));
      expect(shown).toContain("Loading events...");
      expect(shown).not.toContain("No events found");
    });

    test("the home page's events come back when the service answers", async ({ page, isolatedSite }) => {
      const answer = Promise.withResolvers<void>();
      isolatedSite.events.faults.add({ pathIncludes: "/events?", until: answer.promise, times: 1 });
      await page.goto(isolatedSite.url, { waitUntil: "commit" });
      await expect(page.getByText("Loading upcoming events")).toBeAttached();
      await answerWhenLate(isolatedSite, answer);
      const section = page.getByRole("region", { name: "Upcoming Events" });
      await expect(section.getByRole("article")).toHaveCount(Math.min(3, upcoming.length), { timeout: 15_000 });
      await expect(section.getByRole("article").first()).toContainText(upcoming[0]!.title);
    });
  });

  test("a cover that fails to load is replaced by the placeholder", async ({
    page,
    isolatedSite,
    allowConsoleErrors,
  }) => {
    isolatedSite.events.faults.add({ pathIncludes: "/covers/", status: 404, body: { error: "gone" } });
    // The site cannot scale a cover it cannot fetch, and says so with a 502.
    allowConsoleErrors(/status of 502/);
    await page.goto(eventsUrl(isolatedSite));
    await waitForHydration(page);
    const image = page.getByRole("region", { name: "Upcoming Events" }).getByRole("article").first().locator("img");
    await expect(image).toHaveAttribute("src", "/images/event-placeholder.webp");
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  });

  test("the client secret reaches no page, data response or browser file", async ({ request, isolatedSite }) => {
    const secret = isolatedSite.events.clientSecret;
    for (const address of ["/events", "/events.data", "/", "/_.data", `/events/${upcoming[0]!.uuid}.ics`]) {
      const body = await (await request.get(`${isolatedSite.url}${address}`)).text();
      expect(body.includes(secret), address).toBe(false);
      expect(body.includes("client_secret"), address).toBe(false);
    }
    const clientDir = path.resolve("build/client");
    for (const entry of await readdir(clientDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const text = await readFile(path.join(entry.parentPath, entry.name), "latin1");
      expect(text.includes(secret), entry.name).toBe(false);
    }
  });
});
