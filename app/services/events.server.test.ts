import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  DEMO_EVENTS_CLIENT_ID,
  DEMO_EVENTS_CLIENT_SECRET,
  DEMO_EVENTS_SPACE,
  type EventsStandIn,
  startEventsStandIn,
} from "../../demo/events.ts";
import { classifyEvents } from "~/domain/events";
import { type Cache, createCache } from "./cache.server";
import { createEventsService, type EventsServiceOptions } from "./events.server";

let standIn: EventsStandIn;
let arrayStandIn: EventsStandIn;
const log = { warn: vi.fn(), error: vi.fn() };

beforeAll(async () => {
  const options = {
    clientId: DEMO_EVENTS_CLIENT_ID,
    clientSecret: DEMO_EVENTS_CLIENT_SECRET,
    space: DEMO_EVENTS_SPACE,
    coversDir: "/nonexistent",
    tokenTtlSeconds: 3600,
  };
  standIn = await startEventsStandIn(options);
  arrayStandIn = await startEventsStandIn({ ...options, responseShape: "array" });
});

afterAll(async () => {
  await Promise.all([standIn.close(), arrayStandIn.close()]);
});

afterEach(() => {
  standIn.faults.clear();
  log.warn.mockReset();
  log.error.mockReset();
});

/** No caching at all, so every call asks the service (and token reuse shows). */
const uncached = (): Cache => ({
  get: (_key, load) => load(),
  delete: () => {},
  deletePrefix: () => {},
  clear: () => {},
  invalidate: () => 0,
  snapshot: () => [],
  restore: () => 0,
  state: () => ({ entries: 0, invalidated: 0, failing: 0, loading: 0 }),
  size: 0,
});

function service(overrides: Partial<EventsServiceOptions> = {}, target = standIn) {
  return createEventsService({
    apiUrl: target.url,
    clientId: target.clientId,
    clientSecret: target.clientSecret,
    space: target.space,
    publicUrl: "https://events.example/",
    cache: uncached(),
    log,
    timeoutMs: 2_000,
    ...overrides,
  });
}

const authRequests = () => standIn.faults.requests.filter((request) => request.url === "/v1/authenticate").length;

describe("events service", () => {
  it("lists the events of an {data: [...]} answer and of a bare array", async () => {
    const fromObject = await service().getEvents();
    const fromArray = await service({}, arrayStandIn).getEvents();
    expect(fromObject.length).toBeGreaterThan(5);
    expect(fromArray.map((event) => event.uuid)).toEqual(fromObject.map((event) => event.uuid));
    const breakfast = fromObject.find((event) => event.slug === "founders-breakfast")!;
    expect(breakfast.coverUrl).toBe("https://events.example/covers/founders-breakfast.webp");
    expect(breakfast.rsvpUrl).toBe(`https://events.example/${DEMO_EVENTS_SPACE}/public/events/founders-breakfast`);
    expect(breakfast.price).toBe(10);
    const { upcoming, past } = classifyEvents(fromObject, new Date());
    expect(upcoming.length).toBeGreaterThan(0);
    expect(past.length).toBeGreaterThan(0);
  });

  it("links covers and event pages through the site in demo mode", async () => {
    const [event] = await service({ publicUrl: "/_demo/events" }).getEvents();
    expect(event?.coverUrl).toMatch(/^\/_demo\/events\/covers\//);
    expect(event?.rsvpUrl).toMatch(new RegExp(`^/_demo/events/${DEMO_EVENTS_SPACE}/public/events/`));
  });

  it("asks for a token once and reuses it until shortly before it expires", async () => {
    standIn.faults.clear();
    let clock = 1_000_000;
    const events = service({ now: () => clock });
    await events.getEvents();
    await events.getEvents();
    await Promise.all([events.getEvents(), events.getEvents()]);
    expect(authRequests()).toBe(1);
    clock += 3600 * 1000 - 30_000;
    await events.getEvents();
    expect(authRequests()).toBe(2);
  });

  it("gets a new token once when the events call answers 401", async () => {
    standIn.faults.clear();
    const events = service();
    await events.getEvents();
    standIn.faults.add({ pathIncludes: "/events", status: 401, body: { error: "invalid_token" }, times: 1 });
    expect((await events.getEvents()).length).toBeGreaterThan(0);
    expect(authRequests()).toBe(2);
  });

  it("fails, with a warning and nothing secret, when no token is obtained", async () => {
    standIn.faults.add({ pathIncludes: "/v1/authenticate", status: 503, body: { error: "down" } });
    await expect(service().getEvents()).rejects.toThrow("The events service is unavailable.");
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining("No events token"));
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain(DEMO_EVENTS_CLIENT_SECRET);
    await expect(service({ clientSecret: "wrong" }).getEvents()).rejects.toThrow();
  });

  it("fails when the events call fails or answers another shape", async () => {
    standIn.faults.add({ pathIncludes: "/events", status: 500, body: { error: "boom" }, times: 1 });
    await expect(service().getEvents()).rejects.toThrow("The events service is unavailable.");
    standIn.faults.add({ pathIncludes: "/events", status: 200, body: { events: [] }, times: 1 });
    await expect(service().getEvents()).rejects.toThrow();
    standIn.faults.add({ pathIncludes: "/events", status: 200, rawBody: "<html>", times: 1 });
    await expect(service().getEvents()).rejects.toThrow();
  });

  it("drops a malformed event with a warning and keeps the rest", async () => {
    const good = { uuid: "u-1", title: "Good", start_date: "2030-01-01T10:00:00Z", end_date: "2030-01-01T12:00:00Z" };
    const bad = { uuid: "u-2", title: "No dates" };
    standIn.faults.add({ pathIncludes: "/events", status: 200, body: { data: [good, bad, null] } });
    const events = await service().getEvents();
    expect(events.map((event) => event.uuid)).toEqual(["u-1"]);
    expect(events[0]).toMatchObject({ slug: "u-1", price: null, cancelled: false, coverUrl: null, description: "" });
    expect(log.warn).toHaveBeenCalledWith("Skipping a malformed event", expect.objectContaining({ uuid: "u-2" }));
  });

  it("gives up on a service that does not answer in time", async () => {
    standIn.faults.add({ pathIncludes: "/events", delayMs: 1_500 });
    await expect(service({ timeoutMs: 300 }).getEvents()).rejects.toThrow("The events service is unavailable.");
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining("timed out"));
  });

  it("serves the last list while the service fails", async () => {
    const cache = createCache({
      freshMs: 0,
      staleIfErrorMs: 60_000,
      waitMs: 5_000,
      maxEntries: 10,
      retryAfterFailureMs: 0,
    });
    const events = service({ cache });
    const first = await events.getEvents();
    standIn.faults.add({ pathIncludes: "/events", status: 500, body: {} });
    expect(await events.getEvents()).toEqual(first);
    expect(await events.getEvent(first[0]!.uuid)).toEqual(first[0]);
    expect(await events.getEvent("no-such-uuid")).toBeNull();
  });
});
