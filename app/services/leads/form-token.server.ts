import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The form token: the submission id a rendered form carries (a hidden field the server renders, so it
 * is there without JavaScript too), signed by the server with which form it is and when it was
 * rendered: `<form>.<rendered at, ms in base 36>.<32 hex digits: the submission id>.<HMAC-SHA256>`.
 * A visitor's browser sends it back as it got it; a bot that never rendered the form has none, or one
 * it made up (forged), or one it keeps reusing (too old). The store keeps one lead per submission id
 * (DESIGN.md section 5), so a resend of one form is still one lead.
 *
 * Secrets: FORM_TOKEN_SECRET (several, space-separated: the first signs, all verify, which is how one is
 * rotated), or else one made once and kept in the lead store, so every instance signs and verifies alike.
 */

export type FormName = "contact";

export type TokenCheck =
  /** Signed here, for this form; `submissionId` names the filled-in form. */
  | { status: "valid"; submissionId: string; renderedAt: Date }
  /** Signed here, but rendered longer ago than a token lives. */
  | { status: "expired"; submissionId: string; renderedAt: Date }
  /**
   * No token, or the bare submission id of a form rendered before tokens (kept, so its resend is one
   * lead).
   */
  | { status: "missing"; submissionId: string | null }
  /** Shaped like a token but not signed here (or for another form). */
  | { status: "forged"; submissionId: string | null };

export interface FormTokens {
  /** A new token for a form rendered now. */
  issue(form: FormName): string;
  /** What a submitted token says (anything a client sent: a string or not). */
  check(token: unknown, form: FormName): TokenCheck;
}

/** How long a rendered form stays valid: a week (a tab left open over a weekend still works). */
export const FORM_TOKEN_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

const TOKEN = /^([a-z]{1,20})\.([0-9a-z]{1,11})\.([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/;
/** A submission id from before form tokens (32 hex digits). */
const BARE_SUBMISSION_ID = /^[0-9a-f]{32}$/;

const sign = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");

export function createFormTokens({
  secrets,
  now = () => new Date(),
}: {
  /** The first signs; every one verifies. At least one. */
  secrets: readonly string[];
  now?: () => Date;
}): FormTokens {
  const [signing] = secrets;
  if (!signing) throw new Error("Form tokens need at least one secret.");
  return {
    issue(form) {
      const payload = `${form}.${now().getTime().toString(36)}.${randomBytes(16).toString("hex")}`;
      return `${payload}.${sign(signing, payload)}`;
    },

    check(token, form) {
      if (typeof token !== "string" || token.trim() === "") return { status: "missing", submissionId: null };
      if (BARE_SUBMISSION_ID.test(token)) return { status: "missing", submissionId: token };
      const match = TOKEN.exec(token);
      if (!match) return { status: "forged", submissionId: null };
      const [, tokenForm, renderedBase36, submissionId, signature] = match as unknown as [string, ...string[]];
      const payload = `${tokenForm}.${renderedBase36}.${submissionId}`;
      const given = Buffer.from(signature!);
      const signed = secrets.some((secret) => timingSafeEqual(Buffer.from(sign(secret, payload)), given));
      if (!signed || tokenForm !== form) return { status: "forged", submissionId: submissionId! };
      const renderedAt = new Date(Number.parseInt(renderedBase36!, 36));
      if (now().getTime() - renderedAt.getTime() > FORM_TOKEN_MAX_AGE_MS) {
        return { status: "expired", submissionId: submissionId!, renderedAt };
      }
      return { status: "valid", submissionId: submissionId!, renderedAt };
    },
  };
}
