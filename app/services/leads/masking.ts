/**
 * Contact details as logs and staff listings show them: enough to tell leads apart, not to contact
 * anyone; and request paths as logs show them.
 */

/** "jane.doe@example.com" → "j***@e***.com": enough for an operator to tell leads apart, not to contact anyone. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${local.charAt(0)}***@${host.charAt(0)}***${tld}`;
}

/** Keeps the last two digits: "(870) 555-0199" → "***99". */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `***${digits.slice(-2)}`;
}

/** A path segment that holds an email address: something, `@`, something (`/@vite/client` is not one). */
const EMAIL_LIKE = /[^\s@]@[^\s@]/;

/**
 * A request path as logs show it: each segment that holds an email address, plainly or
 * percent-encoded (`%40`, or `%2540` encoded twice), becomes `[email]`. A made-up address can hold
 * anything a visitor typed, and an address typed into the address bar is personal data.
 */
export function maskEmailsInPath(path: string): string {
  return path
    .split("/")
    .map((segment) => (EMAIL_LIKE.test(decodedAtSigns(segment)) ? "[email]" : segment))
    .join("/");
}

/** The segment with its encoded `@` decoded, however many times it was encoded. */
function decodedAtSigns(segment: string): string {
  let decoded = segment;
  for (let round = 0; round < 4 && /%(25)*40/i.test(decoded); round++) {
    decoded = decoded.replace(/%25/gi, "%").replace(/%40/gi, "@");
  }
  return decoded;
}
