import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import type { ContactSubmission } from "~/lib/contact";
import {
  type Lead,
  type LeadStats,
  type LeadStatus,
  type LeadStore,
  NOT_REJECTED_SQL,
  processContactLimiter,
  submissionKey,
} from "./store.server.ts";

/**
 * The embedded lead store: a SQLite file (Node's built-in `node:sqlite`) in DATA_DIR, for one instance.
 * SQLite calls are synchronous, so a locked database must never make one wait long: the busy timeout
 * is short and a busy write is retried asynchronously, letting other requests run meanwhile.
 */

const SCHEMA_VERSION = 3;
/** How long SQLite itself waits for a lock, blocking the event loop: keep it short. */
const BUSY_TIMEOUT_MS = 50;
/** Then the store retries asynchronously, for this long in all. */
const BUSY_RETRY_BUDGET_MS = 3_000;

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
  last_status: number | null;
  delivered_at: string | null;
  mirror_status: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
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
    lastStatus: row.last_status,
    deliveredAt: row.delivered_at,
    mirrorStatus: row.mirror_status,
    claimedBy: row.claimed_by,
    claimedUntil: row.claimed_until,
  };
}

function isBusy(error: unknown): boolean {
  const { errcode, message } = (error ?? {}) as { errcode?: number; message?: string };
  // SQLITE_BUSY (5) and SQLITE_LOCKED (6), with or without extended codes.
  return (errcode !== undefined && [5, 6].includes(errcode & 0xff)) || /database is (locked|busy)/i.test(message ?? "");
}

/** Runs a SQLite step, retrying it asynchronously while another connection holds the lock. */
async function withBusyRetry<T>(step: () => T): Promise<T> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return step();
    } catch (error) {
      if (!isBusy(error) || Date.now() - started > BUSY_RETRY_BUDGET_MS) throw error;
      await sleep(Math.min(200, 10 * 2 ** attempt));
    }
  }
}

/** Opens (and creates or migrates) `<dataDir>/leads.sqlite`. */
export async function openSqliteLeadStore({
  dataDir,
  now = () => new Date(),
}: {
  dataDir: string;
  now?: () => Date;
}): Promise<LeadStore> {
  const { DatabaseSync } = await loadSqlite();
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "leads.sqlite");
  const db = new DatabaseSync(file);
  try {
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    await withBusyRetry(() => db.exec("PRAGMA journal_mode = WAL"));
    db.exec("PRAGMA synchronous = FULL");
    await withBusyRetry(() => migrate(db));
  } catch (error) {
    db.close();
    throw error;
  }
  return sqliteStore(db, file, now);
}

