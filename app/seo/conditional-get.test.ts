import { describe, expect, it } from "vitest";
import { isNotModified, parseHttpDate, parseIfNoneMatch } from "./conditional-get";

const validators = { etag: 'W/"abc123"', lastModified: new Date("2026-11-10T12:00:00.000Z") };
const ask = (headers: Record<string, string>) => isNotModified(new Headers(headers), validators);

describe("parseIfNoneMatch", () => {
  it("reads a list of strong and weak tags, with empty elements and white space", () => {
    expect(parseIfNoneMatch('"a", W/"b" ,, "c"')).toEqual(["a", "b", "c"]);
    expect(parseIfNoneMatch(" * ")).toBe("*");
    expect(parseIfNoneMatch('""')).toEqual([""]);
  });

  it("refuses what is not a list of entity tags", () => {
    for (const value of ["abc123", '"abc123', "W/abc", '"a" "b"', '"a", b', '*, "a"', 'w/"a"', "", " , "]) {
      expect(parseIfNoneMatch(value), value).toBeNull();
    }
  });
});

describe("parseHttpDate", () => {
  it("reads the three forms HTTP allows", () => {
    const instant = Date.UTC(1994, 10, 6, 8, 49, 37);
    expect(parseHttpDate("Sun, 06 Nov 1994 08:49:37 GMT")).toBe(instant);
    expect(parseHttpDate("Sunday, 06-Nov-94 08:49:37 GMT")).toBe(instant);
    expect(parseHttpDate("Sun Nov  6 08:49:37 1994")).toBe(instant);
  });

  it("refuses anything else, however much Date.parse would make of it", () => {
    for (const value of [
      "1",
      "2026-11-10",
      "Tue, 10 Nov 2026 12:00:00 +0000",
      "yesterday",
      "Sun, 06 Nov 1994 08:49:37 GMT, Mon, 07 Nov 1994 08:49:37 GMT",
    ]) {
      expect(parseHttpDate(value), value).toBeNull();
    }
  });
});

describe("isNotModified", () => {
  it("matches the current tag, weak or strong, anywhere in the list, and *", () => {
    expect(ask({ "If-None-Match": 'W/"abc123"' })).toBe(true);
    expect(ask({ "If-None-Match": '"abc123"' })).toBe(true);
    expect(ask({ "If-None-Match": '"older", W/"abc123"' })).toBe(true);
    expect(ask({ "If-None-Match": "*" })).toBe(true);
    expect(ask({ "If-None-Match": '"older"' })).toBe(false);
  });

  it("answers a malformed If-None-Match in full, and then does not read If-Modified-Since", () => {
    expect(ask({ "If-None-Match": "abc123" })).toBe(false);
    expect(ask({ "If-None-Match": '"abc123' })).toBe(false);
    expect(ask({ "If-None-Match": "abc123", "If-Modified-Since": "Tue, 10 Nov 2026 12:00:00 GMT" })).toBe(false);
    // A tag that does not match wins over a date that would.
    expect(ask({ "If-None-Match": '"older"', "If-Modified-Since": "Tue, 10 Nov 2026 12:00:00 GMT" })).toBe(false);
  });

  it("compares If-Modified-Since to the second, and ignores a date it cannot read", () => {
    expect(ask({ "If-Modified-Since": "Tue, 10 Nov 2026 12:00:00 GMT" })).toBe(true);
    expect(ask({ "If-Modified-Since": "Tue, 10 Nov 2026 13:00:00 GMT" })).toBe(true);
    expect(ask({ "If-Modified-Since": "Tue, 10 Nov 2026 11:59:59 GMT" })).toBe(false);
    expect(ask({ "If-Modified-Since": "2026-11-10T13:00:00Z" })).toBe(false);
    expect(ask({})).toBe(false);
  });
});
