import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The form token: the submission id a rendered form carries (a hidden field the server renders, so it
 * is there without JavaScript too), signed by the server with which form it is and when it was
 * rendered: `<form>.<rendered at, ms in base 36>.<32 hex digits: the submission id>.<HMAC-SHA256>`.
 * A token the server gives a visitor it asked to confirm a send (docs/leads.md, "Spam") also names
 * what it asked about: `<form>.<rendered at>.<submission id>.<confirmed: letters>.<HMAC-SHA256>`.
 * A visitor's browser sends it back as it got it; a bot that never rendered the form has none, or one
 * it made up (forged), or one it keeps reusing (too old, or used up: the store counts its leads).
 * The store keeps one lead per submission id and details, so a resend of one form is still one lead.
 *
 * Secrets: FORM_TOKEN_SECRET (several, space-separated: the first signs, all verify, which is how one is
 * rotated), or else one made once and kept in the lead store, so every instance signs and verifies alike.
 */

export type FormName = "contact";

export type TokenCheck =
  /**
   * Signed here, for this form; `submissionId` names the filled-in form. `confirmed`: the letters of
   * what the visitor was asked to confirm (empty for a form as the page rendered it).
   */
  | { status: "valid"; submissionId: string; renderedAt: Date; confirmed: string }
  /** Signed here, but rendered longer ago than a token lives. */
  | { status: "expired"; submissionId: string; renderedAt: Date }
  /**
   * No token, or the bare submission id of a form rendered before tokens (kept, so its resend is one
   * lead).
   */
  | { status: "missing"; submissionId: string | null }
  /** Shaped like a token but not signed here (or for another form). */
  | { status: "forged"; submissionId: string | null };

export interface TokenOptions {
  /** When the visitor's page was rendered (a token given with an answer keeps the page's time); now by default. */
  renderedAt?: Date;
  /** Keeps the submission id of the token it follows (a confirmation is the same form); a new one by default. */
  submissionId?: string;
  /** What the visitor is asked to confirm, as letters (`[a-z]`); none by default. */
  confirmed?: string;
}

export interface FormTokens {
  /** A token for a form rendered now (or as `options` say). */
  issue(form: FormName, options?: TokenOptions): string;
  /** What a submitted token says (anything a client sent: a string or not). */
  check(token: unknown, form: FormName): TokenCheck;
}

/** How long a rendered form stays valid: a week (a tab left open over a weekend still works). */
export const FORM_TOKEN_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

const TOKEN = /^([a-z]{1,20})\.([0-9a-z]{1,11})\.([0-9a-f]{32})(?:\.([a-z]{1,8}))?\.([A-Za-z0-9_-]{43})$/;
/** A submission id from before form tokens (32 hex digits). */
const BARE_SUBMISSION_ID = /^[0-9a-f]{32}$/;
const SUBMISSION_ID = /^[0-9a-f]{32}$/;
const CONFIRMED = /^[a-z]{0,8}$/;

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
    issue(form, { renderedAt = now(), submissionId = randomBytes(16).toString("hex"), confirmed = "" } = {}) {
      if (!SUBMISSION_ID.test(submissionId)) throw new Error("A submission id is 32 hex digits.");
      if (!CONFIRMED.test(confirmed)) throw new Error("What a token confirms is up to 8 letters a-z.");
      const payload = [form, renderedAt.getTime().toString(36), submissionId, ...(confirmed ? [confirmed] : [])].join(
        ".",
      );
      return `${payload}.${sign(signing, payload)}`;
    },

    check(token, form) {
      if (typeof token !== "string" || token.trim() === "") return { status: "missing", submissionId: null };
      if (BARE_SUBMISSION_ID.test(token)) return { status: "missing", submissionId: token };
      const match = TOKEN.exec(token);
      if (!match) return { status: "forged", submissionId: null };
      const [, tokenForm, renderedBase36, submissionId, confirmed = "", signature] = match as unknown as [
        string,
        string,
        string,
        string,
        string | undefined,
        string,
      ];
      const payload = token.slice(0, token.length - signature.length - 1);
      const given = Buffer.from(signature);
      const signed = secrets.some((secret) => timingSafeEqual(Buffer.from(sign(secret, payload)), given));
      if (!signed || tokenForm !== form) return { status: "forged", submissionId };
      const renderedAt = new Date(Number.parseInt(renderedBase36, 36));
      if (now().getTime() - renderedAt.getTime() > FORM_TOKEN_MAX_AGE_MS) {
        return { status: "expired", submissionId, renderedAt };
      }
      return { status: "valid", submissionId, renderedAt, confirmed };
    },
  };
}
