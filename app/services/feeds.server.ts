import { createHash } from "node:crypto";
import { site } from "~/config/site";
import { type AtomEntry, atomFeedXml, newestUpdate } from "~/seo/atom";
import { blogPostPath, blogTagPath } from "~/seo/blog-paths";
import type { BlogPost } from "~/domain/cms-types";
import { dateTimeWithOffset } from "~/domain/dates";
import { BLOG_FEED_PATH, blogTagFeedPath, EVENTS_CALENDAR_PATH } from "~/seo/feed-paths";
import type { SiteEvent } from "~/domain/events";
import { calendarToIcs } from "~/seo/ics";
import { absoluteUrl } from "~/seo/structured-data";
import type { ContentService } from "./content";
import type { EventRevisions } from "./event-revisions.server";
import type { EventsService } from "./events.server";
import type { FeedCache, FeedLookup, RenderedFeed } from "./feed-cache.server";

/**
 * The feeds people follow the hub with (docs/architecture.md#feeds): the blog's Atom feed and one per
 * tag, from the same cached content the pages show, and the events calendar to subscribe to, from the
 * events service with each event's revision. Rendered feeds are kept in `cache` and purged with the pages.
 */

/** How many posts a tag's feed lists (the blog's feed lists the latest posts the home page reads). */
const TAG_FEED_POSTS = 10;
/** How long ended events stay in the calendar. */
export const CALENDAR_PAST_DAYS = 28;
/** How often a subscriber should look again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const CALENDAR_REFRESH = "PT1H";

export interface FeedServiceOptions {
  content: Pick<ContentService, "getLatestBlogPosts" | "getBlogPosts">;
  events: Pick<EventsService, "getEvents">;
  revisions: EventRevisions;
  cache: FeedCache;
  /** The canonical origin (SITE_URL). */
  siteUrl: string;
  /** TZ_SITE: the zone of the calendar's times and of posts' dates. */
  timeZone: string;
  now?: () => Date;
  log?: Pick<Console, "warn">;
}

export type FeedService = ReturnType<typeof createFeedService>;

/** A name-based UUID (version 5 layout) as a URN: an entry's Atom id, which no edit of the post changes. */
function stableUrn(name: string): string {
  const hex = createHash("sha1").update(name).digest("hex");
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

export function createFeedService({
  content,
  events,
  revisions,
  cache,
  siteUrl,
  timeZone,
  now = () => new Date(),
  log = console,
}: FeedServiceOptions) {
  const host = new URL(siteUrl).hostname;

  function postEntry(post: BlogPost): AtomEntry | null {
    const published = dateTimeWithOffset(post.publishDate, timeZone);
    if (!published) {
      log.warn(`The blog feeds leave out the post ${JSON.stringify(post.slug)}: its publishDate cannot be read.`);
      return null;
    }
    const image = post.featuredImage;
    return {
      id: stableUrn(`${host}:blogPost:${post.id}`),
      title: post.title,
      url: `${siteUrl}${blogPostPath(post.slug)}`,
      published,
      updated: published,
      author: post.author || site.name,
      summary: post.excerpt,
      tags: post.tags,
      image: image
        ? {
            url: absoluteUrl(siteUrl, image.url),
            type: image.contentType,
            width: image.width,
            height: image.height,
            description: image.description,
          }
        : null,
    };
  }

  function blogFeedXml(posts: BlogPost[], tag?: string): string {
    const entries = posts.map(postEntry).filter((entry): entry is AtomEntry => entry !== null);
    const selfPath = tag === undefined ? BLOG_FEED_PATH : blogTagFeedPath(tag);
    return atomFeedXml({
      id: `${siteUrl}${selfPath}`,
      title: tag === undefined ? `${site.name} blog` : `${site.name} blog: posts tagged “${tag}”`,
      subtitle: `News, guides and stories from ${site.name}, the coworking and innovation hub in ${site.contact.city}, ${site.contact.state}.`,
      selfUrl: `${siteUrl}${selfPath}`,
      pageUrl: `${siteUrl}${tag === undefined ? "/blog" : blogTagPath(tag)}`,
      author: site.name,
      icon: `${siteUrl}/apple-touch-icon.png`,
      tagScheme: `${siteUrl}/blog/tag/`,
      updated: newestUpdate(entries),
      entries,
    });
  }

  const atom = (body: string, items: number) => ({ body, contentType: "application/atom+xml; charset=utf-8", items });

  /** The events a subscriber gets: every one not yet ended (cancelled ones marked), and the last weeks' past ones. */
  function calendarEvents(all: readonly SiteEvent[], at: Date): SiteEvent[] {
    const since = at.getTime() - CALENDAR_PAST_DAYS * 24 * 60 * 60_000;
    return all
      .filter((event) => {
        const end = Date.parse(event.endDate);
        return end >= at.getTime() || (!event.cancelled && end >= since);
      })
      .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate) || a.uuid.localeCompare(b.uuid));
  }

  async function renderCalendar(previous: RenderedFeed | null) {
    const all = await events.getEvents();
    // A space's list includes its ended events, so a list that empties at once is the service's fault,
    // not the hub's: an empty calendar would delete every event from every subscriber's calendar.
    if (all.length === 0 && previous !== null && previous.items > 0) {
      throw new Error("The events service listed no events at all, where it listed some before.");
    }
    const shown = calendarEvents(all, now());
    const byUuid = await revisions.revisionsOf(shown);
    const location = `${site.name}, ${site.contact.street}, ${site.contact.city}, ${site.contact.state} ${site.contact.zip}`;
    const body = calendarToIcs(
      shown.map((event) => ({
        event,
        place: { location, url: absoluteUrl(siteUrl, event.rsvpUrl), uidDomain: host },
        revision: byUuid.get(event.uuid)!,
      })),
      {
        name: `${site.name} events`,
        description: `Events at ${site.name}, ${site.contact.city}, ${site.contact.state}: workshops, meetups and open houses.`,
        timeZone,
        sourceUrl: `${siteUrl}${EVENTS_CALENDAR_PATH}`,
        pageUrl: `${siteUrl}/events`,
        refreshInterval: CALENDAR_REFRESH,
      },
    );
    return { body, contentType: "text/calendar; charset=utf-8", items: all.length };
  }

  return {
    /** The latest posts, newest first. */
    blogFeed(): Promise<FeedLookup> {
      return cache.get(BLOG_FEED_PATH, async () => {
        const posts = await content.getLatestBlogPosts();
        return atom(blogFeedXml(posts), posts.length);
      });
    },

    /** The latest posts with a tag; "not-found" when none has it. */
    blogTagFeed(tag: string): Promise<FeedLookup> {
      return cache.get(blogTagFeedPath(tag), async () => {
        const posts = await content.getBlogPosts({ limit: TAG_FEED_POSTS, tag });
        return posts.length === 0 ? null : atom(blogFeedXml(posts, tag), posts.length);
      });
    },

    eventsCalendar(): Promise<FeedLookup> {
      return cache.get(EVENTS_CALENDAR_PATH, renderCalendar);
    },
  };
}
