import { createHmac } from "node:crypto";

/**
 * Lead posts signed per the Standard Webhooks specification (https://www.standardwebhooks.com/), so a
 * receiver can tell a delivery from a forgery and drop a replay:
 * - `webhook-id`: the lead's id (the same as `Idempotency-Key`);
 * - `webhook-timestamp`: when the post was made, in whole seconds since 1970;
 * - `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed with the
 *   bytes of a secret (`whsec_` and base64). With several secrets (LEAD_WEBHOOK_SECRET during a
 *   rotation) there is one signature per secret, space-separated, and a receiver that knows any one of
 *   them accepts the post.
 */

export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** The specification asks for 24 to 64 random bytes; fewer are refused, more are accepted. */
export const MIN_WEBHOOK_SECRET_BYTES = 24;
export const MAKE_A_WEBHOOK_SECRET = 'echo "whsec_$(openssl rand -base64 32)"';

/** Base64 as every Standard Webhooks library decodes it: the standard alphabet, padded. */
const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Why a secret cannot sign, or null when it can. The message never repeats the secret. */
export function webhookSecretProblem(secret: string): string | null {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) {
    return `must be a Standard Webhooks secret: whsec_ followed by base64 (make one with ${MAKE_A_WEBHOOK_SECRET})`;
  }
  const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  if (encoded === "" || !CANONICAL_BASE64.test(encoded)) {
    return `must be whsec_ followed by base64 (letters, digits, + and /, padded with =); make one with ${MAKE_A_WEBHOOK_SECRET}`;
  }
  const bytes = Buffer.from(encoded, "base64").length;
  if (bytes < MIN_WEBHOOK_SECRET_BYTES) {
    return `holds ${bytes} bytes; use at least ${MIN_WEBHOOK_SECRET_BYTES} random bytes (make one with ${MAKE_A_WEBHOOK_SECRET})`;
  }
  return null;
}

/** The HMAC keys of secrets that passed `webhookSecretProblem`. */
export function webhookSigningKeys(secrets: readonly string[]): Buffer[] {
  return secrets.map((secret) => {
    const problem = webhookSecretProblem(secret);
    if (problem) throw new RangeError(`A lead webhook secret ${problem}`);
    return Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), "base64");
  });
}

/** The three headers of a signed post; no signature header without keys. */
export function webhookSignatureHeaders({
  id,
  at,
  body,
  keys,
}: {
  id: string;
  at: Date;
  body: string;
  keys: readonly Buffer[];
}): Record<string, string> {
  if (keys.length === 0) return {};
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signed = `${id}.${timestamp}.${body}`;
  const signatures = keys.map((key) => `v1,${createHmac("sha256", key).update(signed, "utf8").digest("base64")}`);
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signatures.join(" ") };
}
