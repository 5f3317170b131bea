/**
 * The contact form's fields, options, messages and ids, and the reading of a submission. Their one
 * validation, used by the browser and by the server, is in `contact-checks.ts`: the page loads it only
 * when the form is first used, as it brings the schema library.
 */

export const interestOptions = [
  { value: "private-offices", label: "Private offices" },
  { value: "coworking-space", label: "Coworking space" },
  { value: "meeting-rooms", label: "Meeting rooms" },
  { value: "think-lounge", label: "Think Lounge events" },
  { value: "partnership", label: "Partnership" },
  { value: "podcast-production", label: "Podcast production" },
] as const;

export type Interest = (typeof interestOptions)[number]["value"];

export const referralOptions = ["Website", "Social Media", "Friend or Colleague", "Event", "Other"] as const;
export type ReferralSource = (typeof referralOptions)[number];

export const REFERRAL_PLACEHOLDER = "Select an option";
/** The hidden field people never fill in; a value means a bot. */
export const HONEYPOT_FIELD = "bot-field";
/**
 * The hidden field that names one filled-in form: the form token, a random submission id the server
 * signs with which form it is and when it was rendered (app/services/leads/form-token.server.ts), made
 * for the page (so the form has one without JavaScript too) and anew after each successful submission.
 * The store keeps one lead per submission, so a double click or a resend after a lost answer is not a
 * second lead; a form without a token the server signed is held as suspected spam, and one token carries
 * at most three leads.
 */
export const SUBMISSION_ID_FIELD = "submissionId";

export const contactMessages = {
  name: "Name is required.",
  nameTooLong: "Please keep your name under 200 characters.",
  nameControlCharacters: "Please remove the invisible control characters (such as tabs) from your name.",
  email: "Please enter a valid email address.",
  phone: "Please enter a valid phone number.",
  interests: "Please select at least one area of interest.",
  unknownInterest: "Please choose from the listed areas of interest.",
  referralSource: "Please tell us how you heard about us.",
} as const;

/**
 * What a text field must match, as an input's `pattern` (the browser's checks, which the first script
 * asks before hydration) and in the page's and the server's checks (`contact-checks.ts`): one rule, so
 * that both refuse the same values, first the same field (docs/decisions/029-send-refused-in-the-page.md).
 * Written for the `v` flag browsers compile a pattern with.
 */
export const contactPatterns = {
  name: String.raw`.*\S.*`,
  email: String.raw`[^\s@]+@[^\s@]+\.[^\s@]+`,
  phone: String.raw`(?=(?:\D*\d){7})[0-9+\-\s\(\)]+`,
} as const;

/** A pattern as the browser applies it: the whole value must match. */
export function wholeValue(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`, "v");
}

export const contactSuccessMessage = "Thank you for your submission! We will be in touch soon.";
export const contactFailureMessage = "There was a problem submitting your request. Please try again later.";
export const contactRateLimitMessage = "Too many submissions. Please try again in a few minutes.";
/**
 * The answer to a send that a person may have made but a bot often does (sent within seconds of the page,
 * a page open for over a week, the same details again and again, a name with a word like a domain): the
 * form comes back as it was sent, and the next send is delivered (docs/leads.md, "Spam").
 */
export const contactConfirmMessage = "Your message is not sent yet. Please check your details and press Send again.";

/** What a form token (or a submission id from before tokens) can look like, give or take. */
const FORM_TOKEN_SHAPE = /^[A-Za-z0-9._-]{16,160}$/;

/**
 * C0 and C1 control characters (NUL, tab, line breaks, DEL...): no name, address or number holds one.
 * (PostgreSQL refuses NUL in text, so letting one through would fail only with that store.)
 */
export function hasControlCharacter(value: string): boolean {
  for (const character of value) {
    const code = character.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return true;
  }
  return false;
}

export interface ContactSubmission {
  name: string;
  email: string;
  phone: string;
  interests: Interest[];
  referralSource: ReferralSource;
}

/** The fields checked, in order (docs/leads.md#intake); contact-checks.ts holds their rules. */
export const contactFieldOrder = ["name", "email", "phone", "interests", "referralSource"] as const;
export type ContactField = (typeof contactFieldOrder)[number];

/** Raw input: strings from a form, or anything from a JSON body. */
export interface ContactInput {
  name?: unknown;
  email?: unknown;
  phone?: unknown;
  interests?: unknown;
  referralSource?: unknown;
  submissionId?: unknown;
}

/**
 * The form token a refused form is sent back with (so the form sent again is the same submission), or
 * null when it sent none or something that cannot be one. Only the server can tell a real one.
 */
export function formTokenFrom(value: unknown): string | null {
  return typeof value === "string" && FORM_TOKEN_SHAPE.test(value) ? value : null;
}

/** The form's fields as submitted (interests arrive as one field per ticked box). */
export function contactInputFromForm(form: FormData | URLSearchParams): ContactInput & { honeypot: string } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    interests: form.getAll("interests").filter((value): value is string => typeof value === "string"),
    referralSource: text("referralSource"),
    submissionId: text(SUBMISSION_ID_FIELD),
    honeypot: text(HONEYPOT_FIELD),
  };
}

/** A JSON body's fields (for clients that post JSON). Anything that is not an object gives no fields. */
export function contactInputFromJson(body: unknown): ContactInput & { honeypot: string } {
  const record = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const honeypot = record[HONEYPOT_FIELD];
  return {
    name: record.name,
    email: record.email,
    phone: record.phone,
    interests: record.interests,
    referralSource: record.referralSource,
    submissionId: record[SUBMISSION_ID_FIELD],
    honeypot: typeof honeypot === "string" ? honeypot : honeypot === undefined || honeypot === null ? "" : "filled",
  };
}
