import ICAL from "ical.js";
import { addDays, type CalendarDate, calendarDateIn, demoEvents, wallTimeToUtc } from "../../demo/events.ts";
import { liveContentEnv, liveEventsEnv } from "./support/content-stand-in.ts";
import { expect, type IsolatedSite, test } from "./support/fixtures";
import { DEMO_SITE } from "./support/servers";
import { spawnSite } from "./support/spawn-site.ts";

/**
 * The events calendar people subscribe to (docs/architecture.md#feeds), read as a calendar app reads it:
 * by ical.js, with only the time zone the calendar itself defines. Each event keeps its UID; a moved
 * event's SEQUENCE and LAST-MODIFIED rise and survive a restart; a cancelled one is marked until it is
 * past; times are right on both sides of a daylight-saving change; an events service that never
 * answered gets a 503, never an empty calendar.
 */

const ZONE = "America/Chicago";
const DAY = 24 * 60 * 60_000;

interface SubscribedEvent {
  uid: string;
  summary: string;
  status: string;
  sequence: number;
  lastModified: string;
  /** Local wall-clock start as the file gives it, and the instant ical.js makes of it. */
  localStart: string;
  start: string;
  end: string;
  zone: string | undefined;
}

/** The calendar as a subscriber's calendar app sees it. */
function subscriberView(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  ICAL.TimezoneService.reset();
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent").map((component): SubscribedEvent => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      status: String(component.getFirstPropertyValue("status")),
      sequence: event.sequence,
      lastModified: (component.getFirstPropertyValue("last-modified") as ICAL.Time).toJSDate().toISOString(),
      localStart: event.startDate.toString(),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      zone: event.startDate.zone?.tzid,
    };
  });
  return { calendar, events };
}

async function fetchCalendar(base: string) {
  const response = await fetch(`${base}/events.ics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  return subscriberView(await response.text());
}

const uidOf = (uuid: string, host: string) => `${uuid}@${host}`;

test("lists every event not yet ended, cancelled ones marked, and the last four weeks' past ones, in the hub's zone", async ({
  request,
}) => {
  const response = await request.get("/events.ics");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=300");
  const { calendar, events } = subscriberView(await response.text());
  expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Ozark Foundry events");
  expect(calendar.getFirstPropertyValue("refresh-interval")?.toString()).toBe("PT1H");
  expect(calendar.getFirstPropertyValue("x-published-ttl")).toBe("PT1H");
  expect(calendar.getFirstPropertyValue("source")).toBe(`${DEMO_SITE.siteUrl}/events.ics`);

  const now = Date.now();
  const host = new URL(DEMO_SITE.siteUrl).hostname;
  const expected = demoEvents(new Date(now)).filter((event) => {
    const end = Date.parse(event.end_date);
    return end >= now || (!event.cancelled && end >= now - 28 * DAY);
  });
  // The demo has past events both within the four weeks and before them, and cancelled ones on either side of now.
  expect(expected.length).toBeLessThan(demoEvents(new Date(now)).length);
  expect(events.map((event) => event.uid).sort()).toEqual(expected.map((event) => uidOf(event.uuid, host)).sort());
  for (const demo of expected) {
    const event = events.find((candidate) => candidate.uid === uidOf(demo.uuid, host))!;
    expect(event.zone, demo.slug).toBe(ZONE);
    expect(event.start, demo.slug).toBe(demo.start_date);
    expect(event.end, demo.slug).toBe(demo.end_date);
    expect(event.status, demo.slug).toBe(demo.cancelled ? "CANCELLED" : "CONFIRMED");
  }
  const pitchNight = demoEvents(new Date(now)).find((event) => event.slug === "startup-pitch-night")!;
  expect(events.find((event) => event.uid === uidOf(pitchNight.uuid, host))?.summary).toBe(
    `Cancelled: ${pitchNight.title}`,
  );

  // Asked again, every event keeps its UID and its SEQUENCE.
  const again = subscriberView(await (await request.get("/events.ics")).text()).events;
  expect(again.map(({ uid, sequence }) => [uid, sequence])).toEqual(events.map(({ uid, sequence }) => [uid, sequence]));
});

test.describe("the Subscribe links", () => {
  test.use({ javaScriptEnabled: false });

  test("the events page and the home page's events offer the calendar as webcal:, beside each event's own file", async ({
    page,
  }) => {
    const webcal = `${DEMO_SITE.siteUrl.replace(/^https:/, "webcal:")}/events.ics`;
    await page.goto("/events");
    const upcoming = page.getByRole("region", { name: "Upcoming Events" });
    const subscribe = upcoming.getByRole("link", { name: "Subscribe to the events calendar" });
    await expect(subscribe).toHaveAttribute("href", webcal);
    await expect(subscribe).toHaveText("Subscribe to the events calendar");
    const google = upcoming.getByRole("link", { name: /^Google Calendar/ });
    await expect(google).toHaveAttribute(
      "href",
      `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
    );
    await expect(google).toHaveAttribute("target", "_blank");
    await expect(google).toHaveAttribute("rel", "noopener noreferrer");
    // The address to paste elsewhere, written out whole (a link on this site, so a click fetches it here).
    await expect(upcoming.getByRole("link", { name: `${DEMO_SITE.siteUrl}/events.ics` })).toHaveAttribute(
      "href",
      "/events.ics",
    );
    await expect(upcoming.getByRole("link", { name: /^Add to calendar/ }).first()).toBeVisible();
    await expect(page.locator('head link[rel="alternate"][type="text/calendar"]')).toHaveAttribute(
      "href",
      "/events.ics",
    );

    await page.goto("/");
    const homeEvents = page.getByRole("region", { name: "Upcoming Events" });
    await expect(homeEvents.getByRole("link", { name: "Subscribe to the events calendar" })).toHaveAttribute(
      "href",
      webcal,
    );
    await expect(homeEvents.getByRole("link", { name: /^Add to calendar/ })).toHaveCount(3);
  });
});

