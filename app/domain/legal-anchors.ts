import type { LegalSection } from "~/content/legal";

/*
 * The legal pages' section anchors, apart from the rich-text parser (legal-text.ts) so that the pages'
 * browser code does not carry the rich-text library.
 */

/** The anchor of a section, from its heading: "6. Changes to these terms" is `#changes-to-these-terms`. */
export function legalSectionAnchor(heading: string): string {
  return (
    heading
      .toLowerCase()
      .replace(/^\s*\d+[.)]\s*/, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "section"
  );
}

/** Anchors for every section, unique within the document (a repeated heading gets `-2`, `-3`...). */
export function legalSectionAnchors(sections: readonly LegalSection[]): string[] {
  const used = new Map<string, number>();
  return sections.map(({ heading }) => {
    const anchor = legalSectionAnchor(heading);
    const seen = (used.get(anchor) ?? 0) + 1;
    used.set(anchor, seen);
    return seen === 1 ? anchor : `${anchor}-${seen}`;
  });
}
