import { describe, expect, it } from "vitest";
import { createFormTokens, FORM_TOKEN_MAX_AGE_MS } from "./form-token.server.ts";

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
    clock = new Date(renderedAt.getTime() + 5_000);
    expect(tokens.check(token, "contact")).toEqual({
      status: "valid",
      submissionId: token.split(".")[2],
      renderedAt,
      confirmed: "",
    });
  });

  it("gives an answer's token the page's time or the form's id, and a confirmation what it confirms", () => {
    let clock = renderedAt;
    const tokens = createFormTokens({ secrets: [SECRET], now: () => clock });
    const page = tokens.issue("contact");
    const id = page.split(".")[2]!;
    clock = new Date(renderedAt.getTime() + 60_000);
    // After a thanks: a new form, rendered when the page was.
    const next = tokens.check(tokens.issue("contact", { renderedAt }), "contact");
    expect(next).toMatchObject({ status: "valid", renderedAt, confirmed: "" });
    expect((next as { submissionId: string }).submissionId).not.toBe(id);
    // Asked to confirm: the same form, now, naming what was asked.
    const confirmation = tokens.issue("contact", { submissionId: id, confirmed: "fd" });
    expect(confirmation).toMatch(/^contact\.[0-9a-z]+\.[0-9a-f]{32}\.fd\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.check(confirmation, "contact")).toEqual({
      status: "valid",
      submissionId: id,
      renderedAt: clock,
      confirmed: "fd",
    });
    // What a confirmation confirms is signed: added to a page's token, or changed, it is forged.
    const [form, time, , signature] = page.split(".") as [string, string, string, string];
    expect(tokens.check(`${form}.${time}.${id}.fd.${signature}`, "contact").status).toBe("forged");
    const parts = confirmation.split(".");
    expect(tokens.check([...parts.slice(0, 3), "f", parts[4]].join("."), "contact").status).toBe("forged");
    expect(tokens.check([...parts.slice(0, 3), parts[4]].join("."), "contact").status).toBe("forged");
    expect(() => tokens.issue("contact", { submissionId: "x" })).toThrow(/32 hex digits/);
    expect(() => tokens.issue("contact", { confirmed: "F" })).toThrow(/letters/);
  });

  it("finds a missing, a made-up, a tampered and an old token", () => {
    let clock = renderedAt;
    const tokens = createFormTokens({ secrets: [SECRET], now: () => clock });
    const token = tokens.issue("contact");
    const [form, time, id, signature] = token.split(".") as [string, string, string, string];
    for (const missing of [undefined, null, "", "   ", 42, ["x"]]) {
      expect(tokens.check(missing, "contact")).toEqual({ status: "missing", submissionId: null });
    }
    // A form rendered before tokens carries a bare submission id: missing, but still one submission.
    expect(tokens.check("0123456789abcdef0123456789abcdef", "contact")).toEqual({
      status: "missing",
      submissionId: "0123456789abcdef0123456789abcdef",
    });
    expect(tokens.check("not a token at all", "contact")).toEqual({ status: "forged", submissionId: null });
    const earlier = (Number.parseInt(time, 36) - 60_000).toString(36);
    const otherId = "f".repeat(32);
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    for (const forged of [
      `${form}.${earlier}.${id}.${signature}`,
      `${form}.${time}.${otherId}.${signature}`,
      `${form}.${time}.${id}.${flipped}`,
      createFormTokens({ secrets: ["another-secret-of-another-site-000"], now: () => clock }).issue("contact"),
    ]) {
      expect(tokens.check(forged, "contact").status, forged).toBe("forged");
    }
    clock = new Date(renderedAt.getTime() + FORM_TOKEN_MAX_AGE_MS);
    expect(tokens.check(token, "contact").status).toBe("valid");
    clock = new Date(renderedAt.getTime() + FORM_TOKEN_MAX_AGE_MS + 1);
    expect(tokens.check(token, "contact")).toEqual({ status: "expired", submissionId: id, renderedAt });
    // A forged token keeps the id it claims, so a resend of it is found as the same submission.
    expect(tokens.check(`${form}.${time}.${id}.${flipped}`, "contact")).toEqual({ status: "forged", submissionId: id });
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
