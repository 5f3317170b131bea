import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseFeed } from "feedsmith";
import ICAL from "ical.js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type EventsStandIn, startEventsStandIn } from "../../demo/events.ts";
import type { BlogPost } from "~/domain/cms-types";
import type { SiteEvent } from "~/domain/events";
import { assertWellFormedXml } from "../../tests/support/well-formed-xml";
import { createCache } from "./cache.server";
import { createEventRevisions } from "./event-revisions.server";
import { createEventsService } from "./events.server";
import { createFeedCache, type FeedLookup } from "./feed-cache.server";
import { createFeedService } from "./feeds.server";
import { type LeadStore, openLeadStore } from "./leads";

const SITE = "https://hub.example.org";
const DAY = 24 * 60 * 60_000;
const now = new Date("2026-10-20T17:00:00.000Z");

const post = (slug: string, publishDate: string, tags: string[], image = true): BlogPost => ({
  id: `entry-${slug}`,
  title: `Post ${slug}`,
  slug,
  publishDate,
  author: "Dana Whitfield",
  excerpt: `About ${slug}.`,
  content: null,
  featuredImage: image
    ? {
        id: `asset-${slug}`,
        url: `/_demo/content/space/${slug}.webp`,
        title: slug,
        description: `A picture of ${slug}`,
        width: 1600,
        height: 900,
        contentType: "image/webp",
      }
    : null,
  videoUrl: null,
  tags,
  featured: false,
});

const posts = [
  post("fall-at-the-foundry", "2026-11-10", ["events", "community"]),
  post("white-river", "2026-08-25", ["community"], false),
  post("first-year", "2026-06-02", ["startups"]),
];

const event = (slug: string, startInDays: number, hours = 2, extra: Partial<SiteEvent> = {}): SiteEvent => {
  const start = now.getTime() + startInDays * DAY;
  return {
    uuid: `uuid-${slug}`,
    title: `Event ${slug}`,
    description: `About ${slug}.`,
    slug,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + hours * 60 * 60_000).toISOString(),
    price: 0,
    cancelled: false,
    coverUrl: null,
    rsvpUrl: `/_demo/events/hub/public/events/${slug}`,
    ...extra,
  };
};

const events = [
  event("next-week", 7),
  event("tomorrow", 1),
  event("called-off", 3, 2, { cancelled: true }),
  event("last-week", -7),
  event("last-week-called-off", -6, 2, { cancelled: true }),
  event("two-months-ago", -60),
];

let dataDir: string;
let store: LeadStore;
let postsAnswer: () => Promise<BlogPost[]>;
let eventsAnswer: () => Promise<SiteEvent[]>;
let contentCalls: number;

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "feeds-"));
  store = await openLeadStore({ dataDir });
  postsAnswer = async () => posts;
  eventsAnswer = async () => events;
  contentCalls = 0;
});

afterEach(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function feedService() {
  const cache = createFeedCache({ maxEntries: 20, maxAgeMs: 30_000, log: { warn: () => {} } });
  const service = createFeedService({
    content: {
      getLatestBlogPosts: () => {
        contentCalls += 1;
        return postsAnswer();
      },
      getBlogPosts: async ({ tag } = {}) => {
        contentCalls += 1;
        return (await postsAnswer()).filter((item) => tag === undefined || item.tags.includes(tag));
      },
    },
    events: { getEvents: () => eventsAnswer() },
    revisions: createEventRevisions({ store, now: () => now }),
    cache,
    siteUrl: SITE,
    timeZone: "America/Chicago",
    now: () => now,
    log: { warn: () => {} },
  });
  return { service, cache };
}

async function body(answer: Promise<FeedLookup>): Promise<string> {
  const lookup = await answer;
  if (lookup.status !== "ok") throw new Error(`the feed is ${lookup.status}`);
  return lookup.feed.body;
}

function readAtom(xml: string) {
  assertWellFormedXml(xml);
  const parsed = parseFeed(xml);
  if (parsed.format !== "atom") throw new Error(`read as ${parsed.format}`);
  return parsed.feed;
}

function readCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  ICAL.TimezoneService.reset();
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
}

