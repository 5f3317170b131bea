import { FORM_TOKEN_MAX_AGE_MS, type TokenCheck } from "./form-token.server.ts";

/**
 * The spam rules, every one in one place (docs/leads.md, "Spam"). A person's enquiry set aside unseen is
 * worse than a spam that gets through, so only what a person filling in the form never does holds a
 * submission in silence; anything a person may do now and then asks the visitor to confirm instead.
 *
 * Hard signals: held as suspected spam, stored with the reasons staff see in `npm run leads -- list
 * --status spam`, never delivered unless staff release it, and thanked like anyone (a bot learns nothing):
 * - the honeypot (a field hidden from people) is filled;
 * - the form token is missing or forged, or is one the site gave in answer to such a post;
 * - the name holds a link: a URL scheme, `www.`, or link markup (read as a person would read it:
 *   `readableName`);
 * - the page the form token came from already carried leads for `MAX_LEADS_PER_TOKEN` other people
 *   (contact details), counted by the store, which every instance shares, over every token of the page
 *   (`LeadStore.createOnce`): a botnet or a patient bot varies the details, a person does not.
 *
 * Soft signals (`SoftSignal`): the visitor gets the form back, with everything they typed, a line
 * asking them to check it and send again, and a confirmation of those signals for those details; the
 * confirmed send is delivered, with what was confirmed kept on the lead (other details, or a signal not
 * confirmed, are judged afresh):
 * - sent under `MIN_FILL_MS` after the page was rendered (autofill, or a correction after Back);
 * - the form token is older than a week (a tab left open);
 * - the same contact details for the `MAX_SUBMISSIONS_PER_DETAILS + 1`th time within `DETAILS_WINDOW_MS`
 *   (the same details with the same interests are one enquiry instead: folded into the earlier lead);
 * - a word in the name only looks like a domain (`label.tld` without a scheme or `www.`: "A.De Silva").
 */

export const MIN_FILL_MS = 3_000;
export const MAX_SUBMISSIONS_PER_DETAILS = 3;
export const DETAILS_WINDOW_MS = 60 * 60_000;
/**
 * One rendered page's form tokens carry leads for at most this many people (a person correcting a typo
 * twice stays within it, and one person's several enquiries count once).
 */
export const MAX_LEADS_PER_TOKEN = 3;

export interface HardEvidence {
  /** What the honeypot field held ("" when empty). */
  honeypot: string;
  token: TokenCheck;
  name: string;
}

/** Why this submission is held as suspected spam: empty when nothing a person never does is in it. */
export function hardReasons({ honeypot, token, name }: HardEvidence): string[] {
  const reasons: string[] = [];
  if (honeypot !== "") reasons.push("honeypot filled");
  if (token.status === "missing") reasons.push("form token missing");
  else if (token.status === "forged") reasons.push("form token forged");
  else if (token.afterHeld) reasons.push(afterHeldReason);
  if (holdsLink(name)) reasons.push("a link in the name");
  return reasons;
}

/** The stored reason of a lead held because its page's tokens were used up. */
export const tokenUsedUpReason = `the form token already carried ${MAX_LEADS_PER_TOKEN} leads`;

/** The stored reason of a post whose token answered a post held for a missing or forged token. */
export const afterHeldReason = "the form token answered a post held for a missing or forged token";

/** What a visitor may be asked to confirm, each as the one letter a confirming form token carries. */
export const SOFT_SIGNALS = {
  fast: { letter: "f", reason: `sent under ${MIN_FILL_MS / 1000} s after the page was rendered` },
  old: { letter: "o", reason: `the page was rendered over ${FORM_TOKEN_MAX_AGE_MS / 86_400_000} days before` },
  again: {
    letter: "r",
    reason: `the same contact details for the ${MAX_SUBMISSIONS_PER_DETAILS + 1}th time within ${DETAILS_WINDOW_MS / 60_000} minutes`,
  },
  domain: { letter: "d", reason: "a word in the name looks like a domain" },
} as const;

export type SoftSignal = keyof typeof SOFT_SIGNALS;

export interface SoftEvidence {
  token: TokenCheck;
  name: string;
  /** Other submissions with the same contact details within `DETAILS_WINDOW_MS` (leads or held). */
  sameDetailsBefore: number;
  receivedAt: Date;
}

