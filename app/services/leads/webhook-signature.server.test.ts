import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { webhookSecretProblem, webhookSignatureHeaders, webhookSigningKeys } from "./webhook-signature.server.ts";

const secret = (fill: number, bytes = 32) => `whsec_${Buffer.alloc(bytes, fill).toString("base64")}`;
const OLD = secret(1);
const NEW = secret(2);
const body = JSON.stringify({ name: "Jordan Reyes", email: "jordan.reyes@example.com", note: "café ☕" });

function sign(secrets: string[], { id = "lead_01", at = new Date(), payload = body } = {}) {
  return webhookSignatureHeaders({ id, at, body: payload, keys: webhookSigningKeys(secrets) });
}

describe("signing a lead post (Standard Webhooks)", () => {
  it("gives the three headers, and the reference library verifies them", () => {
    const headers = sign([OLD], { id: "lead_42" });
    expect(Object.keys(headers).sort()).toEqual(["webhook-id", "webhook-signature", "webhook-timestamp"]);
    expect(headers["webhook-id"]).toBe("lead_42");
    expect(headers["webhook-timestamp"]).toMatch(/^\d{10}$/);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(OLD).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("signs exactly what the reference library signs for the same id, second and body", () => {
    const at = new Date("2026-03-01T12:00:00.750Z");
    const headers = sign([OLD], { id: "lead_7", at });
    expect(headers["webhook-timestamp"]).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(headers["webhook-signature"]).toBe(new Webhook(OLD).sign("lead_7", at, body));
  });

  it("during a rotation signs with each secret, so a receiver with only the old or only the new one verifies", () => {
    const headers = sign([OLD, NEW]);
    const signatures = headers["webhook-signature"]!.split(" ");
    expect(signatures).toHaveLength(2);
    expect(signatures.every((signature) => signature.startsWith("v1,"))).toBe(true);
    expect(new Webhook(OLD).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(NEW).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret(3)).verify(body, headers)).toThrow(/No matching signature/);
  });

  it("fails verification when the body, the id or the timestamp was changed on the way", () => {
    const headers = sign([OLD]);
    const receiver = new Webhook(OLD);
    expect(() => receiver.verify(body.replace("Jordan", "Jordon"), headers)).toThrow(/No matching signature/);
    expect(() => receiver.verify(body, { ...headers, "webhook-id": "lead_02" })).toThrow(/No matching signature/);
    const earlier = String(Number(headers["webhook-timestamp"]) - 1);
    expect(() => receiver.verify(body, { ...headers, "webhook-timestamp": earlier })).toThrow(/No matching signature/);
  });

  it("is refused by a receiver when it is older than its tolerance (a replay)", () => {
    const headers = sign([OLD], { at: new Date(Date.now() - 10 * 60_000) });
    expect(() => new Webhook(OLD).verify(body, headers)).toThrow(/too old/);
  });

  it("adds no header without a secret", () => {
    expect(sign([])).toEqual({});
  });
});

describe("which secrets can sign", () => {
  it("takes whsec_ and canonical base64 of at least 24 bytes", () => {
    expect(webhookSecretProblem(secret(5, 24))).toBeNull();
    expect(webhookSecretProblem(secret(5, 64))).toBeNull();
    expect(webhookSecretProblem(secret(5, 23))).toMatch(/^holds 23 bytes; use at least 24 random bytes/);
  });

  it("refuses a secret without the prefix, or with text that is not base64, never repeating it", () => {
    const bare = Buffer.alloc(32, 1).toString("base64");
    expect(webhookSecretProblem(bare)).toMatch(/^must be a Standard Webhooks secret/);
    expect(webhookSecretProblem(bare)).not.toContain(bare);
    expect(webhookSecretProblem("whsec_")).toMatch(/^must be whsec_ followed by base64/);
    expect(webhookSecretProblem("whsec_abc-def_ghijklmnopqrstuvwxyz0123456789")).toMatch(/followed by base64/);
    expect(webhookSecretProblem(`${secret(1)}=`)).toMatch(/followed by base64/);
  });

  it("will not sign with a secret that has a problem", () => {
    expect(() => webhookSigningKeys([OLD, "whsec_short"])).toThrow(RangeError);
  });
});
