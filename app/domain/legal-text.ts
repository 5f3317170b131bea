import { BLOCKS, type Document } from "@contentful/rich-text-types";
import type { LegalBlock, LegalDocument, LegalSection } from "~/content/legal";

/**
 * Legal texts as the content service holds them (a `legalText` entry: a date line, an introduction
 * and a rich-text body) turned into the structure the legal pages show: a section per heading 2 (or
 * 1), with its paragraphs, lists and subheadings. Text formatting and link targets are not kept:
 * the words are. Text before the first heading is a section without a heading.
 */

interface RichNode {
  nodeType: string;
  value?: string;
  content?: RichNode[];
}

/** The words of a node, with the text inside links; line breaks and runs of spaces become one space. */
function textOf(node: RichNode): string {
  if (node.nodeType === "text") return node.value ?? "";
  return (node.content ?? []).map(textOf).join(node.nodeType === BLOCKS.LIST_ITEM ? " " : "");
}

function clean(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

const SECTION_HEADINGS = new Set<string>([BLOCKS.HEADING_1, BLOCKS.HEADING_2]);
const SUBHEADINGS = new Set<string>([BLOCKS.HEADING_3, BLOCKS.HEADING_4, BLOCKS.HEADING_5, BLOCKS.HEADING_6]);

function blocksOf(node: RichNode): LegalBlock[] {
  switch (node.nodeType) {
    case BLOCKS.PARAGRAPH: {
      const paragraph = clean(textOf(node));
      return paragraph ? [{ paragraph }] : [];
    }
    case BLOCKS.UL_LIST:
    case BLOCKS.OL_LIST: {
      const list = (node.content ?? []).map((item) => clean(textOf(item))).filter(Boolean);
      if (list.length === 0) return [];
      return [node.nodeType === BLOCKS.OL_LIST ? { list, ordered: true } : { list }];
    }
    case BLOCKS.QUOTE:
      return (node.content ?? []).flatMap(blocksOf);
    case BLOCKS.TABLE:
      return (node.content ?? []).flatMap((row) => {
        const paragraph = (row.content ?? []).map((cell) => clean(textOf(cell))).join(" | ");
        return paragraph.replaceAll("|", "").trim() ? [{ paragraph }] : [];
      });
    default:
      // Rules, embedded entries and assets carry no words of the text.
      return [];
  }
}

export function legalDocumentFromRichText({
  dateLine,
  introduction,
  body,
}: {
  dateLine: string;
  introduction: string;
  body: Document | null;
}): LegalDocument {
  const sections: LegalSection[] = [];
  let current: LegalSection | null = null;
  for (const node of (body?.content ?? []) as RichNode[]) {
    if (SECTION_HEADINGS.has(node.nodeType)) {
      current = { heading: clean(textOf(node)), blocks: [] };
      sections.push(current);
      continue;
    }
    const blocks = SUBHEADINGS.has(node.nodeType)
      ? [{ subheading: clean(textOf(node)) }].filter((block) => block.subheading)
      : blocksOf(node);
    if (blocks.length === 0) continue;
    if (!current) {
      current = { heading: "", blocks: [] };
      sections.push(current);
    }
    current.blocks.push(...blocks);
  }
  return { dateLine: clean(dateLine), introduction: clean(introduction), sections };
}
