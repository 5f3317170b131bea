import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_EVENTS_CLIENT_ID,
  DEMO_EVENTS_CLIENT_SECRET,
  DEMO_EVENTS_SPACE,
  type DemoEvent,
  demoEvents,
  type EventsStandIn,
  type EventsStandInOptions,
  startEventsStandIn,
} from "./events.ts";

const SLUGS = [
  "founders-breakfast",
  "podcasting-101",
  "small-business-grants",
  "open-house",
  "tech-meetup",
  "think-lounge-showcase",
  "women-in-business-lunch",
  "startup-pitch-night",
  "holiday-mixer",
  "web-design-workshop",
  "ai-for-small-business",
  "community-cleanup",
];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const COVER_BYTES = Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 demo-cover");

let workDir: string;
let coversDir: string;
const running: EventsStandIn[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "events-stand-in-"));
  coversDir = join(workDir, "covers");
  await mkdir(coversDir);
  await writeFile(join(coversDir, "founders-breakfast.webp"), COVER_BYTES);
  await writeFile(join(workDir, "secret.webp"), "TOP SECRET");
});

afterAll(async () => {
  await Promise.all(running.map((service) => service.close()));
  await rm(workDir, { recursive: true, force: true });
});

async function start(overrides: Partial<EventsStandInOptions> = {}): Promise<EventsStandIn> {
  const service = await startEventsStandIn({
    clientId: DEMO_EVENTS_CLIENT_ID,
    clientSecret: DEMO_EVENTS_CLIENT_SECRET,
    space: DEMO_EVENTS_SPACE,
    coversDir,
    ...overrides,
  });
  running.push(service);
  return service;
}

