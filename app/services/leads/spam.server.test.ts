import { describe, expect, it } from "vitest";
import type { TokenCheck } from "./form-token.server.ts";
import { holdsLink, type SubmissionEvidence, spamReasons } from "./spam.server.ts";

const renderedAt = new Date("2026-03-05T12:00:00.000Z");
const valid: TokenCheck = { status: "valid", submissionId: "a".repeat(32), renderedAt };
const person: SubmissionEvidence = {
  honeypot: "",
  token: valid,
  name: "Jordan Reyes",
  sameDetailsBefore: 0,
  receivedAt: new Date(renderedAt.getTime() + 42_000),
};

describe("spam rules", () => {
  it("find nothing in a person's form sent after they filled it in", () => {
    expect(spamReasons(person)).toEqual([]);
    expect(spamReasons({ ...person, receivedAt: new Date(renderedAt.getTime() + 3_000) })).toEqual([]);
    expect(spamReasons({ ...person, sameDetailsBefore: 2 })).toEqual([]);
  });

  it("give each rule its reason", () => {
    const cases: [Partial<SubmissionEvidence>, string][] = [
      [{ honeypot: "x" }, "honeypot filled"],
      [{ token: { status: "missing", submissionId: null } }, "form token missing"],
      [{ token: { status: "forged", submissionId: null } }, "form token forged"],
      [
        { token: { status: "expired", submissionId: "a".repeat(32), renderedAt } },
        "form token older than 7 days (rendered 2026-03-05T12:00:00.000Z)",
      ],
      [{ receivedAt: new Date(renderedAt.getTime() + 1_240) }, "sent 1.2 s after the form was rendered (under 3.0 s)"],
      [{ name: "Win big at https://casino.example" }, "a link in the name"],
      [{ sameDetailsBefore: 3 }, "the same details from 4 submission ids within 60 minutes"],
    ];
    for (const [change, reason] of cases) expect(spamReasons({ ...person, ...change })).toEqual([reason]);
  });

  it("list every reason that holds", () => {
    expect(
      spamReasons({ ...person, honeypot: "x", name: "www.spam.example", receivedAt: renderedAt, sameDetailsBefore: 9 }),
    ).toEqual([
      "honeypot filled",
      "sent 0.0 s after the form was rendered (under 3.0 s)",
      "a link in the name",
      "the same details from 10 submission ids within 60 minutes",
    ]);
  });

  it("see links in names, but not names with initials, dots or odd letters", () => {
    for (const link of [
      "http://spam.example",
      "HTTPS://SPAM.EXAMPLE",
      "ftp://files.example",
      "Visit www.example.org",
      "cheap-meds.shop",
      "bit.ly/abc",
      "Anna from casino.ru",
      "seo.agency.xyz",
      '<a href="x">Anna</a>',
      "[url=x]Anna[/url]",
      "[Anna](https://x)",
      "mailto:anna@example.com",
      "ｗｗｗ．ｅｘａｍｐｌｅ．ｃｏｍ",
    ]) {
      expect(holdsLink(link), link).toBe(true);
    }
    for (const name of [
      "Jordan Reyes",
      "J. R. R. Tolkien",
      "Dr. Ana María López-García",
      "St.John Smith",
      "Zoë O'Neil-Brown",
      "Nguyễn Văn An",
      "Mary-Kate Olsen Jr.",
      "José de la Cruz III",
      "李小龙",
      "A.J. Comer",
      "Jordan (Acme Co.)",
    ]) {
      expect(holdsLink(name), name).toBe(false);
    }
  });
});
