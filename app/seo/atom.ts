import { escapeXml } from "./xml";

/**
 * An Atom 1.0 feed (RFC 4287; docs/decisions/035-feeds.md says why Atom): the feed's identity and links,
 * and per entry its title, link, dates, author, summary, tags and image (as an enclosure link, which
 * Atom defines, and as Media RSS, which feed readers and newsletter tools show as the entry's picture).
 */

export interface AtomImage {
  /** Absolute URL. */
  url: string;
  /** The image's media type ("image/webp"). */
  type: string;
  width: number | null;
  height: number | null;
  /** Alternative text; empty for a decorative image. */
  description: string;
}

export interface AtomEntry {
  /** A permanent IRI that never changes for this entry (not its address, which may). */
  id: string;
  title: string;
  /** The entry's page (absolute). */
  url: string;
  /** RFC 3339 date-times. */
  published: string;
  updated: string;
  author: string;
  summary: string;
  tags: string[];
  image: AtomImage | null;
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle: string;
  /** The feed's own address and the page it stands for (absolute). */
  selfUrl: string;
  pageUrl: string;
  /** Who writes when an entry names nobody. */
  author: string;
  /** The icon (absolute; square). */
  icon: string;
  /** The base of the tag pages' addresses, which names the scheme the entries' tags belong to. */
  tagScheme: string;
  /** RFC 3339: the newest entry's `updated` (`newestUpdate`). */
  updated: string;
  entries: AtomEntry[];
}

/** A feed with no entries says it was last updated at the Unix epoch: nothing was. */
const NEVER_UPDATED = "1970-01-01T00:00:00Z";

/** The newest of the entries' `updated` dates, compared as instants (they may carry different offsets). */
export function newestUpdate(entries: readonly Pick<AtomEntry, "updated">[]): string {
  let newest: { instant: number; text: string } | null = null;
  for (const { updated } of entries) {
    const instant = Date.parse(updated);
    if (!newest || instant > newest.instant) newest = { instant, text: updated };
  }
  return newest?.text ?? NEVER_UPDATED;
}

const attributes = (values: Record<string, string | number | null>) =>
  Object.entries(values)
    .filter(([, value]) => value !== null && value !== "")
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join("");

const element = (name: string, text: string, attrs: Record<string, string | number | null> = {}) =>
  `<${name}${attributes(attrs)}>${escapeXml(text)}</${name}>`;

const empty = (name: string, attrs: Record<string, string | number | null>) => `<${name}${attributes(attrs)}/>`;

function entryXml(entry: AtomEntry, tagScheme: string): string {
  const { image } = entry;
  const lines = [
    element("id", entry.id),
    element("title", entry.title, { type: "text" }),
    empty("link", { rel: "alternate", type: "text/html", href: entry.url }),
    element("published", entry.published),
    element("updated", entry.updated),
    `<author>${element("name", entry.author)}</author>`,
    element("summary", entry.summary, { type: "text" }),
    ...entry.tags.map((tag) => empty("category", { term: tag, scheme: tagScheme })),
    ...(image
      ? [
          empty("link", { rel: "enclosure", type: image.type, href: image.url, title: image.description }),
          empty("media:thumbnail", { url: image.url, width: image.width, height: image.height }),
          `<media:content${attributes({
            url: image.url,
            medium: "image",
            type: image.type,
            width: image.width,
            height: image.height,
          })}>${image.description ? element("media:description", image.description, { type: "plain" }) : ""}</media:content>`,
        ]
      : []),
  ];
  return `  <entry>\n${lines.map((line) => `    ${line}`).join("\n")}\n  </entry>`;
}

export function atomFeedXml(feed: AtomFeed): string {
  const head = [
    element("id", feed.id),
    element("title", feed.title, { type: "text" }),
    element("subtitle", feed.subtitle, { type: "text" }),
    empty("link", { rel: "self", type: "application/atom+xml", href: feed.selfUrl }),
    empty("link", { rel: "alternate", type: "text/html", href: feed.pageUrl }),
    element("updated", feed.updated),
    `<author>${element("name", feed.author)}</author>`,
    element("icon", feed.icon),
  ];
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="en-US">',
    ...head.map((line) => `  ${line}`),
    ...feed.entries.map((entry) => entryXml(entry, feed.tagScheme)),
    "</feed>",
    "",
  ].join("\n");
}
