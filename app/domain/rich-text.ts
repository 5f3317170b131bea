import type { Document } from "@contentful/rich-text-types";

/** The text of a rich text document, blocks separated by spaces (for descriptions and excerpts). */
export function richTextToPlainText(document: Document | null): string {
  if (!document) return "";
  const parts: string[] = [];
  const visit = (node: unknown) => {
    const record = node as { nodeType?: string; value?: unknown; content?: unknown[] } | null;
    if (!record) return;
    if (record.nodeType === "text" && typeof record.value === "string") parts.push(record.value);
    if (Array.isArray(record.content)) {
      for (const child of record.content) visit(child);
      if (record.nodeType !== "text" && !record.nodeType?.includes("hyperlink")) parts.push(" ");
    }
  };
  visit(document);
  return parts.join("").replace(/\s+/g, " ").trim();
}

/** At most `limit` characters of text, cut at a word where possible, with an ellipsis when cut. */
export function truncateText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > limit * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
