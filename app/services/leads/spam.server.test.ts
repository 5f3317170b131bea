import { describe, expect, it } from "vitest";
import type { TokenCheck } from "./form-token.server.ts";
import {
  afterHeldReason,
  confirmationLetters,
  confirmedAll,
  confirmedReasons,
  type HardEvidence,
  hardReasons,
  holdsLink,
  looksLikeDomain,
  readableName,
  type SoftEvidence,
  softSignals,
} from "./spam.server.ts";

const renderedAt = new Date("2026-03-05T12:00:00.000Z");
const valid: TokenCheck = {
  status: "valid",
  submissionId: "a".repeat(32),
  root: "a".repeat(16),
  renderedAt,
  legacyConfirmed: "",
  afterHeld: false,
};
const personHard: HardEvidence = { honeypot: "", token: valid, name: "Jordan Reyes" };
const personSoft: SoftEvidence = {
  token: valid,
  name: "Jordan Reyes",
  sameDetailsBefore: 0,
  receivedAt: new Date(renderedAt.getTime() + 42_000),
};

describe("spam rules", () => {
  it("find nothing in a person's form sent after they filled it in", () => {
    expect(hardReasons(personHard)).toEqual([]);
    expect(softSignals(personSoft)).toEqual([]);
    expect(softSignals({ ...personSoft, receivedAt: new Date(renderedAt.getTime() + 3_000) })).toEqual([]);
    expect(softSignals({ ...personSoft, sameDetailsBefore: 2 })).toEqual([]);
  });

  it("hold what a person never does, each with its reason", () => {
    const cases: [Partial<HardEvidence>, string][] = [
      [{ honeypot: "x" }, "honeypot filled"],
      [{ token: { status: "missing" } }, "form token missing"],
      [{ token: { status: "forged" } }, "form token forged"],
      [{ token: { ...valid, afterHeld: true } }, afterHeldReason],
      [{ name: "Win big at https://casino.example" }, "a link in the name"],
    ];
    for (const [change, reason] of cases) expect(hardReasons({ ...personHard, ...change })).toEqual([reason]);
    expect(hardReasons({ honeypot: "x", token: { status: "forged" }, name: "www.x.example" })).toEqual([
      "honeypot filled",
      "form token forged",
      "a link in the name",
    ]);
  });

  it("ask about what a person may do now and then", () => {
    const cases: [Partial<SoftEvidence>, string][] = [
      [{ receivedAt: new Date(renderedAt.getTime() + 2_999) }, "fast"],
      [
        {
          token: {
            status: "expired",
            submissionId: "a".repeat(32),
            root: "a".repeat(16),
            renderedAt,
            afterHeld: false,
          },
        },
        "old",
      ],
      [{ sameDetailsBefore: 3 }, "again"],
      [{ name: "A.De Silva" }, "domain"],
    ];
    for (const [change, signal] of cases) expect(softSignals({ ...personSoft, ...change })).toEqual([signal]);
    const all = softSignals({ ...personSoft, receivedAt: renderedAt, sameDetailsBefore: 9, name: "Kim Lee (Acme.io)" });
    expect(all).toEqual(["fast", "again", "domain"]);
    expect(confirmationLetters(all)).toBe("frd");
    expect(confirmedReasons("frd")).toEqual([
      "sent under 3 s after the page was rendered",
      "the same contact details for the 4th time within 60 minutes",
      "a word in the name looks like a domain",
    ]);
    expect(confirmedReasons("")).toEqual([]);
    // A confirmation covers the signals it names, and no other.
    expect(confirmedAll(["fast", "domain"], "fd")).toBe(true);
    expect(confirmedAll(["fast", "domain"], "f")).toBe(false);
    expect(confirmedAll([], "")).toBe(true);
  });

  it("hold links in names, but only ask about words like domains, and let initials, dots and odd letters be", () => {
    for (const link of [
      "http://spam.example",
      "HTTPS://SPAM.EXAMPLE",
      "ftp://files.example",
      "Visit www.example.org",
      '<a href="x">Anna</a>',
      "[url=x]Anna[/url]",
      "[Anna](https://x)",
      "mailto:anna@example.com",
      "tel:+18705550100",
      "ｗｗｗ．ｅｘａｍｐｌｅ．ｃｏｍ",
      // Read as a person reads them: ideographic and small full stops, and characters nobody sees.
      "www。spam。com",
      "www｡spam｡com",
      "w\u200Bww.spam.com",
      "ww\u00ADw.spam.com",
      "ht\u200Dtps://spam.example",
      "<\u2060a href=x>Anna</a>",
    ]) {
      expect(holdsLink(link), link).toBe(true);
    }
    for (const domainLike of [
      "cheap-meds.shop",
      "bit.ly/abc",
      "Anna from casino.ru",
      "seo.agency.xyz",
      "A.De Silva",
      "Kim Lee (Acme.io)",
      "Rahul Verma, B.Com",
      "Dr.Me Nguyen",
      "Ana M.de Souza",
      "Priya Nair B.Tech",
      "cheap-meds。shop",
      "Anna from casino\u200B.ru",
    ]) {
      expect(holdsLink(domainLike), domainLike).toBe(false);
      expect(looksLikeDomain(domainLike), domainLike).toBe(true);
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
      "Data: Jordan",
      "山田。太郎",
      "Zoë\u200DO'Neil",
    ]) {
      expect(holdsLink(name), name).toBe(false);
      expect(looksLikeDomain(name), name).toBe(false);
    }
  });

  it("read a name as a person does, and leave what they typed alone", () => {
    expect(readableName("www。spam。com")).toBe("www.spam.com");
    expect(readableName("w\u200Bww\u00AD.spam\uFEFF.com")).toBe("www.spam.com");
    expect(readableName("ｗｗｗ．ｅｘａｍｐｌｅ．ｃｏｍ")).toBe("www.example.com");
    expect(readableName("Nguyễn Văn An")).toBe("Nguyễn Văn An".normalize("NFKC"));
  });
});