describe("the blog's feeds", () => {
  it("lists the latest posts in the content's order, with absolute addresses and dates in the hub's zone", async () => {
    const feed = readAtom(await body(feedService().service.blogFeed()));
    expect(feed.id).toBe(`${SITE}/blog/feed.xml`);
    expect(feed.updated).toBe("2026-11-10T00:00:00-06:00");
    const entries = feed.entries ?? [];
    expect(entries.map((entry) => entry.title?.value)).toEqual(posts.map((item) => item.title));
    expect(entries.map((entry) => entry.links?.find((link) => link.rel === "alternate")?.href)).toEqual(
      posts.map((item) => `${SITE}/blog/${item.slug}`),
    );
    // A post's date is the start of its day in Batesville: CST in November, CDT in August and June.
    expect(entries.map((entry) => entry.published)).toEqual([
      "2026-11-10T00:00:00-06:00",
      "2026-08-25T00:00:00-05:00",
      "2026-06-02T00:00:00-05:00",
    ]);
    expect(entries[0]?.links?.find((link) => link.rel === "enclosure")?.href).toBe(
      `${SITE}/_demo/content/space/fall-at-the-foundry.webp`,
    );
    expect(entries[1]?.links?.some((link) => link.rel === "enclosure")).toBe(false);
    // An entry's id is the post's, whatever its slug or title becomes.
    expect(entries[0]?.id).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    postsAnswer = async () => [{ ...posts[0]!, slug: "renamed", title: "Renamed" }];
    const { service } = feedService();
    expect(readAtom(await body(service.blogFeed())).entries?.[0]?.id).toBe(entries[0]?.id);
  });

  it("gives a tag its own feed, and none for a tag without posts", async () => {
    const { service } = feedService();
    const feed = readAtom(await body(service.blogTagFeed("community")));
    expect(feed.id).toBe(`${SITE}/blog/tag/community/feed.xml`);
    expect(feed.links?.find((link) => link.rel === "alternate")?.href).toBe(`${SITE}/blog/tag/community`);
    expect(feed.entries?.map((entry) => entry.title?.value)).toEqual(["Post fall-at-the-foundry", "Post white-river"]);
    expect(await service.blogTagFeed("no-such-tag")).toEqual({ status: "not-found" });
  });

  it("reads the content once per render, and again after a purge (a publish)", async () => {
    const { service, cache } = feedService();
    await service.blogFeed();
    await service.blogFeed();
    expect(contentCalls).toBe(1);
    postsAnswer = async () => [post("just-published", "2026-11-12", []), ...posts];
    cache.purge();
    const feed = readAtom(await body(service.blogFeed()));
    expect(contentCalls).toBe(2);
    expect(feed.entries?.[0]?.title?.value).toBe("Post just-published");
  });

  it("sends the last good feed while the content service fails, and 'unavailable' with none", async () => {
    postsAnswer = async () => {
      throw new Error("content service down");
    };
    const { service, cache } = feedService();
    expect(await service.blogFeed()).toEqual({ status: "unavailable" });
    postsAnswer = async () => posts;
    cache.purge();
    const good = await service.blogFeed();
    postsAnswer = async () => {
      throw new Error("content service down");
    };
    cache.purge();
    expect(await service.blogFeed()).toEqual({ ...good, stale: true });
  });
});

describe("the events calendar", () => {
  it("lists what has not ended, cancelled events marked, and the last four weeks' past events, by start", async () => {
    const listed = readCalendar(await body(feedService().service.eventsCalendar()));
    expect(listed.map((item) => [item.uid, item.component.getFirstPropertyValue("status")])).toEqual([
      ["uuid-last-week@hub.example.org", "CONFIRMED"],
      ["uuid-tomorrow@hub.example.org", "CONFIRMED"],
      ["uuid-called-off@hub.example.org", "CANCELLED"],
      ["uuid-next-week@hub.example.org", "CONFIRMED"],
    ]);
    expect(listed[1]?.startDate.zone?.tzid).toBe("America/Chicago");
    expect(listed[1]?.startDate.toJSDate().toISOString()).toBe(events[1]!.startDate);
    expect(listed[1]?.component.getFirstPropertyValue("url")).toBe(`${SITE}/_demo/events/hub/public/events/tomorrow`);
  });

  it("raises a moved event's SEQUENCE and LAST-MODIFIED, and keeps its UID", async () => {
    const { service, cache } = feedService();
    const before = readCalendar(await body(service.eventsCalendar())).find((item) =>
      item.uid.startsWith("uuid-tomorrow"),
    )!;
    eventsAnswer = async () => events.map((item) => (item.slug === "tomorrow" ? event("tomorrow", 2) : item));
    cache.purge();
    const after = readCalendar(await body(service.eventsCalendar())).find((item) =>
      item.uid.startsWith("uuid-tomorrow"),
    )!;
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.startDate.toJSDate().getTime() - before.startDate.toJSDate().getTime()).toBe(DAY);
  });

  it("sends the last good calendar while the events service fails, and 'unavailable' when it never answered", async () => {
    eventsAnswer = async () => {
      throw new Error("events service down");
    };
    const { service, cache } = feedService();
    expect(await service.eventsCalendar()).toEqual({ status: "unavailable" });
    eventsAnswer = async () => events;
    cache.purge();
    const good = await service.eventsCalendar();
    eventsAnswer = async () => {
      throw new Error("events service down");
    };
    cache.purge();
    expect(await service.eventsCalendar()).toEqual({ ...good, stale: true });
  });

  it("never replaces a calendar with events by an empty one; a space that never had events gets an empty calendar", async () => {
    eventsAnswer = async () => [];
    const { service, cache } = feedService();
    const empty = await body(service.eventsCalendar());
    expect(readCalendar(empty)).toEqual([]);
    eventsAnswer = async () => events;
    cache.purge();
    const good = await service.eventsCalendar();
    eventsAnswer = async () => [];
    cache.purge();
    expect(await service.eventsCalendar()).toEqual({ ...good, stale: true });
  });

  it("drops a cancelled event once it has ended", async () => {
    eventsAnswer = async () => [event("called-off-now", -1 / 24, 0.5, { cancelled: true })];
    expect(readCalendar(await body(feedService().service.eventsCalendar()))).toEqual([]);
  });
});

