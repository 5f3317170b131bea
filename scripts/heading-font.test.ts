import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HEADING_CHARACTERS, HEADING_FONT_FILE, unicodeRange } from "./heading-font.ts";

describe("the heading font subset", () => {
  it("is declared in app.css with exactly the characters it was cut to", () => {
    const css = readFileSync(path.resolve(import.meta.dirname, "../app/app.css"), "utf8");
    const face = /@font-face\s*\{[^}]*fraunces-600-headings\.woff2[^}]*\}/.exec(css)?.[0] ?? "";
    expect(face).toContain("font-display: swap");
    expect(face).toContain(`unicode-range: ${unicodeRange(HEADING_CHARACTERS)};`);
    // Declared after the full face, so the browser prefers it for the characters it has.
    expect(css.indexOf("fraunces-600-headings.woff2")).toBeGreaterThan(css.indexOf("fraunces-latin-600-normal.woff2"));
  });

  it("is a small WOFF2 file", () => {
    const file = readFileSync(HEADING_FONT_FILE);
    expect(file.subarray(0, 4).toString("latin1")).toBe("wOF2");
    expect(file.length).toBeLessThan(14 * 1024);
  });

  it("writes consecutive code points as one range", () => {
    expect(unicodeRange("cab\u2019\u2018e")).toBe("U+0061-0063, U+0065, U+2018-2019");
  });
});
