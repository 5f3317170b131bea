/**
 * Conditional GET (RFC 9110 section 13): whether a client's copy is still the current one, so it can
 * be answered `304 Not Modified`. `If-None-Match` decides when present (then `If-Modified-Since` is not
 * read); a value that is not a list of entity tags matches nothing, and a date that is not an HTTP date
 * is ignored, so a malformed header costs the client a full answer, never a wrong 304.
 */

export interface Validators {
  /** An entity tag as sent in `ETag` (`W/"..."` or `"..."`). */
  etag: string;
  lastModified: Date;
}

/** One entity tag after another, separated by commas and optional white space (RFC 9110 section 8.8.3). */
const ENTITY_TAG = /^\s*(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*(?:,|$)/;

/** The opaque tags of an `If-None-Match` list, "*" for any, or null when the value is not such a list. */
export function parseIfNoneMatch(value: string): string[] | "*" | null {
  if (value.trim() === "*") return "*";
  const tags: string[] = [];
  let rest = value;
  while (rest.trim() !== "") {
    const match = ENTITY_TAG.exec(rest);
    if (!match) return null;
    tags.push(match[2]!);
    rest = rest.slice(match[0].length);
    // A list may hold empty elements (", ,"): skip them.
    rest = rest.replace(/^(\s*,)+/, "");
  }
  return tags.length > 0 ? tags : null;
}

const opaque = (etag: string) => etag.replace(/^W\//, "").replace(/^"|"$/g, "");

const MONTHS = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec";
const HTTP_DATES = [
  // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
  new RegExp(`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} (?:${MONTHS}) \\d{4} \\d{2}:\\d{2}:\\d{2} GMT$`),
  // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
  new RegExp(
    `^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \\d{2}-(?:${MONTHS})-\\d{2} \\d{2}:\\d{2}:\\d{2} GMT$`,
  ),
  // asctime: Sun Nov  6 08:49:37 1994
  new RegExp(`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?:${MONTHS}) [ \\d]\\d \\d{2}:\\d{2}:\\d{2} \\d{4}$`),
];

/** An HTTP date (RFC 9110 section 5.6.7) as milliseconds, or null for anything else. */
export function parseHttpDate(value: string): number | null {
  const text = value.trim();
  const form = HTTP_DATES.findIndex((pattern) => pattern.test(text));
  if (form === -1) return null;
  const instant = Date.parse(form === 2 ? `${text} GMT` : text);
  return Number.isNaN(instant) ? null : instant;
}

/** Whether the request's copy is current: answer 304 (for GET and HEAD; the caller checks the method). */
export function isNotModified(headers: Headers, { etag, lastModified }: Validators): boolean {
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    const tags = parseIfNoneMatch(ifNoneMatch);
    if (tags === "*") return true;
    // Weak comparison: the tags' opaque parts are equal.
    return tags?.includes(opaque(etag)) ?? false;
  }
  const ifModifiedSince = headers.get("if-modified-since");
  const since = ifModifiedSince === null ? null : parseHttpDate(ifModifiedSince);
  if (since === null) return false;
  return Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}
