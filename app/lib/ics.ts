import type { SiteEvent } from "./events";

/** An event as an iCalendar file (RFC 5545), for "Add to calendar". */

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

export function eventToIcs(
  event: SiteEvent,
  { location, url, uidDomain, now = new Date() }: { location: string; url: string; uidDomain: string; now?: Date },
): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Ozark Foundry//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${escapeIcsText(`${event.uuid}@${uidDomain}`)}`,
    `DTSTAMP:${icsDateTime(now)}`,
    `DTSTART:${icsDateTime(event.startDate)}`,
    `DTEND:${icsDateTime(event.endDate)}`,
    `SUMMARY:${escapeIcsText(event.title)}`,
    `LOCATION:${escapeIcsText(location)}`,
    `URL:${icsUri(url)}`,
    `DESCRIPTION:${escapeIcsText(`${event.description}${event.description ? "\n\n" : ""}RSVP: ${url}`)}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}
