import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import type { ContactSubmission } from "~/lib/contact";
import { createRateLimiter } from "./rate-limit.server.ts";

/**
 * The lead store (DESIGN.md section 5): every accepted contact submission is written to a SQLite file
 * (Node's built-in `node:sqlite`) in one transaction before the visitor sees success, and stays
 * pending until the lead webhook has confirmed it with a 2xx.
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
}

export interface LeadStats {
  pending: number;
  /** Pending leads that have failed at least once. */
  retrying: number;
  delivered: number;
  oldestPendingAt: string | null;
}

export type LeadStore = ReturnType<typeof openLeadStoreWith>;

const SCHEMA_VERSION = 1;

/** node:sqlite arrived in Node 22.5; older Nodes get a plain sentence instead of a module error. */
export async function loadSqlite(): Promise<typeof import("node:sqlite")> {
  try {
    return await import("node:sqlite");
  } catch {
    throw new Error(
      `Lead storage needs Node.js 22.5 or later (node:sqlite); this is Node ${process.versions.node}. Use Node 24 (see .nvmrc).`,
    );
  }
}

/** Opens (and creates or migrates) `<dataDir>/leads.sqlite`. */
export async function openLeadStore({ dataDir, now }: { dataDir: string; now?: () => Date }): Promise<LeadStore> {
  const { DatabaseSync } = await loadSqlite();
  mkdirSync(dataDir, { recursive: true });
  return openLeadStoreWith(new DatabaseSync(path.join(dataDir, "leads.sqlite")), now);
}

interface Row {
  id: string;
  created_at: string;
  name: string;
  email: string;
  phone: string;
  interests: string;
  referral_source: string;
  status: LeadStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  delivered_at: string | null;
  mirror_status: string | null;
}

function toLead(row: Row): Lead {
  return {
    id: row.id,
    createdAt: row.created_at,
    name: row.name,
    email: row.email,
    phone: row.phone,
    interests: JSON.parse(row.interests) as Lead["interests"],
    referralSource: row.referral_source as Lead["referralSource"],
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    deliveredAt: row.delivered_at,
    mirrorStatus: row.mirror_status,
  };
}

