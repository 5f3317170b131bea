import { FORM_TOKEN_MAX_AGE_MS, type TokenCheck } from "./form-token.server.ts";

/**
 * When a contact submission is suspected spam (issue 37), every rule in one place, each with the reason
 * staff see in `npm run leads -- list --status spam`. Suspected spam is stored with its reasons and
 * never delivered until staff release it; the visitor gets the same thanks either way, so a bot learns
 * nothing from the answer. The rules look only at what a person filling in the form never does:
 * - the honeypot (a field hidden from people) is filled;
 * - the form was sent less than `MIN_FILL_MS` after it was rendered;
 * - the form token is missing, forged, or older than a week;
 * - the name holds a link;
 * - the same contact details came from more than `MAX_SUBMISSIONS_PER_DETAILS` submission ids within
 *   `DETAILS_WINDOW_MS` (one person sending one form again is one submission id, and never counts).
 */

export const MIN_FILL_MS = 3_000;
export const MAX_SUBMISSIONS_PER_DETAILS = 3;
export const DETAILS_WINDOW_MS = 60 * 60_000;

export interface SubmissionEvidence {
  /** What the honeypot field held ("" when empty). */
  honeypot: string;
  token: TokenCheck;
  name: string;
  /** Other submission ids that sent the same contact details within `DETAILS_WINDOW_MS`. */
  sameDetailsBefore: number;
  receivedAt: Date;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Why this submission is suspected spam: empty when it is not. */
export function spamReasons(evidence: SubmissionEvidence): string[] {
  const reasons: string[] = [];
  if (evidence.honeypot !== "") reasons.push("honeypot filled");
  const { token } = evidence;
  if (token.status === "missing") reasons.push("form token missing");
  else if (token.status === "forged") reasons.push("form token forged");
  else if (token.status === "expired") {
    reasons.push(
      `form token older than ${FORM_TOKEN_MAX_AGE_MS / 86_400_000} days (rendered ${token.renderedAt.toISOString()})`,
    );
  } else {
    const fillMs = evidence.receivedAt.getTime() - token.renderedAt.getTime();
    if (fillMs < MIN_FILL_MS)
      reasons.push(`sent ${seconds(fillMs)} after the form was rendered (under ${seconds(MIN_FILL_MS)})`);
  }
  if (holdsLink(evidence.name)) reasons.push("a link in the name");
  if (evidence.sameDetailsBefore >= MAX_SUBMISSIONS_PER_DETAILS) {
    reasons.push(
      `the same details from ${evidence.sameDetailsBefore + 1} submission ids within ${DETAILS_WINDOW_MS / 60_000} minutes`,
    );
  }
  return reasons;
}

/** Top-level domains that link spam favours, and the common ones: a name never ends a word with them. */
const LINK_TLDS =
  "com|net|org|info|biz|io|co|me|ru|cn|su|ua|tk|ml|ga|cf|gq|xyz|top|site|online|store|shop|club|live|link|click|pro|app|dev|ly|gl|to|cc|ws|us|uk|de|fr|it|nl|pl|in|br|au|ca|eu|tv|win|vip|bid|loan|work|icu|buzz|fun|space|website|tech";

/**
 * A link in a name: a scheme (`http://`, `ftp://`, `mailto:`), `www.`, link markup (`<a`, `[url`,
 * `](`), or a host name such as `cheap-meds.shop` or `bit.ly/x`. Names with initials or dots between
 * words ("J. R. Smith", "St.John") are not hosts: a host's last label is one of `LINK_TLDS` and ends there.
 */
const LINK = new RegExp(
  [
    String.raw`\b[a-z][a-z0-9+.-]*:\/\/`,
    String.raw`\b(?:mailto|tel|javascript|data):`,
    String.raw`\bwww\.`,
    String.raw`<\s*a[\s>]`,
    String.raw`\[\s*url`,
    String.raw`\]\(`,
    String.raw`[a-z0-9-]+\.(?:[a-z0-9-]+\.)*(?:${LINK_TLDS})(?![a-z0-9-])`,
  ].join("|"),
  "i",
);

export function holdsLink(name: string): boolean {
  return LINK.test(name.normalize("NFKC"));
}
