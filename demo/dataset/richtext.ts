/**
 * Small helpers for writing Contentful rich text by hand. `md` turns a line with **bold**, *italic*
 * and [links](https://…) into inline nodes.
 */

export interface Mark {
  type: "bold" | "italic" | "underline" | "code";
}

export interface TextNode {
  nodeType: "text";
  value: string;
  marks: Mark[];
  data: Record<string, never>;
}

export interface HyperlinkNode {
  nodeType: "hyperlink";
  data: { uri: string };
  content: TextNode[];
}

export type Inline = TextNode | HyperlinkNode;

export interface BlockNode {
  nodeType: string;
  data: Record<string, unknown>;
  content: (BlockNode | Inline)[];
}

export interface Document {
  nodeType: "document";
  data: Record<string, never>;
  content: BlockNode[];
}

export function text(value: string, marks: Mark["type"][] = []): TextNode {
  return { nodeType: "text", value, marks: marks.map((type) => ({ type })), data: {} };
}

export function link(uri: string, label: string): HyperlinkNode {
  return { nodeType: "hyperlink", data: { uri }, content: [text(label)] };
}

/** Parses **bold**, *italic* and [label](uri) in one line of copy. */
export function md(line: string): Inline[] {
  const out: Inline[] = [];
  const re = /\*\*(.+?)\*\*|\*(.+?)\*|\[(.+?)\]\((.+?)\)/g;
  let last = 0;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    if (m.index > last) out.push(text(line.slice(last, m.index)));
    if (m[1] !== undefined) out.push(text(m[1], ["bold"]));
    else if (m[2] !== undefined) out.push(text(m[2], ["italic"]));
    else out.push(link(m[4]!, m[3]!));
    last = m.index + m[0].length;
  }
  if (last < line.length) out.push(text(line.slice(last)));
  // Contentful paragraphs start and end with a text node.
  if (out[0]?.nodeType !== "text") out.unshift(text(""));
  if (out[out.length - 1]?.nodeType !== "text") out.push(text(""));
  return out;
}

export function p(line: string): BlockNode {
  return { nodeType: "paragraph", data: {}, content: md(line) };
}

export function h2(line: string): BlockNode {
  return { nodeType: "heading-2", data: {}, content: md(line) };
}

export function h3(line: string): BlockNode {
  return { nodeType: "heading-3", data: {}, content: md(line) };
}

export function ul(...items: string[]): BlockNode {
  return {
    nodeType: "unordered-list",
    data: {},
    content: items.map((i) => ({ nodeType: "list-item", data: {}, content: [p(i)] })),
  };
}

export function ol(...items: string[]): BlockNode {
  return {
    nodeType: "ordered-list",
    data: {},
    content: items.map((i) => ({ nodeType: "list-item", data: {}, content: [p(i)] })),
  };
}

export function quote(...lines: string[]): BlockNode {
  return { nodeType: "blockquote", data: {}, content: lines.map(p) };
}

export function embeddedAsset(id: string): BlockNode {
  return {
    nodeType: "embedded-asset-block",
    data: { target: { sys: { type: "Link", linkType: "Asset", id } } },
    content: [],
  };
}

export function doc(...content: BlockNode[]): Document {
  return { nodeType: "document", data: {}, content };
}

/** All text in a rich-text tree, for word counts and excerpts. */
export function plainText(node: { nodeType: string; value?: string; content?: unknown[] }): string {
  if (node.nodeType === "text") return node.value ?? "";
  const parts = (node.content ?? []).map((c) => plainText(c as { nodeType: string }));
  return parts.join(node.nodeType === "document" ? "\n" : "");
}

export function wordCount(d: Document): number {
  return d.content
    .map((b) => plainText(b))
    .join(" ")
    .split(/\s+/)
    .filter(Boolean).length;
}

/**
 * A legal text's sections as a rich-text body: each section's heading as a heading 2, then its
 * paragraphs, lists and subheadings, as plain text (no markdown is read in legal wording).
 */
export function legalBody(
  sections: {
    heading: string;
    blocks: ({ paragraph: string } | { list: string[]; ordered?: boolean } | { subheading: string })[];
  }[],
): Document {
  const plain = (nodeType: string, value: string): BlockNode => ({ nodeType, data: {}, content: [text(value)] });
  const content: BlockNode[] = [];
  for (const section of sections) {
    if (section.heading) content.push(plain("heading-2", section.heading));
    for (const block of section.blocks) {
      if ("paragraph" in block) content.push(plain("paragraph", block.paragraph));
      else if ("subheading" in block) content.push(plain("heading-3", block.subheading));
      else
        content.push({
          nodeType: block.ordered ? "ordered-list" : "unordered-list",
          data: {},
          content: block.list.map((item) => ({ nodeType: "list-item", data: {}, content: [plain("paragraph", item)] })),
        });
    }
  }
  return doc(...content);
}