/** What this submission's sender is asked to confirm: empty when nothing. */
export function softSignals({ token, name, sameDetailsBefore, receivedAt }: SoftEvidence): SoftSignal[] {
  const signals: SoftSignal[] = [];
  if (token.status === "expired") signals.push("old");
  else if (token.status === "valid" && receivedAt.getTime() - token.renderedAt.getTime() < MIN_FILL_MS) {
    signals.push("fast");
  }
  if (sameDetailsBefore >= MAX_SUBMISSIONS_PER_DETAILS) signals.push("again");
  if (looksLikeDomain(name)) signals.push("domain");
  return signals;
}

/** The letters a confirming token carries for these signals, in a fixed order. */
export function confirmationLetters(signals: readonly SoftSignal[]): string {
  return (Object.keys(SOFT_SIGNALS) as SoftSignal[])
    .filter((signal) => signals.includes(signal))
    .map((signal) => SOFT_SIGNALS[signal].letter)
    .join("");
}

/** Every set of soft signals a visitor can be asked to confirm at once, as letters in their fixed order. */
export const CONFIRMABLE_LETTERS: readonly string[] = (() => {
  const letters = Object.values(SOFT_SIGNALS).map(({ letter }) => letter);
  const sets: string[] = [];
  for (let mask = 1; mask < 1 << letters.length; mask++) {
    sets.push(letters.filter((_, index) => mask & (1 << index)).join(""));
  }
  return sets;
})();

/** Whether every one of `signals` is among the confirmed `letters`. */
export function confirmedAll(signals: readonly SoftSignal[], letters: string): boolean {
  return signals.every((signal) => letters.includes(SOFT_SIGNALS[signal].letter));
}

/** What a confirmation's letters say, as the reasons kept on the lead. */
export function confirmedReasons(letters: string): string[] {
  return Object.values(SOFT_SIGNALS)
    .filter(({ letter }) => letters.includes(letter))
    .map(({ reason }) => reason);
}

/** Top-level domains that link spam favours, and the common ones. */
const LINK_TLDS =
  "com|net|org|info|biz|io|co|me|ru|cn|su|ua|tk|ml|ga|cf|gq|xyz|top|site|online|store|shop|club|live|link|click|pro|app|dev|ly|gl|to|cc|ws|us|uk|de|fr|it|nl|pl|in|br|au|ca|eu|tv|win|vip|bid|loan|work|icu|buzz|fun|space|website|tech";

/**
 * A link in a name, which no person writes there: a URL scheme (`http://`, `ftp://`, or `mailto:`,
 * `tel:`, `javascript:`, `data:` followed by their address), `www.`, or link markup (`<a`, `[url`, `](`).
 */
const LINK = new RegExp(
  [
    String.raw`\b[a-z][a-z0-9+.-]*:\/\/`,
    String.raw`\b(?:mailto|tel|javascript|data):(?=\S)`,
    String.raw`\bwww\.`,
    String.raw`<\s*a[\s>]`,
    String.raw`\[\s*url`,
    String.raw`\]\(`,
  ].join("|"),
  "i",
);

/**
 * A word that looks like a host name (`cheap-meds.shop`, `bit.ly/x`), which a person's name can too:
 * "A.De Silva", "Kim Lee (Acme.io)", "Rahul Verma, B.Com". A host's last label is one of `LINK_TLDS`
 * and ends there, so initials and dots between words ("J. R. Smith", "St.John") are not.
 */
const DOMAIN_LIKE = new RegExp(String.raw`[a-z0-9-]+\.(?:[a-z0-9-]+\.)*(?:${LINK_TLDS})(?![a-z0-9-])`, "i");

/** Dots a reader takes for a full stop: ideographic (。, ｡ and its vertical form) and fullwidth or small ones NFKC leaves. */
const DOT_LIKE = /[\u3002\uFF61\uFE12\uFE52\uFF0E\u2024]/g;
/** Format characters (Unicode's Cf: zero-width spaces and joiners, soft hyphens, direction marks): unseen. */
const FORMAT_CHARACTER = /\p{Cf}/gu;

/**
 * A name as a person reads it, which is what the link rules match: compatibility forms folded (NFKC:
 * fullwidth letters and dots), every dot a reader takes for a full stop made one, and the characters
 * nobody sees (zero-width spaces, soft hyphens) removed. "www。spam。com" and "w\u200Bww.spam.com" read
 * as "www.spam.com". The name stored and delivered stays as it was typed.
 */
export function readableName(name: string): string {
  return name.normalize("NFKC").replace(FORMAT_CHARACTER, "").replace(DOT_LIKE, ".");
}

export function holdsLink(name: string): boolean {
  return LINK.test(readableName(name));
}

export function looksLikeDomain(name: string): boolean {
  return DOMAIN_LIKE.test(readableName(name));
}