function sqliteStore(db: DatabaseSync, file: string, now: () => Date): LeadStore {
  const statements = {
    insert: db.prepare(
      `INSERT INTO leads (id, created_at, name, email, phone, interests, referral_source, status, attempts, next_attempt_at, submission_key)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)
       ON CONFLICT (submission_key) DO NOTHING`,
    ),
    get: db.prepare("SELECT * FROM leads WHERE id = ?"),
    bySubmission: db.prepare("SELECT * FROM leads WHERE submission_key = ?"),
    claim: db.prepare(
      `UPDATE leads SET claimed_by = ?, claimed_until = ?
       WHERE id IN (
         SELECT id FROM leads
         WHERE status = 'pending' AND next_attempt_at <= ?
           AND (claimed_until IS NULL OR claimed_until <= ?)
         ORDER BY next_attempt_at, created_at LIMIT ?)
       RETURNING *`,
    ),
    claimEarly: db.prepare(
      `UPDATE leads SET claimed_by = ?, claimed_until = ?
       WHERE id IN (
         SELECT id FROM leads
         WHERE status = 'pending' AND attempts > 0 AND next_attempt_at > ? AND ${NOT_REJECTED_SQL}
           AND (claimed_until IS NULL OR claimed_until <= ?)
         ORDER BY next_attempt_at, created_at LIMIT 1)
       RETURNING *`,
    ),
    nextWake: db.prepare(
      `SELECT MIN(CASE WHEN claimed_until > next_attempt_at THEN claimed_until ELSE next_attempt_at END) AS at
       FROM leads WHERE status = 'pending'`,
    ),
    delivered: db.prepare(
      `UPDATE leads SET status = 'delivered', delivered_at = ?, attempts = attempts + 1, last_error = NULL,
         claimed_by = NULL, claimed_until = NULL
       WHERE id = ? AND status = 'pending'`,
    ),
    failed: db.prepare(
      `UPDATE leads SET attempts = attempts + 1, last_error = ?, last_status = ?, next_attempt_at = ?,
         claimed_by = NULL, claimed_until = NULL
       WHERE id = ? AND status = 'pending' AND claimed_by = ?`,
    ),
    backlogDue: db.prepare(
      `UPDATE leads SET next_attempt_at = ?
       WHERE status = 'pending' AND attempts > 0 AND next_attempt_at > ?
         AND (${NOT_REJECTED_SQL} OR last_status = ?)`,
    ),
    mirror: db.prepare("UPDATE leads SET mirror_status = ? WHERE id = ?"),
    all: db.prepare("SELECT * FROM leads ORDER BY created_at DESC"),
    byStatus: db.prepare("SELECT * FROM leads WHERE status = ? ORDER BY created_at DESC"),
    retryOne: db.prepare("UPDATE leads SET next_attempt_at = ? WHERE id = ? AND status = 'pending'"),
    retryAll: db.prepare("UPDATE leads SET next_attempt_at = ? WHERE status = 'pending' AND attempts > 0"),
    deleteOne: db.prepare("DELETE FROM leads WHERE id = ?"),
    erase: db.prepare("DELETE FROM leads WHERE lower(email) = lower(?)"),
    purge: db.prepare("DELETE FROM leads WHERE status = 'delivered' AND delivered_at < ?"),
    probe: db.prepare(
      "INSERT INTO store_health (id, checked_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at",
    ),
    stats: db.prepare(
      `SELECT
         SUM(status = 'pending') AS pending,
         SUM(status = 'pending' AND attempts > 0) AS retrying,
         SUM(status = 'delivered') AS delivered,
         MIN(CASE WHEN status = 'pending' THEN created_at END) AS oldest
       FROM leads`,
    ),
  };
  const write = (statement: keyof typeof statements, ...values: SQLInputValue[]) =>
    withBusyRetry(() => Number(statements[statement].run(...values).changes));
  const rows = (statement: keyof typeof statements, ...values: SQLInputValue[]) =>
    withBusyRetry(() => (statements[statement].all(...values) as unknown as Row[]).map(toLead));
  const iso = () => now().toISOString();

  /** The new lead, or null when a lead with this submission key is stored already. */
  async function insert(submission: ContactSubmission, key: string | null): Promise<Lead | null> {
    const id = `lead_${randomUUID()}`;
    const at = iso();
    const inserted = await write(
      "insert",
      id,
      at,
      submission.name,
      submission.email,
      submission.phone,
      JSON.stringify(submission.interests),
      submission.referralSource,
      at,
      key,
    );
    return inserted === 0 ? null : toLead(statements.get.get(id) as unknown as Row);
  }

  return {
    kind: "sqlite",
    location: file,

    async create(submission: ContactSubmission) {
      return (await insert(submission, null))!;
    },

    async createOnce(submission, submissionId) {
      const key = submissionKey(submissionId, submission);
      const created = await insert(submission, key);
      if (created) return { lead: created, repeat: false };
      return { lead: toLead(statements.bySubmission.get(key) as unknown as Row), repeat: true };
    },

    async get(id) {
      const row = statements.get.get(id) as unknown as Row | undefined;
      return row ? toLead(row) : null;
    },

    async claimDue({ worker, leaseMs, limit }) {
      const at = iso();
      const until = new Date(now().getTime() + leaseMs).toISOString();
      const claimed = await rows("claim", worker, until, at, at, limit);
      return claimed.sort(
        (a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt) || a.createdAt.localeCompare(b.createdAt),
      );
    },

    async claimEarly({ worker, leaseMs }) {
      const at = iso();
      const until = new Date(now().getTime() + leaseMs).toISOString();
      const [lead] = await rows("claimEarly", worker, until, at, at);
      return lead ?? null;
    },

    async nextWakeAt() {
      const at = (statements.nextWake.get() as { at: string | null } | undefined)?.at;
      return at ? new Date(at) : null;
    },

    async markDelivered(id) {
      await write("delivered", iso(), id);
    },

    async recordFailure(id, worker, { error, status, nextAttemptAt }) {
      await write("failed", error.slice(0, 300), status, nextAttemptAt.toISOString(), id, worker);
    },

    makeBacklogDue(sharedStatus) {
      const at = iso();
      return write("backlogDue", at, at, sharedStatus);
    },

    async recordMirror(id, status) {
      await write("mirror", status.slice(0, 100), id);
    },

    list: (status) => (status ? rows("byStatus", status) : rows("all")),

    retry: (target) => (typeof target === "string" ? write("retryOne", iso(), target) : write("retryAll", iso())),

    delete: (id) => write("deleteOne", id),
    erase: (email) => write("erase", email.trim()),
    purgeDelivered: (before) => write("purge", before.toISOString()),

    async stats(): Promise<LeadStats> {
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

    async probeWrite() {
      await write("probe", iso());
    },

    contactLimiter: processContactLimiter,

    async close() {
      if (db.isOpen) db.close();
    },
  };
}

function migrate(db: DatabaseSync): void {
  const { user_version: version } = db.prepare("PRAGMA user_version").get() as { user_version: number };
  if (version >= SCHEMA_VERSION) return;
  db.exec("BEGIN IMMEDIATE");
  try {
    if (version < 1) {
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
      `);
    }
    if (version < 2) {
      db.exec(`
        ALTER TABLE leads ADD COLUMN claimed_by TEXT;
        ALTER TABLE leads ADD COLUMN claimed_until TEXT;
        CREATE INDEX IF NOT EXISTS leads_email ON leads (lower(email));
        CREATE TABLE IF NOT EXISTS store_health (id INTEGER PRIMARY KEY, checked_at TEXT NOT NULL);
      `);
    }
    if (version < 3) {
      db.exec(`
        ALTER TABLE leads ADD COLUMN submission_key TEXT;
        ALTER TABLE leads ADD COLUMN last_status INTEGER;
        CREATE UNIQUE INDEX IF NOT EXISTS leads_submission ON leads (submission_key);
      `);
    }
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}
