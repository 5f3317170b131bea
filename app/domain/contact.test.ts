import { describe, expect, it } from "vitest";
import { contactInputFromForm, contactInputFromJson, formTokenFrom } from "./contact";

describe("reading a submission", () => {
  it("from a form, with repeated interests and the honeypot", () => {
    const form = new URLSearchParams(
      "name=Jo&email=jo%40example.com&phone=8705550199&interests=partnership&interests=meeting-rooms&referralSource=Event&bot-field=",
    );
    expect(contactInputFromForm(form)).toEqual({
      name: "Jo",
      email: "jo@example.com",
      phone: "8705550199",
      interests: ["partnership", "meeting-rooms"],
      referralSource: "Event",
      submissionId: "",
      honeypot: "",
    });
  });

  it("from JSON, of any shape", () => {
    expect(contactInputFromJson({ name: "Jordan Reyes", "bot-field": "spam" }).honeypot).toBe("spam");
    expect(contactInputFromJson([1, 2]).name).toBeUndefined();
  });
});

describe("form tokens sent back", () => {
  it("are taken from a submission only when they could be a token (the server tells a real one)", () => {
    const token = `contact.m8x2k1a0.${"0a".repeat(16)}.${"S".repeat(43)}`;
    expect(formTokenFrom(token)).toBe(token);
    expect(formTokenFrom("0a".repeat(16))).toBe("0a".repeat(16));
    for (const sent of ["", "short", "x".repeat(161), "<script>alert(1)</script>", 42, null, undefined]) {
      expect(formTokenFrom(sent), String(sent)).toBeNull();
    }
  });
});