function authenticate(
  service: EventsStandIn,
  body: unknown = {
    client_id: service.clientId,
    client_secret: service.clientSecret,
  },
): Promise<Response> {
  return fetch(`${service.url}/v1/authenticate`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function tokenFor(service: EventsStandIn): Promise<string> {
  const response = await authenticate(service);
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

function getEvents(service: EventsStandIn, token: string | null, query = "?withEnded=true", space = service.space) {
  return fetch(`${service.url}/v1/spaces/${space}/events${query}`, {
    headers: token === null ? {} : { Authorization: `Bearer ${token}` },
  });
}

/** A GET with the path sent exactly as written (fetch would normalise `..` segments away). */
function rawGet(service: EventsStandIn, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${service.url}/`, { path, method: "GET" }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

function centralWallClock(isoInstant: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "America/Chicago",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(isoInstant));
}

function bySlug(events: DemoEvent[], slug: string): DemoEvent {
  const event = events.find((candidate) => candidate.slug === slug);
  if (!event) throw new Error(`no event ${slug}`);
  return event;
}

interface Classified {
  upcoming: DemoEvent[];
  ongoing: DemoEvent[];
  past: DemoEvent[];
  cancelled: DemoEvent[];
}

function classify(events: DemoEvent[], now: Date): Classified {
  const at = now.getTime();
  const result: Classified = { upcoming: [], ongoing: [], past: [], cancelled: [] };
  for (const event of events) {
    if (event.cancelled) result.cancelled.push(event);
    else if (Date.parse(event.end_date) < at) result.past.push(event);
    else if (Date.parse(event.start_date) <= at) result.ongoing.push(event);
    else result.upcoming.push(event);
  }
  return result;
}

describe("authentication", () => {
  let service: EventsStandIn;
  beforeAll(async () => {
    service = await start();
  });

  it("issues a distinct bearer token for the right credentials", async () => {
    const first = await authenticate(service);
    expect(first.status).toBe(200);
    const body = (await first.json()) as Record<string, unknown>;
    expect(body.token_type).toBe("Bearer");
    expect(body.expires_in).toBe(3600);
    expect(typeof body.access_token).toBe("string");
    expect((body.access_token as string).length).toBeGreaterThanOrEqual(20);
    expect(await tokenFor(service)).not.toBe(body.access_token);
  });

  it("rejects a wrong secret or client id with 401 invalid_client", async () => {
    for (const credentials of [
      { client_id: service.clientId, client_secret: "wrong" },
      { client_id: "someone-else", client_secret: service.clientSecret },
    ]) {
      const response = await authenticate(service, credentials);
      expect(response.status).toBe(401);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body.error).toBe("invalid_client");
      expect(typeof body.message).toBe("string");
    }
  });

  it("answers 400 to malformed JSON and to missing fields", async () => {
    expect((await authenticate(service, "{not json")).status).toBe(400);
    expect((await authenticate(service, { client_id: service.clientId })).status).toBe(400);
    expect((await authenticate(service, { client_secret: service.clientSecret })).status).toBe(400);
    expect((await authenticate(service, "null")).status).toBe(400);
  });

  it("only accepts POST", async () => {
    const response = await fetch(`${service.url}/v1/authenticate`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});

describe("event list", () => {
  const now = new Date("2026-06-15T17:00:00Z");
  let service: EventsStandIn;
  let arrayService: EventsStandIn;
  beforeAll(async () => {
    service = await start({ now: () => now });
    arrayService = await start({ now: () => now, responseShape: "array" });
  });

  it("requires a bearer token", async () => {
    const missing = await getEvents(service, null);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await getEvents(service, "made-up-token")).status).toBe(401);
  });

  it("answers 404 for an unknown space", async () => {
    const token = await tokenFor(service);
    expect((await getEvents(service, token, "?withEnded=true", "some-other-space")).status).toBe(404);
  });

  it("lists every event with withEnded=true, wrapped in data by default", async () => {
    const response = await getEvents(service, await tokenFor(service));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: DemoEvent[] };
    expect(body.data.map((event) => event.slug).sort()).toEqual([...SLUGS].sort());
    expect(body.data).toEqual(demoEvents(now));
  });

  it("leaves out events that have ended without withEnded=true", async () => {
    const body = (await (await getEvents(service, await tokenFor(service), "")).json()) as { data: DemoEvent[] };
    const slugs = body.data.map((event) => event.slug);
    expect(slugs).toHaveLength(8);
    for (const ended of ["open-house", "women-in-business-lunch", "holiday-mixer", "community-cleanup"]) {
      expect(slugs).not.toContain(ended);
    }
    expect(slugs).toContain("think-lounge-showcase");
    expect(slugs).toContain("startup-pitch-night");
    for (const event of body.data) expect(Date.parse(event.end_date)).toBeGreaterThanOrEqual(now.getTime());
  });

  it("answers a bare array when configured so", async () => {
    const body = (await (await getEvents(arrayService, await tokenFor(arrayService))).json()) as DemoEvent[];
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(12);
  });

  it("gives each event the documented fields", async () => {
    const body = (await (await getEvents(service, await tokenFor(service))).json()) as { data: DemoEvent[] };
    for (const event of body.data) {
      expect(Object.keys(event).sort()).toEqual(
        ["uuid", "title", "description", "cover", "start_date", "end_date", "slug", "price", "cancelled"].sort(),
      );
      expect(event.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(event.cover).toBe(`/covers/${event.slug}.webp`);
      expect(event.start_date).toBe(new Date(event.start_date).toISOString());
      expect(Date.parse(event.end_date)).toBeGreaterThan(Date.parse(event.start_date));
      expect(event.description.length).toBeGreaterThan(200);
      expect(event.title.length).toBeGreaterThan(5);
    }
    expect(new Set(body.data.map((event) => event.uuid)).size).toBe(12);
    expect(body.data.filter((event) => event.price === null)).toHaveLength(1);
    expect(body.data.some((event) => event.price === 0)).toBe(true);
    expect(body.data.some((event) => typeof event.price === "number" && event.price > 0)).toBe(true);
  });
});

describe("token expiry", () => {
  it("accepts a token until its lifetime has passed", async () => {
    let clock = new Date("2026-02-01T12:00:00Z");
    const service = await start({ now: () => clock, tokenTtlSeconds: 60 });
    const response = await authenticate(service);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    expect(body.expires_in).toBe(60);

    clock = new Date(clock.getTime() + 59_000);
    expect((await getEvents(service, body.access_token)).status).toBe(200);
    clock = new Date(clock.getTime() + 1_000);
    expect((await getEvents(service, body.access_token)).status).toBe(401);
    expect((await getEvents(service, await tokenFor(service))).status).toBe(200);
  });

  it("remembers at most a thousand live tokens, forgetting the oldest first", async () => {
    const service = await start();
    const first = await tokenFor(service);
    const second = await tokenFor(service);
    for (let issued = 2; issued < 1_001; issued++) await tokenFor(service);
    expect((await getEvents(service, first)).status).toBe(401);
    expect((await getEvents(service, second)).status).toBe(200);
    // A thousand token requests: on a busy machine, well over the default 5 s.
  }, 30_000);
});

describe("relative dating", () => {
  it("has 6 upcoming, 1 ongoing, 3 past and 2 cancelled events at any moment of the year", () => {
    const first = Date.parse("2026-01-01T00:00:00Z");
    // Seven-hour steps land on every hour of the Central day over the year, DST changes included.
    for (let at = first; at < first + 366 * DAY; at += 7 * HOUR) {
      const now = new Date(at);
      const groups = classify(demoEvents(now), now);
      expect(groups.upcoming, now.toISOString()).toHaveLength(6);
      expect(groups.ongoing, now.toISOString()).toHaveLength(1);
      expect(groups.past, now.toISOString()).toHaveLength(3);
      expect(groups.cancelled, now.toISOString()).toHaveLength(2);

      for (const event of groups.upcoming) {
        const lead = Date.parse(event.start_date) - at;
        expect(lead, event.slug).toBeGreaterThanOrEqual(2 * DAY);
        expect(lead, event.slug).toBeLessThanOrEqual(45 * DAY);
      }
      for (const event of groups.past) {
        const since = at - Date.parse(event.end_date);
        expect(since, event.slug).toBeGreaterThanOrEqual(3 * DAY);
        expect(since, event.slug).toBeLessThanOrEqual(60 * DAY);
      }
      const [ongoing] = groups.ongoing;
      const began = at - Date.parse(ongoing!.start_date);
      const ends = Date.parse(ongoing!.end_date) - at;
      expect(began).toBeGreaterThanOrEqual(HOUR);
      expect(began).toBeLessThan(2 * HOUR);
      expect(ends).toBeGreaterThan(2 * HOUR);
      expect(ends).toBeLessThanOrEqual(3 * HOUR);

      const cancelledStarts = groups.cancelled.map((event) => Date.parse(event.start_date) > at);
      expect(cancelledStarts.sort()).toEqual([false, true]);
    }
    // Some 1,250 moments of the year, each checked whole: on a busy machine, well over the default 5 s.
  }, 30_000);

  it("dates its events in the zone it is given, like the site (TZ_SITE)", () => {
    const now = new Date("2026-03-02T18:00:00Z");
    const slug = "founders-breakfast";
    const central = demoEvents(now, "America/Chicago").find((event) => event.slug === slug)!;
    const tokyo = demoEvents(now, "Asia/Tokyo").find((event) => event.slug === slug)!;
    // Three days ahead at 07:30 local time: March 5 in Chicago (CST, UTC-6); in Tokyo it is already
    // March 3 at the moment `now`, so March 6, which is 22:30 UTC on March 5.
    expect(central.start_date).toBe("2026-03-05T13:30:00.000Z");
    expect(tokyo.start_date).toBe("2026-03-05T22:30:00.000Z");
    expect(
      new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Tokyo", hour: "numeric", minute: "2-digit" }).format(
        new Date(tokyo.start_date),
      ),
    ).toBe("7:30 AM");
  });

  it("classifies the same way over HTTP against the injected clock", async () => {
    const now = new Date("2026-11-20T09:15:00Z");
    const service = await start({ now: () => now });
    const body = (await (await getEvents(service, await tokenFor(service))).json()) as { data: DemoEvent[] };
    const groups = classify(body.data, now);
    expect(groups.ongoing.map((event) => event.slug)).toEqual(["think-lounge-showcase"]);
    expect(groups.cancelled.map((event) => event.slug).sort()).toEqual(["community-cleanup", "startup-pitch-night"]);
    expect(groups.past.map((event) => event.slug).sort()).toEqual([
      "holiday-mixer",
      "open-house",
      "women-in-business-lunch",
    ]);
    expect(groups.upcoming).toHaveLength(6);
  });

  it("starts the founders' breakfast at 7:30 Central time on either side of a DST change", () => {
    // 2026-03-08 is the day daylight saving time begins in the US.
    const beforeChange = bySlug(demoEvents(new Date("2026-03-04T18:00:00Z")), "founders-breakfast");
    expect(beforeChange.start_date).toBe("2026-03-07T13:30:00.000Z");
    expect(beforeChange.end_date).toBe("2026-03-07T15:00:00.000Z");

    const afterChange = bySlug(demoEvents(new Date("2026-03-05T18:00:00Z")), "founders-breakfast");
    expect(afterChange.start_date).toBe("2026-03-08T12:30:00.000Z");
    expect(afterChange.end_date).toBe("2026-03-08T14:00:00.000Z");

    // 2026-11-01 is the day it ends.
    const autumn = bySlug(demoEvents(new Date("2026-10-29T18:00:00Z")), "founders-breakfast");
    expect(autumn.start_date).toBe("2026-11-01T13:30:00.000Z");
  });

  it("counts days from the Central-time date, not the UTC date", () => {
    // 23:30 on 5 March in Central time is already 6 March in UTC.
    const lateEvening = bySlug(demoEvents(new Date("2026-03-06T05:30:00Z")), "founders-breakfast");
    expect(lateEvening.start_date).toBe("2026-03-08T12:30:00.000Z");
  });

  it("keeps events on sensible Central wall-clock times all year", () => {
    const first = Date.parse("2026-01-01T12:00:00Z");
    for (let at = first; at < first + 366 * DAY; at += 5 * DAY) {
      const events = demoEvents(new Date(at));
      expect(centralWallClock(bySlug(events, "founders-breakfast").start_date)).toBe("07:30");
      expect(centralWallClock(bySlug(events, "tech-meetup").start_date)).toBe("18:00");
      expect(centralWallClock(bySlug(events, "tech-meetup").end_date)).toBe("20:30");
      expect(centralWallClock(bySlug(events, "small-business-grants").start_date)).toBe("12:00");
    }
  });
});

describe("public event pages", () => {
  const now = new Date("2026-03-05T18:00:00Z");
  let service: EventsStandIn;
  beforeAll(async () => {
    service = await start({ now: () => now });
  });

  const pageUrl = (slug: string, space = DEMO_EVENTS_SPACE) => `${service.url}/${space}/public/events/${slug}`;

  it("shows the title, Central date and time, price, description, cover and an RSVP button", async () => {
    const response = await fetch(pageUrl("founders-breakfast"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<h1>Founders&#39; Breakfast</h1>");
    expect(html).toContain("Sunday, March 8, 2026");
    expect(html).toMatch(/7:30\s*–\s*9:00\s*AM\s*CDT/u);
    expect(html).toContain("$10");
    expect(html).toContain("Biscuits, strong coffee");
    // Relative, so the page also works where the site serves it under a path of its own.
    expect(html).toContain('src="../../../covers/founders-breakfast.webp"');
    expect(html).toMatch(/<button type="submit">RSVP<\/button>/);
    expect(html).not.toContain("You're on the list");
    expect(html).not.toMatch(/<(script|link)\b/);
  });

  it("confirms an RSVP without JavaScript", async () => {
    const html = await (await fetch(`${pageUrl("founders-breakfast")}?rsvp=1`)).text();
    expect(html).toContain("You're on the list (demo: nothing was sent)");
    expect(html).not.toMatch(/<button type="submit">RSVP<\/button>/);
  });

  it("says when an event was cancelled and offers no RSVP", async () => {
    const html = await (await fetch(pageUrl("startup-pitch-night"))).text();
    expect(html).toContain("This event has been cancelled.");
    expect(html).not.toContain(">RSVP</button>");
  });

  it("shows a price to be announced for the event without a price", async () => {
    const html = await (await fetch(pageUrl("ai-for-small-business"))).text();
    expect(html).toContain("Price to be announced");
  });

  it("answers 404 for an unknown slug or space", async () => {
    const unknownSlug = await fetch(pageUrl("no-such-event"));
    expect(unknownSlug.status).toBe(404);
    expect(await unknownSlug.text()).toContain("Event not found");
    expect((await fetch(pageUrl("founders-breakfast", "other-space"))).status).toBe(404);
  });
});

describe("cover images", () => {
  let service: EventsStandIn;
  beforeAll(async () => {
    service = await start();
  });

  it("serves a cover with its type and a long cache lifetime", async () => {
    const response = await fetch(`${service.url}/covers/founders-breakfast.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toMatch(/max-age=31536000/);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(COVER_BYTES);
  });

  it("answers 404 for a missing cover", async () => {
    expect((await fetch(`${service.url}/covers/podcasting-101.webp`)).status).toBe(404);
  });

  it("never serves a file outside the covers directory", async () => {
    for (const path of [
      "/covers/../secret.webp",
      "/covers/..%2Fsecret.webp",
      "/covers/%2e%2e%2fsecret.webp",
      "/covers/..%5Csecret.webp",
      `/covers/${encodeURIComponent(join(workDir, "secret.webp"))}`,
    ]) {
      const response = await rawGet(service, path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).not.toContain("TOP SECRET");
    }
  });
});

