import { describe, expect, it } from "vitest";
import type { BlogPost } from "~/domain/cms-types";
import { meta } from "./blog-post";

const config = {
  siteUrl: "https://hub.example",
  contentSiteId: "cchub",
  timeZone: "America/Chicago",
  gaMeasurementId: null,
  bookingWidgetUrl: "https://booking.example",
  eventsPublicUrl: "https://events.example",
};

const slug = "café & co/2";
const post: BlogPost = {
  id: "post-1",
  title: "Café & Co",
  slug,
  publishDate: "2026-03-04",
  author: "Priya Raman",
  excerpt: "A new café.",
  content: null,
  featuredImage: null,
  videoUrl: null,
  tags: [],
  featured: false,
};

type MetaArgs = Parameters<typeof meta>[0];

describe("blog post meta", () => {
  it("gives the canonical URL, og:url and structured data the slug encoded as the sitemap does", () => {
    const tags = meta({
      params: { slug },
      loaderData: { postState: { status: "found", post }, hero: null, related: null },
      matches: [{ id: "root", loaderData: { config } }],
    } as unknown as MetaArgs);
    const expected = "https://hub.example/blog/caf%C3%A9%20%26%20co%2F2";
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: expected });
    expect(tags).toContainEqual({ property: "og:url", content: expected });
    const structured = tags.find((tag) => "script:ld+json" in tag) as { "script:ld+json": { url: string } };
    expect(structured["script:ld+json"].url).toBe(expected);
  });
});