function openLeadStoreWith(db: DatabaseSync, now: () => Date = () => new Date()) {
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA busy_timeout = 5000");
  db.exec("PRAGMA synchronous = FULL");
  migrate(db);

  const statements = {
    insert: db.prepare(
      `INSERT INTO leads (id, created_at, name, email, phone, interests, referral_source, status, attempts, next_attempt_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?)`,
    ),
    get: db.prepare("SELECT * FROM leads WHERE id = ?"),
    due: db.prepare(
      "SELECT * FROM leads WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, created_at LIMIT ?",
    ),
    nextDue: db.prepare("SELECT MIN(next_attempt_at) AS at FROM leads WHERE status = 'pending'"),
    delivered: db.prepare(
      "UPDATE leads SET status = 'delivered', delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?",
    ),
    failed: db.prepare(
      "UPDATE leads SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ? AND status = 'pending'",
    ),
    mirror: db.prepare("UPDATE leads SET mirror_status = ? WHERE id = ?"),
    all: db.prepare("SELECT * FROM leads ORDER BY created_at DESC"),
    byStatus: db.prepare("SELECT * FROM leads WHERE status = ? ORDER BY created_at DESC"),
    retryOne: db.prepare("UPDATE leads SET next_attempt_at = ? WHERE id = ? AND status = 'pending'"),
    retryAll: db.prepare("UPDATE leads SET next_attempt_at = ? WHERE status = 'pending' AND attempts > 0"),
    stats: db.prepare(
      `SELECT
         SUM(status = 'pending') AS pending,
         SUM(status = 'pending' AND attempts > 0) AS retrying,
         SUM(status = 'delivered') AS delivered,
         MIN(CASE WHEN status = 'pending' THEN created_at END) AS oldest
       FROM leads`,
    ),
  };

  return {
    /** Stores a new lead, due for delivery at once. */
    create(submission: ContactSubmission): Lead {
      const id = `lead_${randomUUID()}`;
      const at = now().toISOString();
      db.exec("BEGIN IMMEDIATE");
      try {
        statements.insert.run(
          id,
          at,
          submission.name,
          submission.email,
          submission.phone,
          JSON.stringify(submission.interests),
          submission.referralSource,
          at,
        );
        db.exec("COMMIT");
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
      return toLead(statements.get.get(id) as unknown as Row);
    },

    get(id: string): Lead | null {
      const row = statements.get.get(id) as unknown as Row | undefined;
      return row ? toLead(row) : null;
    },

    /** Pending leads whose next attempt is due, oldest first. */
    due(limit = 10): Lead[] {
      return (statements.due.all(now().toISOString(), limit) as unknown as Row[]).map(toLead);
    },

    /** When the next pending lead is due, or null when none is pending. */
    nextDueAt(): Date | null {
      const at = (statements.nextDue.get() as { at: string | null } | undefined)?.at;
      return at ? new Date(at) : null;
    },

    markDelivered(id: string): void {
      statements.delivered.run(now().toISOString(), id);
    },

    recordFailure(id: string, error: string, nextAttemptAt: Date): void {
      statements.failed.run(error.slice(0, 300), nextAttemptAt.toISOString(), id);
    },

    recordMirror(id: string, status: string): void {
      statements.mirror.run(status.slice(0, 100), id);
    },

    list(status?: LeadStatus): Lead[] {
      const rows = status ? statements.byStatus.all(status) : statements.all.all();
      return (rows as unknown as Row[]).map(toLead);
    },

    /** Makes one pending lead (or every pending lead that has failed) due now. Returns how many. */
    retry(target: string | { allFailed: true }): number {
      const at = now().toISOString();
      const result = typeof target === "string" ? statements.retryOne.run(at, target) : statements.retryAll.run(at);
      return Number(result.changes);
    },

    stats(): LeadStats {
      const row = statements.stats.get() as {
        pending: number | null;
        retrying: number | null;
        delivered: number | null;
        oldest: string | null;
      };
      return {
        pending: row.pending ?? 0,
        retrying: row.retrying ?? 0,
        delivered: row.delivered ?? 0,
        oldestPendingAt: row.oldest,
      };
    },

    close(): void {
      if (db.isOpen) db.close();
    },
  };
}

function migrate(db: DatabaseSync): void {
  const { user_version: version } = db.prepare("PRAGMA user_version").get() as { user_version: number };
  if (version >= SCHEMA_VERSION) return;
  db.exec(`
    CREATE TABLE IF NOT EXISTS leads (
      id TEXT PRIMARY KEY,
      created_at TEXT NOT NULL,
      name TEXT NOT NULL,
      email TEXT NOT NULL,
      phone TEXT NOT NULL,
      interests TEXT NOT NULL,
      referral_source TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending', 'delivered')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      last_error TEXT,
      delivered_at TEXT,
      mirror_status TEXT
    );
    CREATE INDEX IF NOT EXISTS leads_pending ON leads (status, next_attempt_at);
    PRAGMA user_version = ${SCHEMA_VERSION};
  `);
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
 * Takes in contact submissions: at most `limit` accepted per client address per window
 * (CONTACT_RATE_LIMIT per 10 minutes), each stored before it is acknowledged and then handed to
 * delivery at once.
 */
export function createLeadIntake({
  store,
  onStored,
  limit,
  windowMs = 10 * 60_000,
  log = console,
}: {
  store: Pick<LeadStore, "create">;
  onStored: (lead: Lead) => void;
  limit: number;
  windowMs?: number;
  log?: Pick<Console, "error" | "info">;
}) {
  const limiter = createRateLimiter({ limit, windowMs });
  return {
    submit(clientKey: string, submission: ContactSubmission): LeadSubmissionResult {
      if (!limiter.attempt(clientKey))
        return { status: "limited", retryAfterSeconds: limiter.retryAfterSeconds(clientKey) };
      let lead: Lead;
      try {
        lead = store.create(submission);
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
