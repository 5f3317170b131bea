import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createFormTokens, FORM_TOKEN_MAX_AGE_MS, ROOT_DIGITS, type TokenCheck } from "./form-token.server.ts";

const renderedAt = new Date("2026-03-05T12:00:00.000Z");
const SECRET = "a-long-random-form-token-secret-0001";

describe("form tokens", () => {
  it("names the form, when it was rendered and a submission id of its own, and says so when checked", () => {
    let clock = renderedAt;
    const tokens = createFormTokens({ secrets: [SECRET], now: () => clock });
    const token = tokens.issue("contact");
    expect(token).toMatch(/^contact\.[0-9a-z]+\.[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$/);
    const other = tokens.issue("contact");
    expect(other.split(".")[2]).not.toBe(token.split(".")[2]);
    expect(other.split(".")[2]!.slice(0, ROOT_DIGITS)).not.toBe(token.split(".")[2]!.slice(0, ROOT_DIGITS));
    clock = new Date(renderedAt.getTime() + 5_000);
    expect(tokens.check(token, "contact")).toEqual({
      status: "valid",
      submissionId: token.split(".")[2],
      root: token.split(".")[2]!.slice(0, ROOT_DIGITS),
      renderedAt,
      legacyConfirmed: "",
      afterHeld: false,
    });
  });

  it("gives an answer's token the page's root and time, or the form's own id, in the same shape", () => {
    let clock = renderedAt;
    const tokens = createFormTokens({ secrets: [SECRET], now: () => clock });
    const page = tokens.issue("contact");
    const id = page.split(".")[2]!;
    const root = id.slice(0, ROOT_DIGITS);
    clock = new Date(renderedAt.getTime() + 60_000);
    // After a thanks: a new submission of the same page, rendered when the page was.
    const next = tokens.check(tokens.issue("contact", { renderedAt, root }), "contact");
    expect(next).toMatchObject({ status: "valid", renderedAt, root, legacyConfirmed: "", afterHeld: false });
    expect((next as { submissionId: string }).submissionId).not.toBe(id);
    expect(() => tokens.issue("contact", { root: "abc" })).toThrow(/hex digits/);
  });

  it("reads the five-part confirming token of the release before as a confirmation of its letters", () => {
    const tokens = createFormTokens({ secrets: [SECRET], now: () => renderedAt });
    // As the release before signed it: `<form>.<time>.<id>.<letters>` under the same secret.
    const payload = `contact.${renderedAt.getTime().toString(36)}.${"c".repeat(32)}.fd`;
    const legacy = `${payload}.${createHmac("sha256", SECRET).update(payload).digest("base64url")}`;
    expect(tokens.check(legacy, "contact")).toMatchObject({ status: "valid", legacyConfirmed: "fd" });
    const parts = legacy.split(".");
    expect(tokens.check([...parts.slice(0, 3), "f", parts[4]].join("."), "contact").status).toBe("forged");
    expect(tokens.check([...parts.slice(0, 3), parts[4]].join("."), "contact").status).toBe("forged");
  });

  it("finds a missing, a made-up, a tampered and an old token, and believes nothing a forged one says", () => {
    let clock = renderedAt;
    const tokens = createFormTokens({ secrets: [SECRET], now: () => clock });
    const token = tokens.issue("contact");
    const [form, time, id, signature] = token.split(".") as [string, string, string, string];
    for (const missing of [undefined, null, "", "   ", 42, ["x"]]) {
      expect(tokens.check(missing, "contact")).toEqual({ status: "missing" });
    }
    // A bare submission id is not a token: nothing vouches for it.
    expect(tokens.check("0123456789abcdef0123456789abcdef", "contact")).toEqual({ status: "forged" });
    expect(tokens.check("not a token at all", "contact")).toEqual({ status: "forged" });
    const earlier = (Number.parseInt(time, 36) - 60_000).toString(36);
    const otherId = "f".repeat(32);
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    for (const forged of [
      `${form}.${earlier}.${id}.${signature}`,
      `${form}.${time}.${otherId}.${signature}`,
      `${form}.${time}.${id}.${flipped}`,
      `${form}.${time}.${id}.fd.${signature}`,
      createFormTokens({ secrets: ["another-secret-of-another-site-000"], now: () => clock }).issue("contact"),
    ]) {
      expect(tokens.check(forged, "contact"), forged).toEqual({ status: "forged" });
    }
    clock = new Date(renderedAt.getTime() + FORM_TOKEN_MAX_AGE_MS);
    expect(tokens.check(token, "contact").status).toBe("valid");
    clock = new Date(renderedAt.getTime() + FORM_TOKEN_MAX_AGE_MS + 1);
    expect(tokens.check(token, "contact")).toEqual({
      status: "expired",
      submissionId: id,
      root: id.slice(0, ROOT_DIGITS),
      renderedAt,
      afterHeld: false,
    });
  });

  it("marks the tokens that answer a held post, which no rendered page has", () => {
    const tokens = createFormTokens({ secrets: [SECRET], now: () => renderedAt });
    const held = tokens.check(tokens.issue("contact", { root: tokens.heldRoot() }), "contact");
    expect(held).toMatchObject({ status: "valid", afterHeld: true });
    expect(tokens.check(tokens.issue("contact"), "contact")).toMatchObject({ afterHeld: false });
    // Another site's held root is a root like any other here.
    const other = createFormTokens({ secrets: ["another-secret-of-another-site-000"] });
    expect(other.heldRoot()).not.toBe(tokens.heldRoot());
    // Rotating keeps the old secret's held root held.
    const rotating = createFormTokens({ secrets: ["the-new-secret-0000000000000000", SECRET], now: () => renderedAt });
    expect(rotating.check(tokens.issue("contact", { root: tokens.heldRoot() }), "contact")).toMatchObject({
      afterHeld: true,
    });
  });

  it("makes a confirmation a token of the same page, signed for the details and what was asked, and nothing else", () => {
    const tokens = createFormTokens({ secrets: [SECRET], now: () => renderedAt });
    const page = tokens.check(tokens.issue("contact"), "contact") as Extract<TokenCheck, { status: "valid" }>;
    const confirming = tokens.issue("contact", {
      root: page.root,
      renderedAt,
      confirming: { detailsDigest: "digest-1", letters: "fd" },
    });
    // A token like any other, of the same page and time: the release before reads it as one.
    expect(confirming).toMatch(/^contact\.[0-9a-z]+\.[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$/);
    const checked = tokens.check(confirming, "contact") as Extract<TokenCheck, { status: "valid" }>;
    expect(checked).toMatchObject({ status: "valid", root: page.root, renderedAt, legacyConfirmed: "" });
    const candidates = ["f", "d", "fd", "frd"];
    expect(tokens.confirmedLetters(checked, "digest-1", candidates)).toBe("fd");
    // Other details, or letters it was not signed for: it confirms nothing.
    expect(tokens.confirmedLetters(checked, "digest-2", candidates)).toBe("");
    expect(tokens.confirmedLetters(checked, "digest-1", ["f", "d", "frd"])).toBe("");
    // The page's own token, and another site's confirmation, confirm nothing.
    expect(tokens.confirmedLetters(page, "digest-1", candidates)).toBe("");
    const other = createFormTokens({ secrets: ["another-secret-of-another-site-000"], now: () => renderedAt });
    const theirs = other.check(
      other.issue("contact", { root: page.root, renderedAt, confirming: { detailsDigest: "digest-1", letters: "fd" } }),
      "contact",
    ) as Extract<TokenCheck, { status: "valid" }>;
    expect(tokens.confirmedLetters({ ...theirs }, "digest-1", candidates)).toBe("");
    // Rotating: a confirmation signed with the old secret still confirms.
    const rotating = createFormTokens({ secrets: ["the-new-secret-0000000000000000", SECRET], now: () => renderedAt });
    expect(rotating.confirmedLetters(checked, "digest-1", candidates)).toBe("fd");
    expect(() => tokens.issue("contact", { root: page.root, confirming: { detailsDigest: "d", letters: "" } })).toThrow(
      /letters/,
    );
  });

  it("verifies with every secret and signs with the first, so a secret can be rotated", () => {
    const old = createFormTokens({ secrets: ["the-old-secret-0000000000000000"] });
    const rotating = createFormTokens({
      secrets: ["the-new-secret-0000000000000000", "the-old-secret-0000000000000000"],
    });
    const rotated = createFormTokens({ secrets: ["the-new-secret-0000000000000000"] });
    const fromOld = old.issue("contact");
    expect(rotating.check(fromOld, "contact").status).toBe("valid");
    expect(rotated.check(fromOld, "contact").status).toBe("forged");
    expect(rotated.check(rotating.issue("contact"), "contact").status).toBe("valid");
    expect(() => createFormTokens({ secrets: [] })).toThrow(/at least one secret/);
  });
});
