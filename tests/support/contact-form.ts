/** The contact form's fields as a test fills them in. */
export interface ContactFields {
  name: string;
  email: string;
  phone: string;
  interests: readonly string[];
  referralSource: string;
}

/**
 * The body a browser without JavaScript posts for the contact form (`POST /contact`; the page's script
 * posts the same to `/contact.data`): the fields, the empty honeypot, and `extra` (the form token).
 */
export function contactFormBody(fields: ContactFields, extra: Record<string, string>): URLSearchParams {
  const body = new URLSearchParams({
    name: fields.name,
    email: fields.email,
    phone: fields.phone,
    referralSource: fields.referralSource,
    "bot-field": "",
    ...extra,
  });
  for (const interest of fields.interests) body.append("interests", interest);
  return body;
}
