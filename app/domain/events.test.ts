import { describe, expect, it } from "vitest";
import {
  classifyEvents,
  eventCoverSrcSet,
  eventExcerpt,
  formatEventDate,
  formatEventPrice,
  formatEventTimeRange,
  type SiteEvent,
  upcomingEvents,
  viewEvent,
} from "./events";

const now = new Date("2026-03-05T18:00:00.000Z");

function event(slug: string, start: string, end: string, extra: Partial<SiteEvent> = {}): SiteEvent {
  return {
    uuid: slug,
    title: slug,
    description: "",
    slug,
    startDate: start,
    endDate: end,
    price: 0,
    cancelled: false,
    coverUrl: null,
    rsvpUrl: `/e/${slug}`,
    ...extra,
  };
}

describe("classifyEvents", () => {
  const endsNow = event("ends-now", "2026-03-05T16:00:00.000Z", now.toISOString());
  const endedJustBefore = event("ended", "2026-03-05T16:00:00.000Z", "2026-03-05T17:59:59.999Z");
  const ongoing = event("ongoing", "2026-03-05T17:00:00.000Z", "2026-03-05T20:00:00.000Z");
  const later = event("later", "2026-03-10T17:00:00.000Z", "2026-03-10T19:00:00.000Z");
  const soon = event("soon", "2026-03-06T17:00:00.000Z", "2026-03-06T19:00:00.000Z");
  const longAgo = event("long-ago", "2026-01-06T17:00:00.000Z", "2026-01-06T19:00:00.000Z");
  const cancelledUpcoming = event("cancelled-upcoming", "2026-03-07T17:00:00.000Z", "2026-03-07T19:00:00.000Z", {
    cancelled: true,
  });
  const cancelledPast = event("cancelled-past", "2026-02-07T17:00:00.000Z", "2026-02-07T19:00:00.000Z", {
    cancelled: true,
  });
  const all = [later, endedJustBefore, cancelledUpcoming, endsNow, longAgo, ongoing, soon, cancelledPast];

  it("counts an event ending exactly now, or under way, as upcoming, soonest first", () => {
    expect(classifyEvents(all, now).upcoming.map((item) => item.slug)).toEqual([
      "ends-now",
      "ongoing",
      "soon",
      "later",
    ]);
  });

  it("counts an event that ended a moment ago as past, most recent first", () => {
    expect(classifyEvents(all, now).past.map((item) => item.slug)).toEqual(["ended", "long-ago"]);
  });

  it("never shows a cancelled event", () => {
    const { upcoming, past } = classifyEvents(all, now);
    expect([...upcoming, ...past].some((item) => item.cancelled)).toBe(false);
  });

  it("lists the next few for the home page", () => {
    expect(upcomingEvents(all, now, 3).map((item) => item.slug)).toEqual(["ends-now", "ongoing", "soon"]);
  });
});

describe("formatting", () => {
  it("shows the price, or Free", () => {
    expect(formatEventPrice(0)).toBe("Free");
    expect(formatEventPrice(null)).toBe("Free");
    expect(formatEventPrice(25)).toBe("$25");
    expect(formatEventPrice(12.5)).toBe("$12.50");
  });

  it("writes dates and times in the hub's zone, daylight saving included", () => {
    expect(formatEventDate("2026-03-06T03:00:00.000Z", "America/Chicago")).toBe("Thursday, March 5, 2026");
    expect(formatEventTimeRange("2026-03-06T00:00:00.000Z", "2026-03-06T02:00:00.000Z", "America/Chicago")).toMatch(
      /^6:00\s*–\s*8:00\sPM CST$/,
    );
    expect(formatEventTimeRange("2026-07-06T23:00:00.000Z", "2026-07-07T01:00:00.000Z", "America/Chicago")).toMatch(
      /^6:00\s*–\s*8:00\sPM CDT$/,
    );
  });

  it("names both days for an event across midnight", () => {
    const range = formatEventTimeRange("2026-03-06T03:00:00.000Z", "2026-03-06T08:00:00.000Z", "America/Chicago");
    expect(range).toContain("March 5");
    expect(range).toContain("March 6");
  });

  it("writes every word and time a card and its structured data show on the server, in the hub's zone", () => {
    const view = viewEvent(
      event("meetup", "2026-03-06T00:00:00.000Z", "2026-03-06T02:00:00.000Z", { description: "Talks.\n\nMore." }),
      "America/Chicago",
      now,
    );
    expect(view).toMatchObject({
      dateLabel: "Thursday, March 5, 2026",
      localStart: "2026-03-05T18:00:00-06:00",
      localEnd: "2026-03-05T20:00:00-06:00",
      priceLabel: "Free",
      excerpt: "Talks.",
      happeningNow: false,
    });
    expect(view).not.toHaveProperty("description");
  });

  it("shortens a description to its first paragraph", () => {
    expect(eventExcerpt("First part.\n\nSecond part.")).toBe("First part.");
    const long = "word ".repeat(80);
    expect(eventExcerpt(long, 100).length).toBeLessThanOrEqual(100);
  });
});

describe("eventCoverSrcSet", () => {
  const uuid = "1bd0e594-5172-5b83-a10f-71b7f3355504";

  it("offers the scaled covers the site serves, one per width", () => {
    expect(eventCoverSrcSet(uuid, "https://events.example/covers/a.webp")).toMatch(
      new RegExp(
        `^/event-covers/${uuid}-480\\.webp\\?v=[0-9a-z]+ 480w, /event-covers/${uuid}-800\\.webp\\?v=[0-9a-z]+ 800w$`,
      ),
    );
  });

  it("changes its addresses when the cover is replaced, and only then", () => {
    const first = eventCoverSrcSet(uuid, "https://events.example/covers/a.webp");
    expect(eventCoverSrcSet(uuid, "https://events.example/covers/a.webp")).toBe(first);
    expect(eventCoverSrcSet(uuid, "https://events.example/covers/b.webp")).not.toBe(first);
  });
});
