import { blogTagPath } from "./blog-paths";

/** The feeds' addresses, written once: the routes, the autodiscovery links, the Subscribe links, the feeds' own ids. */

export const BLOG_FEED_PATH = "/blog/feed.xml";
export const EVENTS_CALENDAR_PATH = "/events.ics";

export function blogTagFeedPath(tag: string): string {
  return `${blogTagPath(tag)}/feed.xml`;
}

/** The events calendar's address for a calendar app: the same address as `webcal:`, which opens one. */
export function webcalUrl(siteUrl: string): string {
  return `${siteUrl.replace(/^https?:/, "webcal:")}${EVENTS_CALENDAR_PATH}`;
}
