/** Contact details as logs and staff listings show them: enough to tell leads apart, not to contact anyone. */

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
