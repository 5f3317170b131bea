// npm run font:subset: writes app/fonts/fraunces-600-headings.woff2, the heading font (Fraunces 600)
// cut down to the characters headings, the logo and quotes use, so that the one font a page downloads
// (once its hero has painted; nothing preloads it) is as small as it can be. Text with any other
// character (a name with an accent from the content service, say) takes that glyph from the full Latin
// file, which app.css declares before the subset and which the browser downloads only for such a
// character.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

/** Printable ASCII, the no-break space, and the typography editors type in titles. */
export const HEADING_CHARACTERS = [
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, index) => String.fromCodePoint(0x20 + index)),
  "\u00a0", // no-break space
  "\u00e9", // é (café)
  "\u2013", // – en dash
  "\u2014", // — em dash
  "\u2018", // ‘
  "\u2019", // ’
  "\u201c", // “
  "\u201d", // ”
  "\u2026", // …
].join("");

/** The characters as a CSS `unicode-range` (ranges of consecutive code points). */
export function unicodeRange(characters: string): string {
  const points = [...new Set([...characters].map((character) => character.codePointAt(0)!))].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let index = 0; index < points.length;) {
    let end = index;
    while (end + 1 < points.length && points[end + 1] === points[end]! + 1) end += 1;
    const hex = (point: number) => `U+${point.toString(16).toUpperCase().padStart(4, "0")}`;
    ranges.push(
      end === index
        ? hex(points[index]!)
        : `${hex(points[index]!)}-${points[end]!.toString(16).toUpperCase().padStart(4, "0")}`,
    );
    index = end + 1;
  }
  return ranges.join(", ");
}

export const HEADING_FONT_FILE = path.resolve(import.meta.dirname, "../app/fonts/fraunces-600-headings.woff2");

if (import.meta.main) {
  const source = readFileSync(
    path.resolve(import.meta.dirname, "../node_modules/@fontsource/fraunces/files/fraunces-latin-600-normal.woff2"),
  );
  const subset = await subsetFont(source, HEADING_CHARACTERS, { targetFormat: "woff2" });
  writeFileSync(HEADING_FONT_FILE, subset);
  console.log(
    `Wrote ${path.relative(process.cwd(), HEADING_FONT_FILE)}: ${subset.length} bytes (from ${source.length}).`,
  );
  console.log(`unicode-range: ${unicodeRange(HEADING_CHARACTERS)}`);
}
