import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  DEMO_EVENTS_CLIENT_ID,
  DEMO_EVENTS_CLIENT_SECRET,
  DEMO_EVENTS_SPACE,
  type EventsStandIn,
  startEventsStandIn,
} from "../../demo/events.ts";
import { createEventCoverService, type EventCoverOptions } from "./event-covers.server";

let standIn: EventsStandIn;
const log = { warn: vi.fn() };
const requested: string[] = [];
const countingFetch: typeof fetch = (input, init) => {
  requested.push(String(input));
  return fetch(input, init);
};

beforeAll(async () => {
  standIn = await startEventsStandIn({
    clientId: DEMO_EVENTS_CLIENT_ID,
    clientSecret: DEMO_EVENTS_CLIENT_SECRET,
    space: DEMO_EVENTS_SPACE,
    coversDir: path.resolve(import.meta.dirname, "../../demo/assets/events"),
  });
});

afterAll(() => standIn.close());

afterEach(() => {
  log.warn.mockReset();
  requested.length = 0;
});

function service(options: Partial<EventCoverOptions> = {}) {
  return createEventCoverService({
    publicUrl: "/_demo/events",
    sourceUrl: standIn.url,
    fetch: countingFetch,
    log,
    ...options,
  });
}

describe("event covers", () => {
  it("scales a cover to the asked width as WebP, fetched from the source once", async () => {
    const covers = service();
    const image = await covers.scaled("/_demo/events/covers/holiday-mixer.webp", 480);
    expect(image).not.toBeNull();
    const { format, width, height } = await sharp(image!).metadata();
    expect({ format, width, height }).toEqual({ format: "webp", width: 480, height: 270 });
    expect(await covers.scaled("/_demo/events/covers/holiday-mixer.webp", 480)).toBe(image);
    expect(requested).toEqual([`${standIn.url}/covers/holiday-mixer.webp`]);
  });

  it("never makes a cover wider than its original", async () => {
    const image = await service().scaled("/_demo/events/covers/open-house.webp", 2000);
    expect((await sharp(image!).metadata()).width).toBe(960);
  });

  it("fetches absolute cover URLs (a live events service) as they are", async () => {
    const covers = service({ publicUrl: standIn.url });
    expect(await covers.scaled(`${standIn.url}/covers/tech-meetup.webp`, 480)).not.toBeNull();
    expect(requested).toEqual([`${standIn.url}/covers/tech-meetup.webp`]);
  });

  it("answers null for a missing cover, and tries again next time", async () => {
    const covers = service();
    expect(await covers.scaled("/_demo/events/covers/no-such-event.webp", 480)).toBeNull();
    expect(log.warn).toHaveBeenCalledWith("An event cover answered 404.");
    expect(await covers.scaled("/_demo/events/covers/no-such-event.webp", 480)).toBeNull();
    expect(requested).toHaveLength(2);
  });

  it("answers null for a body that is not an image", async () => {
    const covers = service({ fetch: async () => new Response("<html>not a picture</html>") });
    expect(await covers.scaled("/_demo/events/covers/holiday-mixer.webp", 480)).toBeNull();
    expect(log.warn).toHaveBeenCalledWith("An event cover is not an image that can be scaled.");
  });

  it("does not read a source larger than the limit", async () => {
    const covers = service({ maxSourceBytes: 1_000 });
    expect(await covers.scaled("/_demo/events/covers/holiday-mixer.webp", 480)).toBeNull();
    expect(log.warn).toHaveBeenCalledWith("An event cover is larger than 1000 bytes; it is not scaled.");
  });

  it("answers null when the source cannot be reached", async () => {
    const covers = service({ sourceUrl: "http://127.0.0.1:9", timeoutMs: 2_000 });
    expect(await covers.scaled("/_demo/events/covers/holiday-mixer.webp", 480)).toBeNull();
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/^An event cover could not be fetched/));
  });

  it("keeps at most maxEntries scaled covers, dropping the least recently used", async () => {
    const covers = service({ maxEntries: 2 });
    await covers.scaled("/_demo/events/covers/holiday-mixer.webp", 480);
    await covers.scaled("/_demo/events/covers/open-house.webp", 480);
    await covers.scaled("/_demo/events/covers/holiday-mixer.webp", 480);
    await covers.scaled("/_demo/events/covers/tech-meetup.webp", 480);
    await covers.scaled("/_demo/events/covers/holiday-mixer.webp", 480);
    await covers.scaled("/_demo/events/covers/open-house.webp", 480);
    expect(requested.map((url) => url.split("/").pop())).toEqual([
      "holiday-mixer.webp",
      "open-house.webp",
      "tech-meetup.webp",
      "open-house.webp",
    ]);
  });

  it("follows a redirect on the cover's own host, and never one to another host", async () => {
    const redirecting: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      requested.push(url.toString());
      if (url.pathname === "/moved/holiday-mixer.webp") {
        return new Response(null, { status: 302, headers: { Location: "/covers/holiday-mixer.webp" } });
      }
      if (url.pathname === "/elsewhere/holiday-mixer.webp") {
        return new Response(null, {
          status: 301,
          headers: { Location: "http://attacker.example/covers/holiday-mixer.webp" },
        });
      }
      return fetch(input, init);
    };
    const covers = service({ fetch: redirecting });
    expect(await covers.scaled("/_demo/events/moved/holiday-mixer.webp", 480)).not.toBeNull();
    expect(await covers.scaled("/_demo/events/elsewhere/holiday-mixer.webp", 480)).toBeNull();
    expect(requested.some((url) => url.includes("attacker.example"))).toBe(false);
    expect(log.warn).toHaveBeenCalledWith(
      "An event cover redirected to another host (attacker.example); not followed.",
    );
  });
});
