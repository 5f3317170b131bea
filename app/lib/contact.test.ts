import { describe, expect, it } from "vitest";
import { contactInputFromForm, contactInputFromJson, newSubmissionId, submissionIdFrom } from "./contact";

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

describe("submission ids", () => {
  it("are random, and only an id of that form is taken from a submission", () => {
    const [first, second] = [newSubmissionId(), newSubmissionId()];
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
    expect(submissionIdFrom(first)).toBe(first);
    for (const sent of ["", "short", "x".repeat(65), "<script>alert(1)</script>", 42, null, undefined]) {
      expect(submissionIdFrom(sent), String(sent)).toBeNull();
    }
  });
});
