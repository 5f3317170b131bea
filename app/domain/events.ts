/**
 * Events as pages use them (from the events service), their classification and how they read,
 * always in the hub's time zone.
 */

import { isoWithOffset } from "./dates";

export interface SiteEvent {
  uuid: string;
  title: string;
  description: string;
  slug: string;
  /** ISO 8601 instants. */
  startDate: string;
  endDate: string;
  /** In US dollars; null when not announced. */
  price: number | null;
  cancelled: boolean;
  /** The cover image (absolute, or a path on this site in demo mode), or null. */
  coverUrl: string | null;
  /** The event's public page, where visitors RSVP (absolute, or a path on this site in demo mode). */
  rsvpUrl: string;
}

/** The widths the site scales event covers to, for `srcset` (the original stays the `src`). */
export const eventCoverWidths = [480, 800] as const;

/**
 * Where the site serves an event's cover scaled to `width` (see routes/event-cover.ts). The `v`
 * parameter names the cover's version, so a browser holding yesterday's cover asks again once an
 * editor replaces it; the route itself ignores it.
 */
function eventCoverPath(uuid: string, width: number, coverUrl: string): string {
  return `/event-covers/${encodeURIComponent(uuid)}-${width}.webp?v=${shortHash(coverUrl)}`;
}

export function eventCoverSrcSet(uuid: string, coverUrl: string): string {
  return eventCoverWidths.map((width) => `${eventCoverPath(uuid, width, coverUrl)} ${width}w`).join(", ");
}

/** FNV-1a, 32 bits, in base 36: a cache key, not a checksum. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

export interface ClassifiedEvents {
  /** Not ended and not cancelled, soonest first. */
  upcoming: SiteEvent[];
  /** Ended and not cancelled, most recent first. */
  past: SiteEvent[];
}

/** Upcoming: ends now or later; past: ended; cancelled: never shown (docs/pages.md). */
export function classifyEvents(events: readonly SiteEvent[], now: Date): ClassifiedEvents {
  const at = now.getTime();
  const shown = events.filter((event) => !event.cancelled);
  return {
    upcoming: shown
      .filter((event) => Date.parse(event.endDate) >= at)
      .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate)),
    past: shown
      .filter((event) => Date.parse(event.endDate) < at)
      .sort((a, b) => Date.parse(b.startDate) - Date.parse(a.startDate)),
  };
}

/** The next `limit` events that have not ended and are not cancelled (the home page shows 3). */
export function upcomingEvents(events: readonly SiteEvent[], now: Date, limit: number): SiteEvent[] {
  return classifyEvents(events, now).upcoming.slice(0, limit);
}

/** True while the event is under way. */
export function isHappeningNow(event: Pick<SiteEvent, "startDate" | "endDate">, now: Date): boolean {
  return Date.parse(event.startDate) <= now.getTime() && now.getTime() <= Date.parse(event.endDate);
}

/** 'Free' for 0 or no price, else dollars ("$25", "$12.50"). */
export function formatEventPrice(price: number | null): string {
  if (price === null || price === 0) return "Free";
  return Number.isInteger(price) ? `$${price}` : `$${price.toFixed(2)}`;
}

const dayFormat = (timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long", month: "long", day: "numeric", year: "numeric" });
const timeFormat = (timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", timeZoneName: "short" });

/** "Tuesday, March 5, 2026" in the hub's zone. */
export function formatEventDate(iso: string, timeZone: string): string {
  return dayFormat(timeZone).format(new Date(iso));
}

/**
 * When, in the hub's zone: "6:00 – 8:00 PM CST" for an event within one day, or "March 5, 6:00 PM –
 * March 6, 2:00 PM CST" when it spans days.
 */
export function formatEventTimeRange(startIso: string, endIso: string, timeZone: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const day = dayFormat(timeZone);
  if (day.format(start) === day.format(end)) return timeFormat(timeZone).formatRange(start, end);
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).formatRange(start, end);
}

/** The first paragraph of a description, cut to `limit` characters at a word. */
export function eventExcerpt(description: string, limit = 180): string {
  const first = description.split(/\n\s*\n/)[0]?.trim() ?? "";
  if (first.length <= limit) return first;
  const cut = first.slice(0, limit - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > limit * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * An event with the words a card shows, written once on the server (browsers' date formatting differs
 * in its spaces, and a browser's first date format loads its locale data while the page hydrates). The
 * full description stays on the server: cards show the excerpt.
 */
export interface EventView extends Omit<SiteEvent, "description"> {
  dateLabel: string;
  timeLabel: string;
  /** Start and end as ISO 8601 with the hub's offset, for structured data. */
  localStart: string;
  localEnd: string;
  priceLabel: string;
  excerpt: string;
  happeningNow: boolean;
}

export function viewEvent({ description, ...event }: SiteEvent, timeZone: string, now: Date): EventView {
  return {
    ...event,
    dateLabel: formatEventDate(event.startDate, timeZone),
    timeLabel: formatEventTimeRange(event.startDate, event.endDate, timeZone),
    localStart: isoWithOffset(event.startDate, timeZone),
    localEnd: isoWithOffset(event.endDate, timeZone),
    priceLabel: formatEventPrice(event.price),
    excerpt: eventExcerpt(description),
    happeningNow: isHappeningNow(event, now),
  };
}

/** The events page's two lists, ready to show. */
export function viewClassifiedEvents(
  events: readonly SiteEvent[],
  timeZone: string,
  now: Date,
): { upcoming: EventView[]; past: EventView[] } {
  const { upcoming, past } = classifyEvents(events, now);
  return {
    upcoming: upcoming.map((event) => viewEvent(event, timeZone, now)),
    past: past.map((event) => viewEvent(event, timeZone, now)),
  };
}
