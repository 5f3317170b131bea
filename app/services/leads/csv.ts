import type { Lead } from "./store.server.ts";

/** CSV (RFC 4180) of leads, with cells that a spreadsheet would run as a formula neutralised. */
export function leadsToCsv(leads: Lead[]): string {
  const columns: [string, (lead: Lead) => string | number | null][] = [
    ["id", (lead) => lead.id],
    ["created_at", (lead) => lead.createdAt],
    ["name", (lead) => lead.name],
    ["email", (lead) => lead.email],
    ["phone", (lead) => lead.phone],
    ["interests", (lead) => lead.interests.join(", ")],
    ["referral_source", (lead) => lead.referralSource],
    ["status", (lead) => lead.status],
    ["attempts", (lead) => lead.attempts],
    ["next_attempt_at", (lead) => (lead.status === "pending" ? lead.nextAttemptAt : "")],
    ["delivered_at", (lead) => lead.deliveredAt],
    ["last_error", (lead) => lead.lastError],
    ["spam_reason", (lead) => lead.spamReason],
  ];
  const cell = (value: string | number | null) => {
    let text = value === null ? "" : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [
    columns.map(([name]) => name).join(","),
    ...leads.map((lead) => columns.map(([, read]) => cell(read(lead))).join(",")),
  ];
  return `${lines.join("\r\n")}\r\n`;
}