test("a copy that is still current gets a 304 with its validators; a malformed If-None-Match gets the calendar", async ({
  request,
}) => {
  const full = await request.get("/events.ics");
  const { etag, "last-modified": lastModified } = full.headers();
  expect(etag).toMatch(/^W\/"[\w-]+"$/);
  const body = await full.text();
  for (const headers of [{ "If-None-Match": etag! }, { "If-Modified-Since": lastModified! }] as Record<
    string,
    string
  >[]) {
    const notModified = await request.get("/events.ics", { headers });
    expect(notModified.status(), JSON.stringify(headers)).toBe(304);
    expect(notModified.headers()).toMatchObject({
      etag,
      "last-modified": lastModified,
      "cache-control": "public, max-age=300",
    });
    expect(await notModified.body()).toHaveLength(0);
  }
  const malformed = await request.get("/events.ics", { headers: { "If-None-Match": "no quotes, at all" } });
  expect(malformed.status()).toBe(200);
  expect(await malformed.text()).toBe(body);
});

/**
 * The events cache keeps the service's answer for a minute; rather than wait, the test lets the site read
 * the service again through its test reset (which forgets caches, not the lead store's settings, where
 * the revisions are kept).
 */
async function readEventsAgain(site: IsolatedSite): Promise<void> {
  expect((await fetch(`${site.url}/__test/reset`, { method: "POST" })).status).toBe(200);
}

test("a moved event moves in the subscriber's calendar, a cancelled one is marked; the revisions survive a restart", async ({
  isolatedSite,
}, testInfo) => {
  test.setTimeout(60_000);
  const host = new URL("https://hub.example.org").hostname;
  const byUid = (events: SubscribedEvent[], uuid: string) => events.find((event) => event.uid === uidOf(uuid, host))!;
  const listed = isolatedSite.events.events();
  const moved = listed.find((event) => event.slug === "tech-meetup")!;
  const cancelled = listed.find((event) => event.slug === "podcasting-101")!;
  const untouched = listed.find((event) => event.slug === "founders-breakfast")!;

  const before = (await fetchCalendar(isolatedSite.url)).events;
  // A week later, at the same time of day.
  const newStart = new Date(Date.parse(moved.start_date) + 7 * DAY);
  const newEnd = new Date(Date.parse(moved.end_date) + 7 * DAY);
  isolatedSite.events.editEvent(moved.uuid, {
    start_date: wallTimeToUtc(calendarDateIn(newStart, ZONE), wallClock(moved.start_date), ZONE).toISOString(),
    end_date: wallTimeToUtc(calendarDateIn(newEnd, ZONE), wallClock(moved.end_date), ZONE).toISOString(),
  });
  isolatedSite.events.editEvent(cancelled.uuid, { cancelled: true });
  await readEventsAgain(isolatedSite);
  const after = (await fetchCalendar(isolatedSite.url)).events;

  const view = (events: SubscribedEvent[]) => [moved, cancelled, untouched].map((event) => byUid(events, event.uuid));
  await testInfo.attach("subscriber's view before and after", {
    body: JSON.stringify({ before: view(before), after: view(after) }, null, 2),
    contentType: "application/json",
  });

  const [movedBefore, cancelledBefore, untouchedBefore] = view(before);
  const [movedAfter, cancelledAfter, untouchedAfter] = view(after);
  expect(movedAfter!.uid).toBe(movedBefore!.uid);
  expect(movedAfter!.sequence).toBeGreaterThan(movedBefore!.sequence);
  expect(Date.parse(movedAfter!.lastModified)).toBeGreaterThan(Date.parse(movedBefore!.lastModified));
  expect(movedAfter!.localStart.slice(11)).toBe(movedBefore!.localStart.slice(11));
  expect(movedAfter!.localStart.slice(0, 10)).not.toBe(movedBefore!.localStart.slice(0, 10));
  expect(movedAfter!.start).toBe(isolatedSite.events.events().find((event) => event.uuid === moved.uuid)!.start_date);

  expect(cancelledBefore!.status).toBe("CONFIRMED");
  expect(cancelledAfter).toMatchObject({
    uid: cancelledBefore!.uid,
    status: "CANCELLED",
    summary: `Cancelled: ${cancelled.title}`,
  });
  expect(cancelledAfter!.sequence).toBeGreaterThan(cancelledBefore!.sequence);
  expect(untouchedAfter).toEqual(untouchedBefore);
  // The events page no longer shows the cancelled event; the calendar keeps it, marked, until it is past.
  expect(await (await fetch(`${isolatedSite.url}/events`)).text()).not.toContain(cancelled.title);

  // The same revisions after a restart on the same data.
  await isolatedSite.stop();
  const restarted = await spawnSite({
    ...liveContentEnv(isolatedSite.content),
    ...liveEventsEnv(isolatedSite.events),
    DATA_DIR: isolatedSite.dataDir,
  });
  try {
    const again = (await fetchCalendar(restarted.url)).events;
    expect(view(again)).toEqual(view(after));
  } finally {
    await restarted.stop();
  }
});