describe("the events calendar against the events service's stand-in, over HTTP", () => {
  let standIn: EventsStandIn;
  const quiet = { warn: () => {}, error: () => {} };
  beforeAll(async () => {
    standIn = await startEventsStandIn({
      clientId: "feeds-client",
      clientSecret: "feeds-secret",
      space: "feeds-hub",
      coversDir: path.join(tmpdir(), "no-covers"),
      now: () => now,
    });
  });
  afterAll(() => standIn.close());
  afterEach(() => {
    standIn.faults.clear();
    standIn.restoreEvents();
  });

  /** The site's events service as configured for a live service, its cache never fresh, so every render asks. */
  function liveFeeds() {
    const events = createEventsService({
      apiUrl: standIn.url,
      clientId: standIn.clientId,
      clientSecret: standIn.clientSecret,
      space: standIn.space,
      publicUrl: "https://events.example.org",
      cache: createCache({
        freshMs: 0,
        staleIfErrorMs: 0,
        waitMs: 4_000,
        retryAfterFailureMs: 0,
        maxEntries: 10,
        // A second passes between any two looks, so no answer is ever fresh.
        now: (() => {
          let clock = 0;
          return () => (clock += 1_000);
        })(),
      }),
      log: quiet,
    });
    const cache = createFeedCache({ maxEntries: 10, maxAgeMs: 0, log: quiet });
    const service = createFeedService({
      content: { getLatestBlogPosts: async () => [], getBlogPosts: async () => [] },
      events,
      revisions: createEventRevisions({ store, now: () => now }),
      cache,
      siteUrl: SITE,
      timeZone: "America/Chicago",
      now: () => now,
      log: quiet,
    });
    return service;
  }

  it("marks a cancellation, and sends the last good calendar while the service fails or lists nothing", async () => {
    const service = liveFeeds();
    const first = await service.eventsCalendar();
    if (first.status !== "ok") throw new Error(first.status);
    const listed = readCalendar(first.feed.body);
    expect(listed.length).toBeGreaterThan(5);

    const target = standIn.events().find((item) => item.slug === "tech-meetup")!;
    standIn.editEvent(target.uuid, { cancelled: true });
    const cancelled = await service.eventsCalendar();
    if (cancelled.status !== "ok") throw new Error(cancelled.status);
    const uid = `${target.uuid}@hub.example.org`;
    const before = listed.find((item) => item.uid === uid)!;
    const after = readCalendar(cancelled.feed.body).find((item) => item.uid === uid)!;
    expect(after.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(after.sequence).toBeGreaterThan(before.sequence);

    standIn.faults.add({ pathIncludes: "/events", status: 503, body: { error: "unavailable" } });
    expect(await service.eventsCalendar()).toEqual({ ...cancelled, stale: true });
    standIn.faults.clear();
    standIn.faults.add({ pathIncludes: "/events", status: 200, body: { data: [] } });
    expect(await service.eventsCalendar()).toEqual({ ...cancelled, stale: true });
    standIn.faults.clear();
    expect(await service.eventsCalendar()).toEqual({ ...cancelled, stale: false });
  });

  it("is unavailable, not empty, when the service never answered: no token, or no list", async () => {
    standIn.faults.add({ pathIncludes: "/v1/authenticate", status: 401, body: { error: "invalid_client" } });
    expect(await liveFeeds().eventsCalendar()).toEqual({ status: "unavailable" });
    standIn.faults.clear();
    standIn.faults.add({ pathIncludes: "/events", status: 500, rawBody: "<html>oops</html>" });
    expect(await liveFeeds().eventsCalendar()).toEqual({ status: "unavailable" });
  });
});
