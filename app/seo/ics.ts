import { wallClock, zoneOffsetMs } from "~/domain/dates";
import type { SiteEvent } from "~/domain/events";

/**
 * Events as iCalendar (RFC 5545): one event as a file of its own, for "Add to calendar", and the
 * calendar people subscribe to (docs/architecture.md#feeds), which keeps each event's UID for its life
 * and says in SEQUENCE and LAST-MODIFIED when it changed.
 */

const encoder = new TextEncoder();

/**
 * Control characters other than tab and line breaks, which no iCalendar value may hold (RFC 5545
 * section 3.3.11); an outside service's text could carry them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * TEXT values lose control characters and escape backslash, semicolon, comma and line breaks (RFC
 * 5545 section 3.3.11), so no value can end its line and start a property of its own.
 */
export function escapeIcsText(text: string): string {
  return text
    .replace(CONTROL_CHARACTERS, "")
    .replaceAll("\\", "\\\\")
    .replaceAll(";", "\\;")
    .replaceAll(",", "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** A URI value cannot be escaped like text: it loses every control character and line break instead. */
function icsUri(uri: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  return uri.replace(/[\u0000-\u001F\u007F]/g, "");
}

/** Lines longer than 75 octets continue on the next line after a space, never inside a character. */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const character of line) {
    const octets = encoder.encode(character).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + octets > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += character;
    size += octets;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** `YYYYMMDDTHHMMSSZ` in UTC. */
export function icsDateTime(value: string | Date): string {
  return new Date(value)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** Revision facts the events service does not give (app/services/event-revisions.server.ts). */
export interface EventRevision {
  /** Rises with every change a subscriber would see. */
  sequence: number;
  /** When the site first saw the event as it is now (ISO 8601). */
  modifiedAt: string;
}

/** Where an event happens and how it is named, the same in an event's own file and in the subscription. */
export interface EventPlace {
  location: string;
  /** The event's public page (absolute). */
  url: string;
  /** The UID's right-hand side (the site's host name): `{uuid}@{uidDomain}` for the event's whole life. */
  uidDomain: string;
}

/**
 * One VEVENT. Without a time zone its times are UTC (an event's own file); with one they are the zone's
 * wall-clock times under `TZID`, which the calendar's VTIMEZONE defines (the subscription). With a
 * revision it carries SEQUENCE, LAST-MODIFIED and STATUS; a cancelled event says so in its title too,
 * since not every calendar app shows STATUS, and no longer blocks the time.
 */
function veventLines(
  event: SiteEvent,
  { location, url, uidDomain }: EventPlace,
  { stamp, timeZone, revision }: { stamp: string | Date; timeZone?: string; revision?: EventRevision },
): string[] {
  const time = (name: string, value: string) =>
    timeZone ? `${name};TZID=${timeZone}:${icsLocalDateTime(value, timeZone)}` : `${name}:${icsDateTime(value)}`;
  const cancelled = revision !== undefined && event.cancelled;
  return [
    "BEGIN:VEVENT",
    `UID:${escapeIcsText(`${event.uuid}@${uidDomain}`)}`,
    `DTSTAMP:${icsDateTime(stamp)}`,
    time("DTSTART", event.startDate),
    time("DTEND", event.endDate),
    ...(revision ? [`SEQUENCE:${revision.sequence}`, `LAST-MODIFIED:${icsDateTime(revision.modifiedAt)}`] : []),
    `SUMMARY:${escapeIcsText(cancelled ? `Cancelled: ${event.title}` : event.title)}`,
    `LOCATION:${escapeIcsText(location)}`,
    `URL:${icsUri(url)}`,
    `DESCRIPTION:${escapeIcsText(`${event.description}${event.description ? "\n\n" : ""}RSVP: ${url}`)}`,
    ...(revision ? [`STATUS:${cancelled ? "CANCELLED" : "CONFIRMED"}`] : []),
    ...(cancelled ? ["TRANSP:TRANSPARENT"] : []),
    "END:VEVENT",
  ];
}

const CALENDAR_HEAD = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Ozark Foundry//Events//EN",
  "CALSCALE:GREGORIAN",
  "METHOD:PUBLISH",
];

function icsText(lines: string[]): string {
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}

/** One event as a file of its own, for "Add to calendar": a copy, stamped now, in UTC. */
export function eventToIcs(event: SiteEvent, { now = new Date(), ...place }: EventPlace & { now?: Date }): string {
  return icsText([...CALENDAR_HEAD, ...veventLines(event, place, { stamp: now }), "END:VCALENDAR"]);
}

export interface CalendarEntry {
  event: SiteEvent;
  place: EventPlace;
  revision: EventRevision;
}

export interface CalendarOptions {
  /** The calendar's name in a calendar app. */
  name: string;
  description: string;
  /** The zone every time is given in (TZ_SITE), with its VTIMEZONE. */
  timeZone: string;
  /** The calendar's own address (RFC 7986 SOURCE) and the page it stands for. */
  sourceUrl: string;
  pageUrl: string;
  /** How often a subscriber should look again, as an iCalendar duration ("PT1H"). */
  refreshInterval: string;
}

/**
 * The calendar people subscribe to: every entry with its revision, times in `timeZone`, and how often to
 * refresh (RFC 7986 REFRESH-INTERVAL, and X-PUBLISHED-TTL, which Outlook and others read). Each event is
 * stamped with its own LAST-MODIFIED, so the same events give the same bytes (an unchanged ETag).
 */
export function calendarToIcs(entries: readonly CalendarEntry[], options: CalendarOptions): string {
  const { name, description, timeZone, sourceUrl, pageUrl, refreshInterval } = options;
  const instants = entries.flatMap(({ event }) => [Date.parse(event.startDate), Date.parse(event.endDate)]);
  return icsText([
    ...CALENDAR_HEAD,
    `NAME:${escapeIcsText(name)}`,
    `X-WR-CALNAME:${escapeIcsText(name)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    `X-WR-CALDESC:${escapeIcsText(description)}`,
    `X-WR-TIMEZONE:${timeZone}`,
    `SOURCE;VALUE=URI:${icsUri(sourceUrl)}`,
    `URL;VALUE=URI:${icsUri(pageUrl)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${refreshInterval}`,
    `X-PUBLISHED-TTL:${refreshInterval}`,
    ...(instants.length > 0 ? vtimezoneLines(timeZone, Math.min(...instants), Math.max(...instants)) : []),
    ...entries.flatMap(({ event, place, revision }) =>
      veventLines(event, place, { stamp: revision.modifiedAt, timeZone, revision }),
    ),
    "END:VCALENDAR",
  ]);
}

// ---------------------------------------------------------------------------------------------------
// Time zones

/** UTC fields as iCalendar's local DATE-TIME (`YYYYMMDDTHHMMSS`). */
function localFields(wall: number): string {
  return new Date(wall)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "");
}

/** An instant as the zone's wall-clock time, for a `TZID` property (`YYYYMMDDTHHMMSS`). */
export function icsLocalDateTime(value: string | Date, timeZone: string): string {
  return localFields(wallClock(new Date(value).getTime(), timeZone));
}

/** "-0500", or "+053028" for an offset with seconds. */
function utcOffset(ms: number): string {
  const sign = ms < 0 ? "-" : "+";
  const total = Math.abs(Math.round(ms / 1000));
  const pad = (value: number) => String(value).padStart(2, "0");
  const seconds = total % 60;
  return `${sign}${pad(Math.floor(total / 3600))}${pad(Math.floor(total / 60) % 60)}${seconds ? pad(seconds) : ""}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instants in [from, to) at which the zone's offset changes, to the second, from the tz database. */
function offsetChanges(timeZone: string, from: number, to: number): { at: number; before: number; after: number }[] {
  const changes: { at: number; before: number; after: number }[] = [];
  let previous = zoneOffsetMs(from, timeZone);
  for (let day = from; day < to; day += DAY_MS) {
    const next = Math.min(day + DAY_MS, to);
    const offset = zoneOffsetMs(next, timeZone);
    if (offset === previous) continue;
    // The offset changed within the day: find the first second with the new one.
    let low = Math.floor(day / 1000);
    let high = Math.floor(next / 1000);
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (zoneOffsetMs(middle * 1000, timeZone) === previous) low = middle;
      else high = middle;
    }
    changes.push({ at: high * 1000, before: previous, after: offset });
    previous = offset;
  }
  return changes;
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** The zone's abbreviation at an instant ("CST", "CDT"), or null where Intl has only "GMT-6". */
function zoneAbbreviation(instant: number, timeZone: string): string | null {
  let format = zoneNames.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" });
    zoneNames.set(timeZone, format);
  }
  const name = format.formatToParts(new Date(instant)).find((part) => part.type === "timeZoneName")?.value ?? "";
  return /^[A-Z]{3,5}$/.test(name) ? name : null;
}

const vtimezones = new Map<string, string[]>();

/**
 * The zone's VTIMEZONE for the whole years around `from` and `to` (and the year after): one observance
 * from the first of January, then one per change of offset, each starting at the wall-clock time it
 * replaces (RFC 5545 section 3.6.5). Built from the tz database the runtime carries, so it is right for
 * any TZ_SITE and for the years the events fall in, daylight saving and changes of rule included.
 */
export function vtimezoneLines(timeZone: string, from: number, to: number): string[] {
  const firstYear = new Date(from).getUTCFullYear();
  const lastYear = new Date(to).getUTCFullYear() + 1;
  const key = `${timeZone}|${firstYear}|${lastYear}`;
  const known = vtimezones.get(key);
  if (known) return known;
  // A day before the first of January, so that its local midnight is inside the range in every zone.
  const start = Date.UTC(firstYear, 0, 1) - DAY_MS;
  const end = Date.UTC(lastYear + 1, 0, 1);
  const standardOffset = (instant: number) => {
    const year = new Date(instant).getUTCFullYear();
    return Math.min(zoneOffsetMs(Date.UTC(year, 0, 1), timeZone), zoneOffsetMs(Date.UTC(year, 6, 1), timeZone));
  };
  const observance = (at: number, before: number, after: number, onset: number) => {
    const kind = after > standardOffset(at) ? "DAYLIGHT" : "STANDARD";
    const name = zoneAbbreviation(at, timeZone);
    return [
      `BEGIN:${kind}`,
      `DTSTART:${localFields(onset)}`,
      `TZOFFSETFROM:${utcOffset(before)}`,
      `TZOFFSETTO:${utcOffset(after)}`,
      ...(name ? [`TZNAME:${name}`] : []),
      `END:${kind}`,
    ];
  };
  const initialOffset = zoneOffsetMs(start, timeZone);
  const lines = [
    "BEGIN:VTIMEZONE",
    `TZID:${timeZone}`,
    ...observance(start, initialOffset, initialOffset, start + initialOffset),
    ...offsetChanges(timeZone, start, end).flatMap(({ at, before, after }) =>
      observance(at, before, after, at + before),
    ),
    "END:VTIMEZONE",
  ];
  vtimezones.set(key, lines);
  return lines;
}
