/** Dates as visitors read them, always in the hub's time zone (TZ_SITE), never the server's. */

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An instant for a stored date: a bare calendar date ("2026-03-05") stands for that day as written. */
function parse(value: string): { instant: Date; calendarDate: boolean } | null {
  const calendar = CALENDAR_DATE.exec(value);
  if (calendar) {
    const instant = new Date(Date.UTC(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3]), 12));
    return { instant, calendarDate: true };
  }
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : { instant, calendarDate: false };
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * "March 5, 2026" (long US format). An unreadable date gives "". A calendar date (what posts
 * carry) is written out without Intl: a browser's first Intl date format costs it tens of milliseconds
 * of locale data, and cards format their dates while the page hydrates (the hydration trace, docs/performance.md).
 */
export function formatLongDate(value: string, timeZone: string): string {
  const parsed = parse(value);
  if (!parsed) return "";
  if (parsed.calendarDate) {
    const { instant } = parsed;
    return `${MONTHS[instant.getUTCMonth()]} ${instant.getUTCDate()}, ${instant.getUTCFullYear()}`;
  }
  return new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: parsed.calendarDate ? "UTC" : timeZone,
  }).format(parsed.instant);
}

/** The calendar date in the hub's zone as `YYYY-MM-DD`, for `<time dateTime>` and structured data. */
export function isoCalendarDate(value: string, timeZone: string): string {
  const parsed = parse(value);
  if (!parsed) return "";
  if (parsed.calendarDate) return value;
  const parts = new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone,
  }).formatToParts(parsed.instant);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The year it is at `instant` in the hub's time zone (the footer's copyright year). */
export function yearIn(timeZone: string, instant: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric" }).format(instant));
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in a zone at an instant, as the UTC time with the same fields (to the second). */
export function wallClock(instant: number, timeZone: string): number {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    wallClocks.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds (negative west of Greenwich). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const second = Math.floor(instant / 1000) * 1000;
  return wallClock(second, timeZone) - second;
}

/** An instant as ISO 8601 with the hub's local offset ("2026-03-05T18:00:00-06:00"). */
export function isoWithOffset(iso: string, timeZone: string): string {
  const instant = Math.floor(new Date(iso).getTime() / 1000) * 1000;
  const offsetMinutes = Math.round(zoneOffsetMs(instant, timeZone) / 60_000);
  const local = new Date(instant + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, "0");
  return `${local}${sign}${hours}:${minutes}`;
}

/**
 * A stored date as an RFC 3339 date-time with the hub's offset, for feeds: a calendar date ("2026-03-05",
 * what posts carry) is the start of that day in the hub's zone; an instant keeps its time. "" when the
 * date cannot be read.
 */
export function dateTimeWithOffset(value: string, timeZone: string): string {
  const parsed = parse(value);
  if (!parsed) return "";
  if (!parsed.calendarDate) return isoWithOffset(parsed.instant.toISOString(), timeZone);
  const [year, month, day] = value.split("-").map(Number);
  const midnight = Date.UTC(year!, month! - 1, day!);
  // The offset at a first guess can differ from the offset at the answer when a change of offset lies between.
  const guess = midnight - zoneOffsetMs(midnight, timeZone);
  return isoWithOffset(new Date(midnight - zoneOffsetMs(guess, timeZone)).toISOString(), timeZone);
}
