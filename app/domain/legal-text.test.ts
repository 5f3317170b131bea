import type { Document } from "@contentful/rich-text-types";
import { describe, expect, it } from "vitest";
import { legalSectionAnchor, legalSectionAnchors } from "./legal-anchors";
import { legalDocumentFromRichText } from "./legal-text";

const text = (value: string, marks: string[] = []) => ({
  nodeType: "text",
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});
const block = (nodeType: string, ...content: unknown[]) => ({ nodeType, data: {}, content });
const item = (value: string) => block("list-item", block("paragraph", text(value)));

function body(...content: unknown[]): Document {
  return { nodeType: "document", data: {}, content } as unknown as Document;
}

describe("legalDocumentFromRichText", () => {
  it("makes a section of every heading 1 or 2, with its paragraphs, lists and subheadings", () => {
    const document = legalDocumentFromRichText({
      dateLine: " Effective  December 2, 2024 ",
      introduction: "These terms govern your use.",
      body: body(
        block("paragraph", text("Read this first.")),
        block("heading-2", text("1. Use of "), text("services", ["bold"])),
        block("paragraph", text("You must be "), block("hyperlink", text("18 or older")), text(".")),
        block("unordered-list", item("no spam;"), item("no harm.")),
        block("heading-3", text("SMS")),
        block("ordered-list", item("Reply STOP"), item("Reply HELP")),
        block("paragraph", text("")),
        block("hr"),
        block("heading-1", text("2. Contact")),
        block("blockquote", block("paragraph", text("Write to us."))),
      ),
    });
    expect(document).toEqual({
      dateLine: "Effective December 2, 2024",
      introduction: "These terms govern your use.",
      sections: [
        { heading: "", blocks: [{ paragraph: "Read this first." }] },
        {
          heading: "1. Use of services",
          blocks: [
            { paragraph: "You must be 18 or older." },
            { list: ["no spam;", "no harm."] },
            { subheading: "SMS" },
            { list: ["Reply STOP", "Reply HELP"], ordered: true },
          ],
        },
        { heading: "2. Contact", blocks: [{ paragraph: "Write to us." }] },
      ],
    });
  });

  it("reads an entry without a body as a text with no sections", () => {
    expect(legalDocumentFromRichText({ dateLine: "", introduction: "Soon.", body: null }).sections).toEqual([]);
  });
});

describe("legal section anchors", () => {
  it("are the heading's words without its number, unique within a document", () => {
    expect(legalSectionAnchor("6. Changes to these terms")).toBe("changes-to-these-terms");
    expect(legalSectionAnchor("What you send us (the form)")).toBe("what-you-send-us-the-form");
    expect(legalSectionAnchor("")).toBe("section");
    expect(
      legalSectionAnchors(
        [{ heading: "Contact" }, { heading: "Contact" }, { heading: "" }].map((s) => ({ ...s, blocks: [] })),
      ),
    ).toEqual(["contact", "contact-2", "section"]);
  });
});
