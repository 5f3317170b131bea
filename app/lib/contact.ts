import * as z from "zod/mini";

/**
 * The contact form's fields and their one validation, used by the browser (before sending) and by the
 * server (the action): checks run in SPEC.md section 5's order, and the first failure is reported.
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
 * The hidden field that names one filled-in form: random, made by the server for the page (so the form
 * has one without JavaScript too) and anew after each successful submission. The store keeps one lead
 * per submission, so a double click or a resend after a lost answer is not a second lead.
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

export const contactSuccessMessage = "Thank you for your submission! We will be in touch soon.";
export const contactFailureMessage = "There was a problem submitting your request. Please try again later.";
export const contactRateLimitMessage = "Too many submissions. Please try again in a few minutes.";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A submission id: what `newSubmissionId` makes, give or take its length. */
const SUBMISSION_ID = /^[A-Za-z0-9_-]{16,64}$/;
const PHONE_CHARACTERS = /^[0-9+\-\s()]+$/;
const interestValues: readonly string[] = interestOptions.map((option) => option.value);

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

const withoutControlCharacters = (message: string) => z.refine<string>((value) => !hasControlCharacter(value), message);

/** Each field's rule, in the order they are checked (SPEC.md section 5, then the referral select). */
export const contactFields = {
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, contactMessages.name),
      z.maxLength(200, contactMessages.nameTooLong),
      withoutControlCharacters(contactMessages.nameControlCharacters),
    ),
  email: z
    .string()
    .check(
      z.trim(),
      z.maxLength(254, contactMessages.email),
      withoutControlCharacters(contactMessages.email),
      z.regex(EMAIL, contactMessages.email),
    ),
  phone: z.string().check(
    z.trim(),
    z.maxLength(40, contactMessages.phone),
    withoutControlCharacters(contactMessages.phone),
    z.regex(PHONE_CHARACTERS, contactMessages.phone),
    z.refine((phone) => phone.replace(/\D/g, "").length >= 7, contactMessages.phone),
  ),
  interests: z.array(z.string()).check(
    z.minLength(1, contactMessages.interests),
    z.maxLength(interestValues.length * 2, contactMessages.unknownInterest),
    z.refine((values) => values.every((value) => interestValues.includes(value)), contactMessages.unknownInterest),
  ),
  referralSource: z.enum(referralOptions, contactMessages.referralSource),
};

/** The schema of a valid submission (what is stored and delivered). */
export const contactSubmissionSchema = z.object(contactFields);

export interface ContactSubmission {
  name: string;
  email: string;
  phone: string;
  interests: Interest[];
  referralSource: ReferralSource;
}

export type ContactField = keyof typeof contactFields;

export type ContactValidation =
  { ok: true; submission: ContactSubmission } | { ok: false; field: ContactField; message: string };

/** Raw input: strings from a form, or anything from a JSON body. */
export interface ContactInput {
  name?: unknown;
  email?: unknown;
  phone?: unknown;
  interests?: unknown;
  referralSource?: unknown;
  submissionId?: unknown;
}

/** A fresh submission id (in the browser and on the server): 128 random bits as 32 hex digits. */
export function newSubmissionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The submission id a form sent, or null when it sent none or something else (stored without one). */
export function submissionIdFrom(value: unknown): string | null {
  return typeof value === "string" && SUBMISSION_ID.test(value) ? value : null;
}

export function validateContact(input: ContactInput): ContactValidation {
  const cleaned: Record<string, unknown> = {};
  for (const field of Object.keys(contactFields) as ContactField[]) {
    const raw = input[field];
    const value =
      field === "interests" ? (Array.isArray(raw) ? raw : raw === undefined || raw === "" ? [] : [raw]) : (raw ?? "");
    const result = contactFields[field].safeParse(value);
    if (!result.success) {
      const issue = result.error.issues[0];
      // A value of the wrong type (a number, an object) gets the field's own message too.
      const message = !issue || issue.code === "invalid_type" ? defaultMessage(field) : issue.message;
      return { ok: false, field, message };
    }
    cleaned[field] = field === "interests" ? [...new Set(result.data as string[])] : result.data;
  }
  return { ok: true, submission: cleaned as unknown as ContactSubmission };
}

function defaultMessage(field: ContactField): string {
  return field === "interests" ? contactMessages.unknownInterest : contactMessages[field];
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
