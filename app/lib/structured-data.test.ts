import { describe, expect, it } from "vitest";
import { absoluteUrl, eventData, isoWithOffset } from "./structured-data";

describe("isoWithOffset", () => {
  it("writes the instant in the hub's local time with its offset, daylight saving included", () => {
    expect(isoWithOffset("2026-03-06T00:00:00.000Z", "America/Chicago")).toBe("2026-03-05T18:00:00-06:00");
    expect(isoWithOffset("2026-07-06T23:00:00.000Z", "America/Chicago")).toBe("2026-07-06T18:00:00-05:00");
    expect(isoWithOffset("2026-07-06T23:00:00.000Z", "Asia/Kolkata")).toBe("2026-07-07T04:30:00+05:30");
  });
});

describe("eventData", () => {
  it("describes an event at the hub, free when it has no price", () => {
    const data = eventData(
      {
        title: "Tech Meetup",
        excerpt: "Talks.",
        startDate: "2026-03-06T00:00:00.000Z",
        endDate: "2026-03-06T02:00:00.000Z",
        price: null,
        coverUrl: "/_demo/events/covers/tech.webp",
        rsvpUrl: "/_demo/events/hub/public/events/tech",
      },
      { siteUrl: "https://hub.example.org", timeZone: "America/Chicago" },
    );
    expect(data).toMatchObject({
      "@type": "Event",
      startDate: "2026-03-05T18:00:00-06:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: { "@type": "Place", address: { "@type": "PostalAddress", addressRegion: "AR" } },
      image: ["https://hub.example.org/_demo/events/covers/tech.webp"],
      offers: { price: "0", priceCurrency: "USD", url: "https://hub.example.org/_demo/events/hub/public/events/tech" },
    });
  });

  it("keeps absolute addresses", () => {
    expect(absoluteUrl("https://hub.example.org", "https://archieapp.co/x")).toBe("https://archieapp.co/x");
  });
});
