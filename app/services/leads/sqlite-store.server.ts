import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import type { ContactSubmission } from "~/domain/contact";
import {
  contactDetailsKey,
  FAILURE_KIND_FROM_STATUS_SQL,
  type FailureKind,
  failureKindOf,
  type Lead,
  type LeadStats,
  type LeadStore,
  type NewLeadOptions,
  processContactLimiter,
  sameInterests,
  submissionIdsOfPage,
  submissionKey,
} from "./store.server.ts";

/**
 * The embedded lead store: a SQLite file (Node's built-in `node:sqlite`) in DATA_DIR, for one instance.
 * SQLite calls are synchronous, so a locked database must never make one wait long: the busy timeout
 * is short and a busy write is retried asynchronously, letting other requests run meanwhile.
 */

/**
 * The schema, one step per version (PRAGMA user_version counts the steps applied). Steps are only ever
 * added, never edited: migrations.test.ts holds each released step's fingerprint, builds the store as
 * each earlier step left it, and opens it with this code.
 */
export const SQLITE_MIGRATIONS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS leads (
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
   CREATE INDEX IF NOT EXISTS leads_pending ON leads (status, next_attempt_at);`,
  `ALTER TABLE leads ADD COLUMN claimed_by TEXT;
   ALTER TABLE leads ADD COLUMN claimed_until TEXT;
   CREATE INDEX IF NOT EXISTS leads_email ON leads (lower(email));
   CREATE TABLE IF NOT EXISTS store_health (id INTEGER PRIMARY KEY, checked_at TEXT NOT NULL);`,
  `ALTER TABLE leads ADD COLUMN submission_key TEXT;
   ALTER TABLE leads ADD COLUMN last_status INTEGER;
   CREATE UNIQUE INDEX IF NOT EXISTS leads_submission ON leads (submission_key);`,
  // Spam held back, the webhook's Retry-After, growing backoff only while the webhook accepts nothing,
  // shared secrets and once-a-day tasks (docs/operations.md).
  `ALTER TABLE leads ADD COLUMN details_key TEXT;
   ALTER TABLE leads ADD COLUMN spam_reason TEXT;
   ALTER TABLE leads ADD COLUMN last_attempt_at TEXT;
   ALTER TABLE leads ADD COLUMN failure_kind TEXT;
   ALTER TABLE leads ADD COLUMN backoff_failures INTEGER NOT NULL DEFAULT 0;
   UPDATE leads SET failure_kind = ${FAILURE_KIND_FROM_STATUS_SQL}, backoff_failures = attempts
     WHERE status = 'pending' AND attempts > 0;
   CREATE INDEX IF NOT EXISTS leads_details ON leads (details_key, created_at);
   CREATE INDEX IF NOT EXISTS leads_delivered_at ON leads (delivered_at);
   CREATE TABLE IF NOT EXISTS spam_leads (
     id TEXT PRIMARY KEY,
     created_at TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     phone TEXT NOT NULL,
     interests TEXT NOT NULL,
     referral_source TEXT NOT NULL,
     submission_key TEXT,
     details_key TEXT,
     reason TEXT NOT NULL
   );
   CREATE UNIQUE INDEX IF NOT EXISTS spam_leads_submission ON spam_leads (submission_key);
   CREATE INDEX IF NOT EXISTS spam_leads_details ON spam_leads (details_key, created_at);
   CREATE INDEX IF NOT EXISTS spam_leads_email ON spam_leads (lower(email));
   CREATE INDEX IF NOT EXISTS spam_leads_created ON spam_leads (created_at);
   CREATE TABLE IF NOT EXISTS lead_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE IF NOT EXISTS delivery_hold (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     until TEXT NOT NULL,
     status INTEGER,
     probe_by TEXT,
     probe_until TEXT
   );`,
  // Leads per form token, and what a visitor confirmed before sending (docs/decisions/030-spam-hard-and-soft.md).
  `ALTER TABLE leads ADD COLUMN submission_id TEXT;
   ALTER TABLE leads ADD COLUMN confirmed_reasons TEXT;
   ALTER TABLE spam_leads ADD COLUMN submission_id TEXT;
   UPDATE leads SET submission_id = substr(submission_key, 1, instr(submission_key, ':') - 1)
     WHERE instr(submission_key, ':') > 1;
   UPDATE spam_leads SET submission_id = substr(submission_key, 1, instr(submission_key, ':') - 1)
     WHERE instr(submission_key, ':') > 1;
   CREATE INDEX IF NOT EXISTS leads_submission_id ON leads (submission_id);`,
];

const SCHEMA_VERSION = SQLITE_MIGRATIONS.length;
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
  status: "pending" | "delivered";
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  last_status: number | null;
  delivered_at: string | null;
  mirror_status: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  spam_reason: string | null;
  confirmed_reasons: string | null;
  last_attempt_at: string | null;
  failure_kind: FailureKind | null;
  backoff_failures: number;
}

interface SpamRow {
  id: string;
  created_at: string;
  name: string;
  email: string;
  phone: string;
  interests: string;
  referral_source: string;
  reason: string;
}

function spamToLead(row: SpamRow): Lead {
  return {
    id: row.id,
    createdAt: row.created_at,
    name: row.name,
    email: row.email,
    phone: row.phone,
    interests: JSON.parse(row.interests) as Lead["interests"],
    referralSource: row.referral_source as Lead["referralSource"],
    status: "spam",
    attempts: 0,
    nextAttemptAt: row.created_at,
    lastError: null,
    lastStatus: null,
    deliveredAt: null,
    mirrorStatus: null,
    claimedBy: null,
    claimedUntil: null,
    spamReason: row.reason,
    confirmedReasons: null,
    lastAttemptAt: null,
    failureKind: null,
    backoffFailures: 0,
  };
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
    spamReason: row.spam_reason,
    confirmedReasons: row.confirmed_reasons,
    lastAttemptAt: row.last_attempt_at,
    failureKind: row.failure_kind,
    backoffFailures: row.backoff_failures,
  };
}

/**
 * A failure's kind; for a failure an earlier version of the site recorded (it knew no kinds: after a
 * rollback), the kind its status gives.
 */
const KIND = `COALESCE(failure_kind, ${FAILURE_KIND_FROM_STATUS_SQL})`;

const byNewestFirst = (a: Lead, b: Lead) => b.createdAt.localeCompare(a.createdAt);

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
      `INSERT INTO leads (id, created_at, name, email, phone, interests, referral_source, status, attempts, next_attempt_at, submission_key, details_key, submission_id, confirmed_reasons)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?, ?, ?)
       ON CONFLICT (submission_key) DO NOTHING`,
    ),
    insertSpam: db.prepare(
      `INSERT INTO spam_leads (id, created_at, name, email, phone, interests, referral_source, submission_key, details_key, submission_id, reason)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (submission_key) DO NOTHING`,
    ),
    get: db.prepare("SELECT * FROM leads WHERE id = ?"),
    getSpam: db.prepare("SELECT * FROM spam_leads WHERE id = ?"),
    bySubmission: db.prepare("SELECT * FROM leads WHERE submission_key = ?"),
    spamBySubmission: db.prepare("SELECT * FROM spam_leads WHERE submission_key = ?"),
    // A lead stored before details keys counts as a person of its own.
    peopleOfPage: db.prepare(
      "SELECT COUNT(DISTINCT COALESCE(details_key, id)) AS people, COALESCE(MAX(details_key = ?), 0) AS known FROM leads WHERE submission_id BETWEEN ? AND ?",
    ),
    sameEnquiry: db.prepare("SELECT * FROM leads WHERE details_key = ? AND created_at >= ? ORDER BY created_at DESC"),
    sameDetails: db.prepare(
      `SELECT (SELECT COUNT(*) FROM leads WHERE details_key = ?1 AND created_at >= ?2 AND (?3 IS NULL OR submission_key IS NOT ?3))
            + (SELECT COUNT(*) FROM spam_leads WHERE details_key = ?1 AND created_at >= ?2 AND (?3 IS NULL OR submission_key IS NOT ?3))
         AS count`,
    ),
    claim: db.prepare(
      `UPDATE leads SET claimed_by = ?, claimed_until = ?
       WHERE id IN (
         SELECT id FROM leads
         WHERE status = 'pending' AND next_attempt_at <= ?
           AND (claimed_until IS NULL OR claimed_until <= ?)
           AND NOT EXISTS (SELECT 1 FROM delivery_hold WHERE until > ?)
         ORDER BY next_attempt_at, created_at LIMIT ?)
       RETURNING *`,
    ),
    claimEarly: db.prepare(
      `UPDATE leads SET claimed_by = ?, claimed_until = ?
       WHERE id IN (
         SELECT id FROM leads
         WHERE status = 'pending' AND attempts > 0 AND next_attempt_at > ?
           AND ${KIND} IS NOT 'rejected'
           AND (claimed_until IS NULL OR claimed_until <= ?)
           AND NOT EXISTS (SELECT 1 FROM delivery_hold WHERE until > ?)
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
         failure_kind = ?, backoff_failures = COALESCE(?, backoff_failures + 1), last_attempt_at = ?,
         claimed_by = NULL, claimed_until = NULL
       WHERE id = ? AND status = 'pending' AND claimed_by = ?`,
    ),
    backlogDue: db.prepare(
      `UPDATE leads SET next_attempt_at = ?
       WHERE status = 'pending' AND attempts > 0 AND next_attempt_at > ?
         AND (${KIND} IN ('unavailable', 'refused', 'failed') OR (${KIND} = 'rejected' AND last_status = ?))`,
    ),
    mirror: db.prepare("UPDATE leads SET mirror_status = ? WHERE id = ?"),
    lastDelivery: db.prepare("SELECT MAX(delivered_at) AS at FROM leads"),
    hold: db.prepare(
      `INSERT INTO delivery_hold (id, until, status, probe_by, probe_until) VALUES (1, ?, ?, NULL, NULL)
       ON CONFLICT (id) DO UPDATE SET until = MAX(until, excluded.until), status = excluded.status,
         probe_by = NULL, probe_until = NULL`,
    ),
    claimProbe: db.prepare(
      `UPDATE delivery_hold SET probe_by = ?, probe_until = ?
       WHERE id = 1 AND until <= ? AND (probe_by IS NULL OR probe_until <= ?)
       RETURNING id`,
    ),
    readHold: db.prepare("SELECT until, probe_by, probe_until FROM delivery_hold WHERE id = 1"),
    liftHold: db.prepare("DELETE FROM delivery_hold WHERE id = 1 AND probe_by = ? AND until <= ?"),
    endProbe: db.prepare("UPDATE delivery_hold SET probe_by = NULL, probe_until = NULL WHERE id = 1 AND probe_by = ?"),
    all: db.prepare("SELECT * FROM leads ORDER BY created_at DESC"),
    byStatus: db.prepare("SELECT * FROM leads WHERE status = ? ORDER BY created_at DESC"),
    allSpam: db.prepare("SELECT * FROM spam_leads ORDER BY created_at DESC"),
    retryOne: db.prepare("UPDATE leads SET next_attempt_at = ? WHERE id = ? AND status = 'pending'"),
    retryAll: db.prepare("UPDATE leads SET next_attempt_at = ? WHERE status = 'pending' AND attempts > 0"),
    deleteSpam: db.prepare("DELETE FROM spam_leads WHERE id = ?"),
    release: db.prepare(
      `INSERT INTO leads (id, created_at, name, email, phone, interests, referral_source, status, attempts,
         next_attempt_at, submission_key, details_key, submission_id, spam_reason)
       SELECT id, created_at, name, email, phone, interests, referral_source, 'pending', 0, ?, submission_key,
         details_key, submission_id, reason
       FROM spam_leads WHERE id = ?
       ON CONFLICT (submission_key) DO NOTHING`,
    ),
    deleteOne: db.prepare("DELETE FROM leads WHERE id = ?"),
    erase: db.prepare("DELETE FROM leads WHERE lower(email) = lower(?)"),
    eraseSpam: db.prepare("DELETE FROM spam_leads WHERE lower(email) = lower(?)"),
    purge: db.prepare("DELETE FROM leads WHERE status = 'delivered' AND delivered_at < ?"),
    purgeSpam: db.prepare("DELETE FROM spam_leads WHERE created_at < ?"),
    probe: db.prepare(
      "INSERT INTO store_health (id, checked_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at",
    ),
    stats: db.prepare(
      `SELECT
         SUM(status = 'pending') AS pending,
         SUM(status = 'pending' AND attempts > 0) AS retrying,
         SUM(status = 'delivered') AS delivered,
         MIN(CASE WHEN status = 'pending' THEN created_at END) AS oldest,
         (SELECT COUNT(*) FROM spam_leads) AS spam
       FROM leads`,
    ),
    makeSetting: db.prepare("INSERT INTO lead_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING"),
    readSetting: db.prepare("SELECT value FROM lead_settings WHERE key = ?"),
    settingsFrom: db.prepare("SELECT key, value FROM lead_settings WHERE substr(key, 1, ?) = ?"),
    swapSetting: db.prepare("UPDATE lead_settings SET value = ? WHERE key = ? AND value = ?"),
    claimTask: db.prepare(
      `INSERT INTO lead_settings (key, value) VALUES (?, ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE value <= ?
       RETURNING key`,
    ),
    instanceAlive: db.prepare(
      "INSERT INTO lead_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    ),
    instanceStopped: db.prepare("DELETE FROM lead_settings WHERE key = ?"),
    instances: db.prepare("SELECT key, value FROM lead_settings WHERE key LIKE 'instance:%' AND value >= ?"),
    forgetInstances: db.prepare("DELETE FROM lead_settings WHERE key LIKE 'instance:%' AND value < ?"),
  };
  type Statement = keyof typeof statements;
  const write = (statement: Statement, ...values: SQLInputValue[]) =>
    withBusyRetry(() => Number(statements[statement].run(...values).changes));
  const rows = (statement: Statement, ...values: SQLInputValue[]) =>
    withBusyRetry(() => (statements[statement].all(...values) as unknown as Row[]).map(toLead));
  const spamRows = (statement: Statement, ...values: SQLInputValue[]) =>
    withBusyRetry(() => (statements[statement].all(...values) as unknown as SpamRow[]).map(spamToLead));
  const one = <T>(statement: Statement, ...values: SQLInputValue[]) =>
    statements[statement].get(...values) as unknown as T | undefined;
  const iso = () => now().toISOString();
  /**
   * Runs `work` in one write transaction, all of it synchronously (so no other call on this connection
   * lands inside it), retried asynchronously while another connection holds the write lock.
   */
  function transaction<T>(work: () => T): Promise<T> {
    return withBusyRetry(() => {
      db.exec("BEGIN IMMEDIATE");
      try {
        const result = work();
        db.exec("COMMIT");
        return result;
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    });
  }

  /** A stored lead or held spam with this submission key. */
  function storedSubmission(key: string): Lead | null {
    const lead = one<Row>("bySubmission", key);
    if (lead) return toLead(lead);
    const spam = one<SpamRow>("spamBySubmission", key);
    return spam ? spamToLead(spam) : null;
  }

  /** Stores the lead (or spam), unless its submission key is stored already; then null. */
  function insert(
    submission: ContactSubmission,
    key: string | null,
    submissionId: string | null,
    { spamReason = null, confirmedReasons = null }: NewLeadOptions,
  ): Lead | null {
    const id = `lead_${randomUUID()}`;
    const at = iso();
    const values = [
      id,
      at,
      submission.name,
      submission.email,
      submission.phone,
      JSON.stringify(submission.interests),
      submission.referralSource,
    ];
    const details = contactDetailsKey(submission);
    if (spamReason) {
      const inserted = statements.insertSpam.run(
        ...values,
        key,
        details,
        submissionId,
        spamReason.slice(0, 500),
      ).changes;
      return Number(inserted) === 0 ? null : spamToLead(one<SpamRow>("getSpam", id)!);
    }
    const inserted = statements.insert.run(...values, at, key, details, submissionId, confirmedReasons).changes;
    return Number(inserted) === 0 ? null : toLead(one<Row>("get", id)!);
  }

  /** Whether this submission's page carries leads for `people` others, this submission's sender not among them. */
  function pageIsFull(submissionId: string, submission: ContactSubmission, people: number): boolean {
    const { from, to } = submissionIdsOfPage(submissionId);
    const page = one<{ people: number; known: number }>("peopleOfPage", contactDetailsKey(submission), from, to)!;
    return page.known === 0 && page.people >= people;
  }

  return {
    kind: "sqlite",
    location: file,

    async create(submission, options = {}) {
      return transaction(() => insert(submission, null, null, options)!);
    },

    async createOnce(submission, submissionId, { allowance, ...options } = {}) {
      const key = submissionKey(submissionId, submission);
      // One transaction: the submission is looked up in both tables, its page's leads counted, and the
      // submission stored in one of them, once.
      return transaction(() => {
        const stored = storedSubmission(key);
        if (stored) return { lead: stored, repeat: true };
        const usedUp =
          allowance !== undefined && !options.spamReason && pageIsFull(submissionId, submission, allowance.leads);
        const judged = usedUp ? { spamReason: allowance.reason } : options;
        return { lead: insert(submission, key, submissionId, judged)!, repeat: false };
      });
    },

    async findSubmission(submission, submissionId) {
      return storedSubmission(submissionKey(submissionId, submission));
    },

    async findEnquiry(submission, since) {
      const earlier = (
        statements.sameEnquiry.all(contactDetailsKey(submission), since.toISOString()) as unknown as Row[]
      ).map(toLead);
      return earlier.find((lead) => sameInterests(lead.interests, submission.interests)) ?? null;
    },

    async countSameDetails(submission, since, submissionId) {
      const key = submissionId ? submissionKey(submissionId, submission) : null;
      const row = one<{ count: number }>("sameDetails", contactDetailsKey(submission), since.toISOString(), key);
      return row?.count ?? 0;
    },

    async get(id) {
      const row = one<Row>("get", id);
      if (row) return toLead(row);
      const spam = one<SpamRow>("getSpam", id);
      return spam ? spamToLead(spam) : null;
    },

    async claimDue({ worker, leaseMs, limit }) {
      const at = iso();
      const until = new Date(now().getTime() + leaseMs).toISOString();
      const claimed = await rows("claim", worker, until, at, at, at, limit);
      return claimed.sort(
        (a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt) || a.createdAt.localeCompare(b.createdAt),
      );
    },

    async claimEarly({ worker, leaseMs }) {
      const at = iso();
      const until = new Date(now().getTime() + leaseMs).toISOString();
      const [lead] = await rows("claimEarly", worker, until, at, at, at);
      return lead ?? null;
    },

    async nextWakeAt() {
      const at = one<{ at: string | null }>("nextWake")?.at;
      return at ? new Date(at) : null;
    },

    async markDelivered(id) {
      await write("delivered", iso(), id);
    },

    async recordFailure(id, worker, { error, status, nextAttemptAt, kind, backoffFailures }) {
      await write(
        "failed",
        error.slice(0, 300),
        status,
        nextAttemptAt.toISOString(),
        kind ?? failureKindOf(status),
        backoffFailures ?? null,
        iso(),
        id,
        worker,
      );
    },

    makeBacklogDue(sharedStatus) {
      const at = iso();
      return write("backlogDue", at, at, sharedStatus);
    },

    async recordMirror(id, status) {
      await write("mirror", status.slice(0, 100), id);
    },

    async lastDeliveryAt() {
      const at = one<{ at: string | null }>("lastDelivery")?.at;
      return at ? new Date(at) : null;
    },

    async holdDeliveries(until, status) {
      await write("hold", until.toISOString(), status);
    },

    async deliveryGate(worker, leaseMs) {
      const at = iso();
      const claimed = await withBusyRetry(() =>
        statements.claimProbe.all(worker, new Date(now().getTime() + leaseMs).toISOString(), at, at),
      );
      if (claimed.length > 0) return { open: true, probe: true };
      const hold = one<{ until: string; probe_by: string | null; probe_until: string | null }>("readHold");
      if (!hold) return { open: true, probe: false };
      if (hold.until > at) return { open: false, until: new Date(hold.until), reason: "retry-after" };
      return { open: false, until: new Date(hold.probe_until ?? at), reason: "probe" };
    },

    async endProbe(worker, lift) {
      if (lift) await write("liftHold", worker, iso());
      await write("endProbe", worker);
    },

    async list(status) {
      if (status === "spam") return spamRows("allSpam");
      if (status) return rows("byStatus", status);
      return [...(await rows("all")), ...(await spamRows("allSpam"))].sort(byNewestFirst);
    },

    retry: (target) => (typeof target === "string" ? write("retryOne", iso(), target) : write("retryAll", iso())),

    async release(id) {
      return transaction(() => {
        const spam = one<SpamRow & { submission_key: string | null }>("getSpam", id);
        if (!spam) return null;
        const inserted = Number(statements.release.run(iso(), id).changes);
        statements.deleteSpam.run(id);
        if (inserted > 0) return { lead: toLead(one<Row>("get", id)!), alreadyStored: false };
        return { lead: toLead(one<Row>("bySubmission", spam.submission_key!)!), alreadyStored: true };
      });
    },

    delete: (id) =>
      transaction(() => Number(statements.deleteOne.run(id).changes) + Number(statements.deleteSpam.run(id).changes)),
    erase: (email) =>
      transaction(
        () =>
          Number(statements.erase.run(email.trim()).changes) + Number(statements.eraseSpam.run(email.trim()).changes),
      ),
    purgeDelivered: (before) => write("purge", before.toISOString()),
    purgeSpam: (before) => write("purgeSpam", before.toISOString()),

    async stats(): Promise<LeadStats> {
      const row = one<{
        pending: number | null;
        retrying: number | null;
        delivered: number | null;
        oldest: string | null;
        spam: number;
      }>("stats")!;
      return {
        pending: row.pending ?? 0,
        retrying: row.retrying ?? 0,
        delivered: row.delivered ?? 0,
        spam: row.spam,
        oldestPendingAt: row.oldest,
      };
    },

    async probeWrite() {
      await write("probe", iso());
    },

    async sharedSecret(name, make) {
      const key = `secret:${name}`;
      await write("makeSetting", key, make());
      return one<{ value: string }>("readSetting", key)!.value;
    },

    async readSettings(prefix) {
      const found = await withBusyRetry(
        () => statements.settingsFrom.all(prefix.length, prefix) as { key: string; value: string }[],
      );
      return new Map(found.map(({ key, value }) => [key, value]));
    },

    async swapSetting(key, expected, value) {
      if (expected === null) return (await write("makeSetting", key, value)) > 0;
      return (await write("swapSetting", value, key, expected)) > 0;
    },

    async claimPeriodicTask(name, everyMs) {
      const at = now();
      const claimed = await withBusyRetry(() =>
        statements.claimTask.all(`task:${name}`, at.toISOString(), new Date(at.getTime() - everyMs).toISOString()),
      );
      return claimed.length > 0;
    },

    async recordInstance(instance, alive) {
      if (!alive) {
        await write("instanceStopped", `instance:${instance}`);
        return;
      }
      await write("instanceAlive", `instance:${instance}`, iso());
      // A crashed server never says it stopped: its line goes after a day.
      await write("forgetInstances", new Date(now().getTime() - 24 * 60 * 60_000).toISOString());
    },

    async activeInstances(withinMs) {
      const since = new Date(now().getTime() - withinMs).toISOString();
      return (statements.instances.all(since) as { key: string; value: string }[]).map(({ key, value }) => ({
        instance: key.slice("instance:".length),
        seenAt: value,
      }));
    },

    contactLimiter: processContactLimiter,

    async close() {
      if (db.isOpen) db.close();
    },
  };
}

/** Applies the migration steps this file has not had yet, in one transaction. */
function migrate(db: DatabaseSync): void {
  const { user_version: version } = db.prepare("PRAGMA user_version").get() as { user_version: number };
  if (version >= SCHEMA_VERSION) return;
  db.exec("BEGIN IMMEDIATE");
  try {
    for (const step of SQLITE_MIGRATIONS.slice(version)) db.exec(step);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}
