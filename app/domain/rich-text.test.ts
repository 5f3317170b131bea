import { BLOCKS, type Document, INLINES } from "@contentful/rich-text-types";
import { describe, expect, it } from "vitest";
import { richTextToPlainText, truncateText } from "./rich-text";

const text = (value: string) => ({ nodeType: "text", value, marks: [], data: {} });

const document = {
  nodeType: BLOCKS.DOCUMENT,
  data: {},
  content: [
    { nodeType: BLOCKS.HEADING_2, data: {}, content: [text("A heading")] },
    {
      nodeType: BLOCKS.PARAGRAPH,
      data: {},
      content: [
        text("Read the "),
        { nodeType: INLINES.HYPERLINK, data: { uri: "https://example.com" }, content: [text("guide")] },
        text(" first."),
      ],
    },
    { nodeType: BLOCKS.EMBEDDED_ASSET, data: { target: null }, content: [] },
  ],
} as unknown as Document;

describe("richTextToPlainText", () => {
  it("joins the text of every block, keeping links inline", () => {
    expect(richTextToPlainText(document)).toBe("A heading Read the guide first.");
  });

  it("gives nothing for no document", () => {
    expect(richTextToPlainText(null)).toBe("");
  });
});

describe("truncateText", () => {
  it("keeps short text and cuts long text at a word", () => {
    expect(truncateText("Short.", 150)).toBe("Short.");
    const long = "word ".repeat(60).trim();
    const cut = truncateText(long, 150);
    expect(cut.length).toBeLessThanOrEqual(150);
    expect(cut.endsWith("word…")).toBe(true);
  });
});