describe("fault injection", () => {
  it("applies an in-process fault rule before the real answer", async () => {
    const service = await start();
    const token = await tokenFor(service);
    service.faults.add({ pathIncludes: "/v1/spaces/", status: 503, body: { error: "down" }, times: 1 });
    const failed = await getEvents(service, token);
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ error: "down" });
    expect((await getEvents(service, token)).status).toBe(200);
  });

  it("takes rules over HTTP when control is on, and can clear a catch-all rule", async () => {
    const service = await start({ control: true });
    const added = await fetch(`${service.url}/__control/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ status: 500, rawBody: "oops" }),
    });
    expect(added.status).toBe(201);
    const failed = await authenticate(service);
    expect(failed.status).toBe(500);
    expect(await failed.text()).toBe("oops");

    expect((await fetch(`${service.url}/__control/faults`, { method: "DELETE" })).status).toBe(200);
    expect((await authenticate(service)).status).toBe(200);
    const requests = (await (await fetch(`${service.url}/__control/requests`)).json()) as { url: string }[];
    expect(requests.map((request) => request.url)).toEqual(["/v1/authenticate"]);
  });

  it("has no control endpoints unless asked for", async () => {
    const service = await start();
    const response = await fetch(`${service.url}/__control/faults`, {
      method: "POST",
      body: JSON.stringify({ status: 500 }),
    });
    expect(response.status).toBe(404);
    expect((await authenticate(service)).status).toBe(200);
  });
});

describe("staff's changes", () => {
  const now = new Date("2026-03-05T18:00:00Z");
  const listed = async (service: EventsStandIn) =>
    ((await (await getEvents(service, await tokenFor(service))).json()) as { data: DemoEvent[] }).data;

  it("moves and cancels an event in the list and on its public page, until the events are restored", async () => {
    const service = await start({ now: () => now });
    const breakfast = bySlug(demoEvents(now), "founders-breakfast");
    service.editEvent(breakfast.uuid, { start_date: "2026-03-20T13:30:00.000Z", end_date: "2026-03-20T15:00:00.000Z" });
    const moved = bySlug(await listed(service), "founders-breakfast");
    expect(moved).toMatchObject({ uuid: breakfast.uuid, start_date: "2026-03-20T13:30:00.000Z", cancelled: false });
    expect(service.events().map((event) => event.start_date)).toEqual(
      (await listed(service)).map((event) => event.start_date),
    );
    const page = await (await fetch(`${service.url}/${DEMO_EVENTS_SPACE}/public/events/founders-breakfast`)).text();
    expect(page).toContain("Friday, March 20, 2026");

    service.editEvent(breakfast.uuid, { cancelled: true });
    expect(bySlug(await listed(service), "founders-breakfast")).toMatchObject({
      start_date: "2026-03-20T13:30:00.000Z",
      cancelled: true,
    });
    service.restoreEvents();
    expect(bySlug(await listed(service), "founders-breakfast")).toEqual(breakfast);
  });

  it("lists a moved event in its new place in the order of starts", async () => {
    const service = await start({ now: () => now });
    const breakfast = bySlug(demoEvents(now), "founders-breakfast");
    service.editEvent(breakfast.uuid, { start_date: "2027-01-01T15:00:00.000Z", end_date: "2027-01-01T16:00:00.000Z" });
    expect((await listed(service)).at(-1)?.uuid).toBe(breakfast.uuid);
  });

  it("refuses an unknown event and a start that is not a date", async () => {
    const service = await start({ now: () => now });
    expect(() => service.editEvent("no-such-event", { cancelled: true })).toThrow(/no event no-such-event/);
    const { uuid } = bySlug(demoEvents(now), "tech-meetup");
    expect(() => service.editEvent(uuid, { start_date: "next Tuesday" })).toThrow(/start_date is not a date/);
    expect(service.events()).toEqual(demoEvents(now));
  });

  it("takes changes over HTTP when control is on", async () => {
    const service = await start({ now: () => now, control: true });
    const { uuid } = bySlug(demoEvents(now), "tech-meetup");
    const edit = (body: unknown, target = uuid) =>
      fetch(`${service.url}/__control/events/${target}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await edit({ cancelled: true, title: "Batesville Tech Meetup (called off)" })).status).toBe(200);
    expect(bySlug(await listed(service), "tech-meetup")).toMatchObject({
      cancelled: true,
      title: "Batesville Tech Meetup (called off)",
    });
    const refused = await edit({ cancelled: true }, "no-such-event");
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/no event/);
    expect((await fetch(`${service.url}/__control/events`, { method: "DELETE" })).status).toBe(200);
    expect(bySlug(await listed(service), "tech-meetup").cancelled).toBe(false);
  });
});
