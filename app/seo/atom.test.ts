import { parseFeed } from "feedsmith";
import { describe, expect, it } from "vitest";
import { assertWellFormedXml } from "../../tests/support/well-formed-xml";
import { type AtomEntry, type AtomFeed, atomFeedXml, newestUpdate } from "./atom";

const expectWellFormed = (xml: string) => expect(() => assertWellFormedXml(xml)).not.toThrow();

const entry = (overrides: Partial<AtomEntry> = {}): AtomEntry => ({
  id: "urn:uuid:0d1c7a4e-5f1b-5c2a-9a7e-000000000001",
  title: "How we restored the foundry",
  url: "https://hub.example.org/blog/how-we-restored-the-foundry",
  published: "2025-01-14T00:00:00-06:00",
  updated: "2025-01-14T00:00:00-06:00",
  author: "Dana Whitfield",
  summary: "Brick by brick.",
  tags: ["arkansas", "community"],
  image: {
    url: "https://hub.example.org/_demo/content/foundry.webp",
    type: "image/webp",
    width: 1600,
    height: 900,
    description: "The foundry's brick front",
  },
  ...overrides,
});

const feed = (entries: AtomEntry[]): AtomFeed => ({
  id: "https://hub.example.org/blog/feed.xml",
  title: "Ozark Foundry blog",
  subtitle: "News & guides",
  selfUrl: "https://hub.example.org/blog/feed.xml",
  pageUrl: "https://hub.example.org/blog",
  author: "Ozark Foundry",
  icon: "https://hub.example.org/apple-touch-icon.png",
  tagScheme: "https://hub.example.org/blog/tag/",
  updated: newestUpdate(entries),
  entries,
});

describe("atomFeedXml", () => {
  it("writes every field a feed reader shows, as a feed parser reads it", () => {
    const xml = atomFeedXml(feed([entry(), entry({ id: "urn:uuid:2", title: "Second", image: null, tags: [] })]));
    expectWellFormed(xml);
    const parsed = parseFeed(xml);
    expect(parsed.format).toBe("atom");
    if (parsed.format !== "atom") return;
    const { feed: read } = parsed;
    expect(read.title?.value).toBe("Ozark Foundry blog");
    expect(read.links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rel: "self", href: "https://hub.example.org/blog/feed.xml" }),
        expect.objectContaining({ rel: "alternate", href: "https://hub.example.org/blog" }),
      ]),
    );
    const [first, second] = read.entries ?? [];
    expect(first?.title?.value).toBe("How we restored the foundry");
    expect(first?.links?.find((link) => link.rel === "alternate")?.href).toBe(
      "https://hub.example.org/blog/how-we-restored-the-foundry",
    );
    expect(first?.published).toBe("2025-01-14T00:00:00-06:00");
    expect(first?.authors?.[0]?.name).toBe("Dana Whitfield");
    expect(first?.summary?.value).toBe("Brick by brick.");
    expect(first?.categories?.map((category) => category.term)).toEqual(["arkansas", "community"]);
    expect(first?.links?.find((link) => link.rel === "enclosure")).toMatchObject({
      href: "https://hub.example.org/_demo/content/foundry.webp",
      type: "image/webp",
    });
    expect(first?.media?.thumbnails?.[0]).toMatchObject({ url: "https://hub.example.org/_demo/content/foundry.webp" });
    expect(second?.links?.some((link) => link.rel === "enclosure")).toBe(false);
  });

  it("keeps text from an editor as text: markup, ampersands, quotes, and characters XML cannot hold", () => {
    const hostile = entry({
      title: `<script>alert("x")</script> & 'Co'\u0000\u0007\u001B!`,
      summary: "Lone \uD800 surrogate and a pair 😀, tab\tand\nnewline",
      author: "Ann & <Bob>",
      tags: ['a"b', "c&d"],
    });
    const xml = atomFeedXml(feed([hostile]));
    expectWellFormed(xml);
    expect(xml).not.toContain("<script>");
    const parsed = parseFeed(xml);
    if (parsed.format !== "atom") throw new Error(`read as ${parsed.format}`);
    const [read] = parsed.feed.entries ?? [];
    expect(read?.title?.value).toBe(`<script>alert("x")</script> & 'Co'!`);
    expect(read?.summary?.value).toBe("Lone  surrogate and a pair 😀, tab\tand\nnewline");
    expect(read?.authors?.[0]?.name).toBe("Ann & <Bob>");
    expect(read?.categories?.map((category) => category.term)).toEqual(['a"b', "c&d"]);
  });

  it("dates the feed by its newest entry, comparing instants rather than text", () => {
    const entries = [
      entry({ updated: "2026-03-01T00:00:00-06:00" }),
      entry({ updated: "2026-03-01T04:00:00+00:00" }),
      entry({ updated: "2026-02-01T00:00:00-06:00" }),
    ];
    expect(newestUpdate(entries)).toBe("2026-03-01T00:00:00-06:00");
    expect(newestUpdate([])).toBe("1970-01-01T00:00:00Z");
    expectWellFormed(atomFeedXml(feed([])));
    // The check itself: a document that is not well-formed fails it.
    expect(() => assertWellFormedXml("<feed><entry></feed>")).toThrow();
  });
});
