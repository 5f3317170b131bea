import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The form token: the submission id a rendered form carries (a hidden field the server renders, so it
 * is there without JavaScript too), signed by the server with which form it is and when it was
 * rendered: `<form>.<rendered at, ms in base 36>.<32 hex digits: the submission id>.<HMAC-SHA256>`.
 * A visitor's browser sends it back as it got it; a bot that never rendered the form has none, or one
 * it made up (forged), or one it keeps reusing (too old, or used up: the store counts its leads).
 * The store keeps one lead per submission id and details, so a resend of one form is still one lead.
 *
 * The token's shape never changes, because the release before and the release after read it
 * (docs/decisions/, "Values two releases share"). What later releases added rides inside that shape, or
 * beside it in a field of its own:
 * - The submission id's first 16 digits are the page's root: every token the site hands a visitor after
 *   an answer keeps the root of the page it answers, so "one page carries leads for at most three
 *   people" counts the root. An answer to a post held for a missing or forged token carries the held
 *   root instead (`heldRoot`), which no rendered page has.
 * - A confirmation (the visitor was asked to check a send and send it again) is the token the question
 *   answers with: its last 16 digits are signed for the page's root, the details as sent and the soft
 *   signals asked about (`confirmedLetters`), so it confirms those signals for those details only. It
 *   travels as the form's token, the one value every page script and every release carries back.
 * - A token of five parts, `<form>.<rendered at>.<submission id>.<letters>.<HMAC>`, is how the release
 *   before carried a confirmation: still read, as a confirmation of those letters for any details.
 *
 * Secrets: FORM_TOKEN_SECRET (several, space-separated: the first signs, all verify, which is how one is
 * rotated), or else one made once and kept in the lead store, so every instance signs and verifies alike.
 */

export type FormName = "contact";

export type TokenCheck =
  /**
   * Signed here, for this form; `submissionId` names the filled-in form and `root` the page it came
   * from. `legacyConfirmed`: the letters a five-part token of the release before confirms ("" for any
   * other token). `afterHeld`: the token answered a post held for a missing or forged token.
   */
  | {
      status: "valid";
      submissionId: string;
      root: string;
      renderedAt: Date;
      legacyConfirmed: string;
      afterHeld: boolean;
    }
  /** Signed here, but rendered longer ago than a token lives. */
  | { status: "expired"; submissionId: string; root: string; renderedAt: Date; afterHeld: boolean }
  /** No token (or something that is not one). */
  | { status: "missing" }
  /** Shaped like a token but not signed here (or for another form): nothing in it is believed. */
  | { status: "forged" };

export interface TokenOptions {
  /** When the visitor's page was rendered (a token given with an answer keeps the page's time); now by default. */
  renderedAt?: Date;
  /** The page's root the new submission id starts with; a new page's by default. */
  root?: string;
  /** Makes the token a confirmation of these soft signals' letters for the details with this digest. */
  confirming?: { detailsDigest: string; letters: string };
}

export interface FormTokens {
  /** A token for a form rendered now (or as `options` say). */
  issue(form: FormName, options?: TokenOptions): string;
  /** What a submitted token says (anything a client sent: a string or not). */
  check(token: unknown, form: FormName): TokenCheck;
  /** The root of the tokens that answer a post held for a missing or forged token. */
  heldRoot(): string;
  /**
   * Which of `candidates` (letters of soft signals) the checked token confirms for the details with this
   * digest: the first that its submission id was signed for, or "" when it confirms none.
   */
  confirmedLetters(
    token: Extract<TokenCheck, { submissionId: string }>,
    detailsDigest: string,
    candidates: readonly string[],
  ): string;
}

/** How long a rendered form stays valid: a week (a tab left open over a weekend still works). */
export const FORM_TOKEN_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/** How many of the submission id's hex digits name the page it came from. */
export const ROOT_DIGITS = 16;

const TOKEN = /^([a-z]{1,20})\.([0-9a-z]{1,11})\.([0-9a-f]{32})(?:\.([a-z]{1,8}))?\.([A-Za-z0-9_-]{43})$/;
const ROOT = new RegExp(`^[0-9a-f]{${ROOT_DIGITS}}$`);
const LETTERS = /^[a-z]{1,8}$/;
const TAIL_DIGITS = 32 - ROOT_DIGITS;

const sign = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");
const heldRootOf = (secret: string) =>
  createHmac("sha256", secret).update("held-root").digest("hex").slice(0, ROOT_DIGITS);
const signedByOneOf = (secrets: readonly string[], payload: string, signature: string) => {
  const given = Buffer.from(signature);
  return secrets.some((secret) => timingSafeEqual(Buffer.from(sign(secret, payload)), given));
};

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
  const heldRoots = new Set(secrets.map(heldRootOf));

  /** The last digits of a confirming submission id: signed for the page, the details and the letters. */
  const confirmingTail = (secret: string, root: string, detailsDigest: string, letters: string) =>
    createHmac("sha256", secret)
      .update(["confirm", root, detailsDigest, letters].join("."))
      .digest("hex")
      .slice(0, TAIL_DIGITS);

  return {
    issue(form, { renderedAt = now(), root = randomBytes(ROOT_DIGITS / 2).toString("hex"), confirming } = {}) {
      if (!ROOT.test(root)) throw new Error(`A root is ${ROOT_DIGITS} hex digits.`);
      if (confirming && !LETTERS.test(confirming.letters))
        throw new Error("A confirmation confirms 1 to 8 letters a-z.");
      const tail = confirming
        ? confirmingTail(signing, root, confirming.detailsDigest, confirming.letters)
        : randomBytes(TAIL_DIGITS / 2).toString("hex");
      const id = root + tail;
      const payload = [form, renderedAt.getTime().toString(36), id].join(".");
      return `${payload}.${sign(signing, payload)}`;
    },

    check(token, form) {
      if (typeof token !== "string" || token.trim() === "") return { status: "missing" };
      const match = TOKEN.exec(token);
      if (!match) return { status: "forged" };
      const [, tokenForm, renderedBase36, submissionId, legacyConfirmed = "", signature] = match as unknown as [
        string,
        string,
        string,
        string,
        string | undefined,
        string,
      ];
      const payload = token.slice(0, token.length - signature.length - 1);
      if (!signedByOneOf(secrets, payload, signature) || tokenForm !== form) return { status: "forged" };
      const renderedAt = new Date(Number.parseInt(renderedBase36, 36));
      const root = submissionId.slice(0, ROOT_DIGITS);
      const afterHeld = heldRoots.has(root);
      if (now().getTime() - renderedAt.getTime() > FORM_TOKEN_MAX_AGE_MS) {
        return { status: "expired", submissionId, root, renderedAt, afterHeld };
      }
      return { status: "valid", submissionId, root, renderedAt, legacyConfirmed, afterHeld };
    },

    heldRoot: () => heldRootOf(signing),

    confirmedLetters(token, detailsDigest, candidates) {
      const tail = Buffer.from(token.submissionId.slice(ROOT_DIGITS));
      for (const letters of candidates) {
        const signedFor = secrets.some((secret) =>
          timingSafeEqual(Buffer.from(confirmingTail(secret, token.root, detailsDigest, letters)), tail),
        );
        if (signedFor) return letters;
      }
      return "";
    },
  };
}
