import { describe, expect, it } from "vitest";
import { absoluteUrl, eventData } from "./structured-data";

describe("eventData", () => {
  it("describes an event at the hub, free when it has no price", () => {
    const data = eventData(
      {
        title: "Tech Meetup",
        excerpt: "Talks.",
        localStart: "2026-03-05T18:00:00-06:00",
        localEnd: "2026-03-05T20:00:00-06:00",
        price: null,
        coverUrl: "/_demo/events/covers/tech.webp",
        rsvpUrl: "/_demo/events/hub/public/events/tech",
      },
      "https://hub.example.org",
    );
    expect(data).toMatchObject({
      "@type": "Event",
      startDate: "2026-03-05T18:00:00-06:00",
      endDate: "2026-03-05T20:00:00-06:00",
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
