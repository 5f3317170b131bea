import * as z from "zod/mini";
import {
  type ContactField,
  type ContactInput,
  type ContactSubmission,
  contactFieldOrder,
  contactMessages,
  contactPatterns,
  hasControlCharacter,
  interestOptions,
  referralOptions,
  wholeValue,
} from "./contact";

/**
 * The contact form's one validation, used by the browser (before sending) and by the server (the
 * action): checks run in order (docs/leads.md#intake), and the first failure is reported. The form imports
 * this module when it is first used, not with the page: zod's evaluation and the schemas' building were
 * the longest script task of /contact's start (the hydration trace, docs/performance.md).
 */

const EMAIL = wholeValue(contactPatterns.email);
/** The characters of a phone number, and at least 7 digits. */
const PHONE = wholeValue(contactPatterns.phone);
const interestValues: readonly string[] = interestOptions.map((option) => option.value);

const withoutControlCharacters = (message: string) => z.refine<string>((value) => !hasControlCharacter(value), message);

/** Each field's rule, in the order they are checked (docs/leads.md#intake). */
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
  phone: z
    .string()
    .check(
      z.trim(),
      z.maxLength(40, contactMessages.phone),
      withoutControlCharacters(contactMessages.phone),
      z.regex(PHONE, contactMessages.phone),
    ),
  interests: z.array(z.string()).check(
    z.minLength(1, contactMessages.interests),
    z.maxLength(interestValues.length * 2, contactMessages.unknownInterest),
    z.refine((values) => values.every((value) => interestValues.includes(value)), contactMessages.unknownInterest),
  ),
  referralSource: z.enum(referralOptions, contactMessages.referralSource),
} satisfies Record<ContactField, unknown>;

export type ContactValidation =
  { ok: true; submission: ContactSubmission } | { ok: false; field: ContactField; message: string };

export function validateContact(input: ContactInput): ContactValidation {
  const cleaned: Record<string, unknown> = {};
  for (const field of contactFieldOrder) {
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
