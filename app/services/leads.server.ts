import type { ContactSubmission } from "~/lib/contact";
import { clientKey, createRateLimiter, type SharedRateLimiter } from "./rate-limit.server.ts";

/**
 * The lead store (DESIGN.md section 5): every accepted contact submission is written in one
 * transaction before the visitor sees success, and stays pending until the lead webhook has
 * confirmed it with a 2xx. Two implementations share this interface: a SQLite file in DATA_DIR (the
 * embedded default, one instance) and PostgreSQL when DATABASE_URL is set (several instances share one
 * queue). Delivery workers claim due leads with a lease before posting them, so no two workers post
 * one lead at once, and a crashed worker's claims expire.
 */

export type LeadStatus = "pending" | "delivered";

export interface Lead extends ContactSubmission {
  id: string;
  createdAt: string;
  status: LeadStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  deliveredAt: string | null;
  mirrorStatus: string | null;
  /** The worker holding the lead while it posts it, and until when (a lease, so a crash frees it). */
  claimedBy: string | null;
  claimedUntil: string | null;
}

export interface LeadStats {
  pending: number;
  /** Pending leads that have failed at least once. */
  retrying: number;
  delivered: number;
  oldestPendingAt: string | null;
}

export interface LeadClaim {
  worker: string;
  leaseMs: number;
  limit: number;
}

export interface LeadStore {
  readonly kind: "sqlite" | "postgres";
  /** Where the leads are, for logs (never a password). */
  readonly location: string;
  /** Stores a new lead, due for delivery at once. */
  create(submission: ContactSubmission): Promise<Lead>;
  get(id: string): Promise<Lead | null>;
  /** Claims up to `limit` due pending leads that no other worker holds, oldest due first, for `leaseMs`. */
  claimDue(claim: LeadClaim): Promise<Lead[]>;
  /** Gives back claims a worker will not use (it is stopping). */
  release(ids: string[], worker: string): Promise<void>;
  /** When a pending lead next becomes due or its claim expires; null when none is pending. */
  nextWakeAt(): Promise<Date | null>;
  markDelivered(id: string): Promise<void>;
  /** A failed attempt by `worker`: counted, the error kept, the lead due again at `nextAttemptAt`. */
  recordFailure(id: string, worker: string, error: string, nextAttemptAt: Date): Promise<void>;
  recordMirror(id: string, status: string): Promise<void>;
  list(status?: LeadStatus): Promise<Lead[]>;
  /** Makes one pending lead (or every pending lead that has failed) due now. Returns how many. */
  retry(target: string | { allFailed: true }): Promise<number>;
  /** Deletes one lead. Returns how many (0 or 1). */
  delete(id: string): Promise<number>;
  /** Deletes every lead of one person (the email compared without regard to case). */
  erase(email: string): Promise<number>;
  /** Deletes delivered leads delivered before `before`. */
  purgeDelivered(before: Date): Promise<number>;
  stats(): Promise<LeadStats>;
  /** Throws unless the store accepts a write now (the readiness check). */
  probeWrite(): Promise<void>;
  /** The contact limit: in the database when several instances share it, else in this process. */
  contactLimiter(options: { limit: number; windowMs: number }): SharedRateLimiter;
  close(): Promise<void>;
}

/** SQLite in `dataDir` by default; PostgreSQL when `databaseUrl` is set. */
export async function openLeadStore({
  dataDir,
  databaseUrl,
  now,
}: {
  dataDir: string;
  databaseUrl?: string | null;
  now?: () => Date;
}): Promise<LeadStore> {
  if (databaseUrl) {
    const { openPostgresLeadStore } = await import("./lead-store-postgres.server.ts");
    return openPostgresLeadStore({ url: databaseUrl, now });
  }
  const { openSqliteLeadStore } = await import("./lead-store-sqlite.server.ts");
  return openSqliteLeadStore({ dataDir, now });
}

/** "postgres://user:secret@db:5432/hub" → "PostgreSQL db:5432/hub" (no credentials in logs). */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL ${parsed.host}${parsed.pathname}`;
  } catch {
    return "PostgreSQL";
  }
}

/** In-process limits for a store that only one instance uses. */
export function processContactLimiter(options: { limit: number; windowMs: number }): SharedRateLimiter {
  return createRateLimiter(options).toShared();
}

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

export type LeadSubmissionResult =
  { status: "stored"; id: string } | { status: "limited"; retryAfterSeconds: number } | { status: "failed" };

/**
 * Takes in contact submissions: at most `limit` accepted per client (its address, or its /64 for
 * IPv6) per window (CONTACT_RATE_LIMIT per 10 minutes), each stored before it is acknowledged and
 * then handed to delivery at once.
 */
export function createLeadIntake({
  store,
  onStored,
  limit,
  windowMs = 10 * 60_000,
  log = console,
}: {
  store: Pick<LeadStore, "create" | "contactLimiter">;
  onStored: (lead: Lead) => void;
  limit: number;
  windowMs?: number;
  log?: Pick<Console, "error" | "info">;
}) {
  const limiter = store.contactLimiter({ limit, windowMs });
  return {
    async submit(clientAddress: string, submission: ContactSubmission): Promise<LeadSubmissionResult> {
      let lead: Lead;
      try {
        const allowance = await limiter.attempt(clientKey(clientAddress));
        if (!allowance.allowed) return { status: "limited", retryAfterSeconds: allowance.retryAfterSeconds };
        lead = await store.create(submission);
      } catch (error) {
        log.error("A lead could not be stored:", error);
        return { status: "failed" };
      }
      log.info(`Lead ${lead.id} (${maskEmail(lead.email)}, ${maskPhone(lead.phone)}) stored.`);
      onStored(lead);
      return { status: "stored", id: lead.id };
    },
  };
}

export type LeadIntake = ReturnType<typeof createLeadIntake>;