function wallClock(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}

/** The next two days on which the zone's offset changes (one in March, one in November), from `from`. */
function nextOffsetChanges(from: Date): CalendarDate[] {
  const offset = (day: CalendarDate) =>
    wallTimeToUtc(day, "12:00", ZONE).getTime() - Date.UTC(day.year, day.month - 1, day.day, 12);
  const changes: CalendarDate[] = [];
  let day = calendarDateIn(from, ZONE);
  for (let step = 0; step < 800 && changes.length < 2; step++) {
    const next = addDays(day, 1);
    if (offset(next) !== offset(day)) changes.push(next);
    day = next;
  }
  return changes;
}

test("an event on each side of the next two daylight-saving changes is at its wall-clock time and its instant", async ({
  isolatedSite,
}) => {
  const changes = nextOffsetChanges(new Date(Date.now() + 2 * DAY));
  expect(changes.map((change) => change.month).sort((a, b) => a - b)).toEqual([3, 11]);
  const slugs = ["founders-breakfast", "tech-meetup", "web-design-workshop", "ai-for-small-business"];
  const placed = changes.flatMap((change, index) =>
    [addDays(change, -1), addDays(change, 1)].map((day, side) => {
      const event = isolatedSite.events.events().find((candidate) => candidate.slug === slugs[index * 2 + side])!;
      const start = wallTimeToUtc(day, "18:00", ZONE).toISOString();
      const end = wallTimeToUtc(day, "20:00", ZONE).toISOString();
      isolatedSite.events.editEvent(event.uuid, { start_date: start, end_date: end });
      return { uuid: event.uuid, day, start, end };
    }),
  );
  const { events } = await fetchCalendar(isolatedSite.url);
  const offsets = new Set<number>();
  for (const { uuid, day, start, end } of placed) {
    const event = events.find((candidate) => candidate.uid === uidOf(uuid, "hub.example.org"))!;
    const date = `${day.year}-${String(day.month).padStart(2, "0")}-${String(day.day).padStart(2, "0")}`;
    expect(event).toMatchObject({ zone: ZONE, localStart: `${date}T18:00:00`, start, end });
    offsets.add((Date.parse(start) - Date.parse(`${date}T18:00:00Z`)) / 3_600_000);
  }
  // 6 PM is 23:00 UTC in daylight time and midnight UTC in standard time: both were checked.
  expect([...offsets].sort()).toEqual([5, 6]);
});

test("an events service that never answered gets a 503 with Retry-After, never an empty calendar", async ({
  isolatedSite,
}) => {
  isolatedSite.events.faults.add({ status: 503, body: { error: "unavailable" } });
  const unavailable = await fetch(`${isolatedSite.url}/events.ics`);
  expect(unavailable.status).toBe(503);
  expect(unavailable.headers.get("retry-after")).toBe("120");
  expect(unavailable.headers.get("cache-control")).toBe("no-store");
  expect(await unavailable.text()).not.toContain("BEGIN:VCALENDAR");

  isolatedSite.events.faults.clear();
  const { events } = await fetchCalendar(isolatedSite.url);
  expect(events.length).toBeGreaterThan(0);
});
