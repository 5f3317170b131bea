import { randomUUID } from "node:crypto";
import pg from "pg";
import type { ContactSubmission } from "~/domain/contact";
import {
  contactDetailsKey,
  describeDatabaseUrl,
  FAILURE_KIND_FROM_STATUS_SQL,
  type FailureKind,
  failureKindOf,
  type Lead,
  type LeadStats,
  type LeadStatus,
  type LeadStore,
  type NewLeadOptions,
  sameInterests,
  submissionIdsOfPage,
  submissionKey,
  type TokenAllowance,
} from "./store.server.ts";
import type { SharedRateLimiter } from "./rate-limit.server.ts";
import { refuseUnsupportedPostgres } from "./postgres-version.server.ts";

/**
 * The lead store in PostgreSQL (DATABASE_URL), shared by every instance of the site: a pool of
 * connections, parameterised queries, the schema migrated at start-up under an advisory lock (so two
 * instances starting together do not race), leads claimed with `FOR UPDATE SKIP LOCKED`, and the
 * contact limit counted in the database so N instances still allow CONTACT_RATE_LIMIT per client.
 */

/** Serialises migrations across instances (any constant shared by every instance of this site). */
const MIGRATION_LOCK = 7_340_211;

/**
 * The schema, one step per version (recorded in `lead_schema_migrations`). Steps are only ever added,
 * never edited: migrations.test.ts holds each released step's fingerprint, builds the database as each
 * earlier step left it, and opens it with this code.
 */
export const POSTGRES_MIGRATIONS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS leads (
     id text PRIMARY KEY,
     created_at timestamptz NOT NULL,
     name text NOT NULL,
     email text NOT NULL,
     phone text NOT NULL,
     interests jsonb NOT NULL,
     referral_source text NOT NULL,
     status text NOT NULL CHECK (status IN ('pending', 'delivered')),
     attempts integer NOT NULL DEFAULT 0,
     next_attempt_at timestamptz NOT NULL,
     last_error text,
     delivered_at timestamptz,
     mirror_status text,
     claimed_by text,
     claimed_until timestamptz
   );
   CREATE INDEX IF NOT EXISTS leads_pending ON leads (next_attempt_at) WHERE status = 'pending';
   CREATE INDEX IF NOT EXISTS leads_email ON leads (lower(email));
   CREATE TABLE IF NOT EXISTS contact_attempts (client_key text NOT NULL, at timestamptz NOT NULL);
   CREATE INDEX IF NOT EXISTS contact_attempts_by_client ON contact_attempts (client_key, at);
   CREATE TABLE IF NOT EXISTS store_health (id integer PRIMARY KEY, checked_at timestamptz NOT NULL);`,
  `ALTER TABLE leads ADD COLUMN IF NOT EXISTS submission_key text;
   ALTER TABLE leads ADD COLUMN IF NOT EXISTS last_status integer;
   CREATE UNIQUE INDEX IF NOT EXISTS leads_submission ON leads (submission_key);`,
  // Spam held back, the webhook's Retry-After, growing backoff only while the webhook accepts nothing,
  // shared secrets and once-a-day tasks (docs/operations.md).
  `ALTER TABLE leads ADD COLUMN IF NOT EXISTS details_key text;
   ALTER TABLE leads ADD COLUMN IF NOT EXISTS spam_reason text;
   ALTER TABLE leads ADD COLUMN IF NOT EXISTS last_attempt_at timestamptz;
   ALTER TABLE leads ADD COLUMN IF NOT EXISTS failure_kind text;
   ALTER TABLE leads ADD COLUMN IF NOT EXISTS backoff_failures integer NOT NULL DEFAULT 0;
   UPDATE leads SET failure_kind = ${FAILURE_KIND_FROM_STATUS_SQL}, backoff_failures = attempts
     WHERE status = 'pending' AND attempts > 0;
   CREATE INDEX IF NOT EXISTS leads_details ON leads (details_key, created_at);
   CREATE INDEX IF NOT EXISTS leads_delivered_at ON leads (delivered_at);
   CREATE TABLE IF NOT EXISTS spam_leads (
     id text PRIMARY KEY,
     created_at timestamptz NOT NULL,
     name text NOT NULL,
     email text NOT NULL,
     phone text NOT NULL,
     interests jsonb NOT NULL,
     referral_source text NOT NULL,
     submission_key text,
     details_key text,
     reason text NOT NULL
   );
   CREATE UNIQUE INDEX IF NOT EXISTS spam_leads_submission ON spam_leads (submission_key);
   CREATE INDEX IF NOT EXISTS spam_leads_details ON spam_leads (details_key, created_at);
   CREATE INDEX IF NOT EXISTS spam_leads_email ON spam_leads (lower(email));
   CREATE INDEX IF NOT EXISTS spam_leads_created ON spam_leads (created_at);
   CREATE TABLE IF NOT EXISTS lead_settings (key text PRIMARY KEY, value text NOT NULL);
   CREATE TABLE IF NOT EXISTS delivery_hold (
     id integer PRIMARY KEY CHECK (id = 1),
     until timestamptz NOT NULL,
     status integer,
     probe_by text,
     probe_until timestamptz
   );`,
  // Leads per form token, and what a visitor confirmed before sending (docs/decisions/030-spam-hard-and-soft.md).
  `ALTER TABLE leads ADD COLUMN IF NOT EXISTS submission_id text;
   ALTER TABLE leads ADD COLUMN IF NOT EXISTS confirmed_reasons text;
   ALTER TABLE spam_leads ADD COLUMN IF NOT EXISTS submission_id text;
   UPDATE leads SET submission_id = split_part(submission_key, ':', 1) WHERE position(':' in submission_key) > 1;
   UPDATE spam_leads SET submission_id = split_part(submission_key, ':', 1) WHERE position(':' in submission_key) > 1;
   CREATE INDEX IF NOT EXISTS leads_submission_id ON leads (submission_id);`,
];

interface Row {
  id: string;
  created_at: Date;
  name: string;
  email: string;
  phone: string;
  interests: Lead["interests"];
  referral_source: string;
  status: LeadStatus;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  last_status: number | null;
  delivered_at: Date | null;
  mirror_status: string | null;
  claimed_by: string | null;
  claimed_until: Date | null;
  spam_reason: string | null;
  confirmed_reasons: string | null;
  last_attempt_at: Date | null;
  failure_kind: FailureKind | null;
  backoff_failures: number;
}

interface SpamRow {
  id: string;
  created_at: Date;
  name: string;
  email: string;
  phone: string;
  interests: Lead["interests"];
  referral_source: string;
  submission_key: string | null;
  reason: string;
}

function spamToLead(row: SpamRow): Lead {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    name: row.name,
    email: row.email,
    phone: row.phone,
    interests: row.interests,
    referralSource: row.referral_source as Lead["referralSource"],
    status: "spam",
    attempts: 0,
    nextAttemptAt: row.created_at.toISOString(),
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

/**
 * A failure's kind; for a failure an earlier version of the site recorded (it knew no kinds: after a
 * rollback), the kind its status gives.
 */
const KIND = `COALESCE(failure_kind, ${FAILURE_KIND_FROM_STATUS_SQL})`;

const byNewestFirst = (a: Lead, b: Lead) => b.createdAt.localeCompare(a.createdAt);

function toLead(row: Row): Lead {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    name: row.name,
    email: row.email,
    phone: row.phone,
    interests: row.interests,
    referralSource: row.referral_source as Lead["referralSource"],
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at.toISOString(),
    lastError: row.last_error,
    lastStatus: row.last_status,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    mirrorStatus: row.mirror_status,
    claimedBy: row.claimed_by,
    claimedUntil: row.claimed_until?.toISOString() ?? null,
    spamReason: row.spam_reason,
    confirmedReasons: row.confirmed_reasons,
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    failureKind: row.failure_kind,
    backoffFailures: row.backoff_failures,
  };
}

/**
 * How long a statement may take. The client's timeout alone only stops waiting: the statement keeps
 * running on the server and can still commit. So the server cancels a statement first (its own
 * `statement_timeout`, below the client's), and ends a session left idle inside a transaction (a client
 * that went away mid-transaction, its connection half-open) rather than holding its locks.
 */
export interface PostgresTimeouts {
  queryMs: number;
  statementMs: number;
  idleInTransactionMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = {
  queryMs: 10_000,
  statementMs: 8_000,
  idleInTransactionMs: 10_000,
};

export async function openPostgresLeadStore({
  url,
  now = () => new Date(),
  poolSize = 10,
  timeouts = DEFAULT_POSTGRES_TIMEOUTS,
}: {
  url: string;
  now?: () => Date;
  poolSize?: number;
  timeouts?: PostgresTimeouts;
}): Promise<LeadStore> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A query that hangs must not hold a visitor's request (or the worker) for ever.
    query_timeout: timeouts.queryMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // A connection whose peer vanished (a half-open TCP connection) is noticed rather than kept.
    keepAlive: true,
    application_name: "hub-website",
  });
  // An idle connection that breaks (the server restarts) is dropped by the pool; without a listener the
  // error would end the process.
  pool.on("error", (error) => console.warn("A PostgreSQL connection of the lead store failed:", error.message));
  try {
    await refuseUnsupportedPostgres((sql) => pool.query(sql));
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return postgresStore(pool, describeDatabaseUrl(url), now);
}

/**
 * Runs `work` on a connection of its own and gives the connection back. On any failure it is given
 * back with the error, which closes it: after a timeout it may still be inside a transaction, or still
 * running a statement, and the next caller's insert would run in that transaction (and vanish with it).
 */
async function withConnection<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    const result = await work(client);
    client.release();
    return result;
  } catch (error) {
    client.release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

async function migrate(pool: pg.Pool): Promise<void> {
  await withConnection(pool, async (client) => {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await client.query(
        "CREATE TABLE IF NOT EXISTS lead_schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
      );
      const { rows } = await client.query<{ version: number }>("SELECT version FROM lead_schema_migrations");
      const applied = new Set(rows.map((row) => row.version));
      for (const [index, sql] of POSTGRES_MIGRATIONS.entries()) {
        const version = index + 1;
        if (applied.has(version)) continue;
        // A failure leaves the transaction open; the connection is then closed, which rolls it back.
        await client.query("BEGIN");
        await client.query(sql);
        await client.query("INSERT INTO lead_schema_migrations (version) VALUES ($1)", [version]);
        await client.query("COMMIT");
      }
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    }
  });
}

/** Runs `work` in one transaction on a connection of its own (see `withConnection` for failures). */
function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return withConnection(pool, async (client) => {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  });
}

/**
 * One statement each, committed on its own: a lead stored, or nothing when its submission is stored
 * already (in this table, by the unique key, or held in the other one). A statement whose answer is lost
 * (a connection that stalls) has committed or not as a whole, and the form sent again finds it.
 */
const INSERT_LEAD = `INSERT INTO leads (id, created_at, name, email, phone, interests, referral_source, status, attempts, next_attempt_at, submission_key, details_key, submission_id, confirmed_reasons)
  SELECT $1, $2::timestamptz, $3, $4, $5, $6::jsonb, $7, 'pending', 0, $2::timestamptz, $8::text, $9, $10, $11
  WHERE $8::text IS NULL OR NOT EXISTS (SELECT 1 FROM spam_leads WHERE submission_key = $8::text)
  ON CONFLICT (submission_key) DO NOTHING
  RETURNING *`;
const INSERT_SPAM = `INSERT INTO spam_leads (id, created_at, name, email, phone, interests, referral_source, submission_key, details_key, submission_id, reason)
  SELECT $1, $2::timestamptz, $3, $4, $5, $6::jsonb, $7, $8::text, $9, $10, $11
  WHERE $8::text IS NULL OR NOT EXISTS (SELECT 1 FROM leads WHERE submission_key = $8::text)
  ON CONFLICT (submission_key) DO NOTHING
  RETURNING *`;

/** A pool, or one of its connections inside a transaction. */
type Queryable = Pick<pg.Pool, "query">;

function postgresStore(pool: pg.Pool, location: string, now: () => Date): LeadStore {
  const leads = async (sql: string, values: unknown[] = []) => (await pool.query<Row>(sql, values)).rows.map(toLead);
  const changed = async (sql: string, values: unknown[]) => (await pool.query(sql, values)).rowCount ?? 0;
  const spam = async (sql: string, values: unknown[] = []) =>
    (await pool.query<SpamRow>(sql, values)).rows.map(spamToLead);

  /** Stores the lead (or spam), unless its submission key is stored already; then null. */
  async function insert(
    client: Queryable,
    submission: ContactSubmission,
    key: string | null,
    submissionId: string | null,
    { spamReason = null, confirmedReasons = null }: NewLeadOptions,
  ): Promise<Lead | null> {
    const values = [
      `lead_${randomUUID()}`,
      now(),
      submission.name,
      submission.email,
      submission.phone,
      JSON.stringify(submission.interests),
      submission.referralSource,
      key,
      contactDetailsKey(submission),
      submissionId,
    ];
    if (spamReason) {
      const { rows } = await client.query<SpamRow>(INSERT_SPAM, [...values, spamReason.slice(0, 500)]);
      return rows[0] ? spamToLead(rows[0]) : null;
    }
    const { rows } = await client.query<Row>(INSERT_LEAD, [...values, confirmedReasons]);
    return rows[0] ? toLead(rows[0]) : null;
  }

  /** A stored lead or held spam with this submission key. */
  async function storedSubmission(key: string, client: Queryable = pool): Promise<Lead | null> {
    const { rows } = await client.query<Row>("SELECT * FROM leads WHERE submission_key = $1", [key]);
    if (rows[0]) return toLead(rows[0]);
    const held = await client.query<SpamRow>("SELECT * FROM spam_leads WHERE submission_key = $1", [key]);
    return held.rows[0] ? spamToLead(held.rows[0]) : null;
  }

  /**
   * Stores a new submission that its token's allowance may hold as spam: the token's leads counted and
   * the submission stored in one transaction, under a lock on the token, so two instances storing at
   * once cannot both take its last place.
   */
  function createCounted(
    submission: ContactSubmission,
    submissionId: string,
    key: string,
    allowance: TokenAllowance,
    options: NewLeadOptions,
  ): Promise<{ lead: Lead; repeat: boolean }> {
    return inTransaction(pool, async (client) => {
      const page = submissionIdsOfPage(submissionId);
      await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`form-page:${page.root}`]);
      const stored = await storedSubmission(key, client);
      if (stored) return { lead: stored, repeat: true };
      // The people (contact details) whose leads came from this page, and whether this sender is one (a
      // lead stored before details keys counts as a person of its own).
      const { rows } = await client.query<{ people: string; known: boolean }>(
        `SELECT COUNT(DISTINCT COALESCE(details_key, id)) AS people, COALESCE(bool_or(details_key = $3), false) AS known
           FROM leads WHERE submission_id BETWEEN $1 AND $2`,
        [page.from, page.to, contactDetailsKey(submission)],
      );
      const full = !rows[0]!.known && Number(rows[0]!.people) >= allowance.leads;
      const judged = full ? { spamReason: allowance.reason } : options;
      const created = await insert(client, submission, key, submissionId, judged);
      // Held meanwhile by a send judged without the lock (a hard signal): that is the answer.
      const lead = created ?? (await storedSubmission(key, client));
      if (!lead) throw new Error("The lead could not be stored: its submission vanished while it was stored");
      return { lead, repeat: created === null };
    });
  }

  return {
    kind: "postgres",
    location,

    async create(submission, options = {}) {
      return (await insert(pool, submission, null, null, options))!;
    },

    async createOnce(submission, submissionId, { allowance, ...options } = {}) {
      const key = submissionKey(submissionId, submission);
      if (allowance && !options.spamReason) return createCounted(submission, submissionId, key, allowance, options);
      // Two sends of one form can arrive together: the second insert waits for the first and does
      // nothing; the stored lead (or held spam) is then the answer. (Erased in between: stored anew.)
      // Two sends judged differently at the same moment could each land in its own table: staff
      // releasing the held copy then get the stored lead (`release`).
      for (let attempt = 0; attempt < 2; attempt++) {
        const created = await insert(pool, submission, key, submissionId, options);
        if (created) return { lead: created, repeat: false };
        const stored = await storedSubmission(key);
        if (stored) return { lead: stored, repeat: true };
      }
      throw new Error("The lead could not be stored: its submission vanished while it was stored again");
    },

    findSubmission: (submission, submissionId) => storedSubmission(submissionKey(submissionId, submission)),

    async findEnquiry(submission, since) {
      const earlier = await leads(
        "SELECT * FROM leads WHERE details_key = $1 AND created_at >= $2 ORDER BY created_at DESC",
        [contactDetailsKey(submission), since],
      );
      return earlier.find((lead) => sameInterests(lead.interests, submission.interests)) ?? null;
    },

    async countSameDetails(submission, since, submissionId) {
      const key = submissionId ? submissionKey(submissionId, submission) : null;
      const { rows } = await pool.query<{ count: string }>(
        `SELECT (SELECT COUNT(*) FROM leads WHERE details_key = $1 AND created_at >= $2 AND ($3::text IS NULL OR submission_key IS DISTINCT FROM $3))
              + (SELECT COUNT(*) FROM spam_leads WHERE details_key = $1 AND created_at >= $2 AND ($3::text IS NULL OR submission_key IS DISTINCT FROM $3))
           AS count`,
        [contactDetailsKey(submission), since, key],
      );
      return Number(rows[0]?.count ?? 0);
    },

    async get(id) {
      const [lead] = await leads("SELECT * FROM leads WHERE id = $1", [id]);
      if (lead) return lead;
      return (await spam("SELECT * FROM spam_leads WHERE id = $1", [id]))[0] ?? null;
    },

    async claimDue({ worker, leaseMs, limit }) {
      const at = now();
      const claimed = await leads(
        `WITH due AS (
           SELECT id FROM leads
           WHERE status = 'pending' AND next_attempt_at <= $3
             AND (claimed_until IS NULL OR claimed_until <= $3)
             AND NOT EXISTS (SELECT 1 FROM delivery_hold WHERE until > $3)
           ORDER BY next_attempt_at, created_at
           LIMIT $4
           FOR UPDATE SKIP LOCKED)
         UPDATE leads SET claimed_by = $1, claimed_until = $2
         FROM due WHERE leads.id = due.id
         RETURNING leads.*`,
        [worker, new Date(at.getTime() + leaseMs), at, limit],
      );
      return claimed.sort(
        (a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt) || a.createdAt.localeCompare(b.createdAt),
      );
    },

    async claimEarly({ worker, leaseMs }) {
      const at = now();
      const [lead] = await leads(
        `WITH next AS (
           SELECT id FROM leads
           WHERE status = 'pending' AND attempts > 0 AND next_attempt_at > $3
             AND ${KIND} IS DISTINCT FROM 'rejected'
             AND (claimed_until IS NULL OR claimed_until <= $3)
             AND NOT EXISTS (SELECT 1 FROM delivery_hold WHERE until > $3)
           ORDER BY next_attempt_at, created_at
           LIMIT 1
           FOR UPDATE SKIP LOCKED)
         UPDATE leads SET claimed_by = $1, claimed_until = $2
         FROM next WHERE leads.id = next.id
         RETURNING leads.*`,
        [worker, new Date(at.getTime() + leaseMs), at],
      );
      return lead ?? null;
    },

    async nextWakeAt() {
      const { rows } = await pool.query<{ at: Date | null }>(
        "SELECT MIN(GREATEST(next_attempt_at, claimed_until)) AS at FROM leads WHERE status = 'pending'",
      );
      return rows[0]?.at ?? null;
    },

    async markDelivered(id) {
      await pool.query(
        `UPDATE leads SET status = 'delivered', delivered_at = $2, attempts = attempts + 1, last_error = NULL,
           claimed_by = NULL, claimed_until = NULL
         WHERE id = $1 AND status = 'pending'`,
        [id, now()],
      );
    },

    async recordFailure(id, worker, { error, status, nextAttemptAt, kind, backoffFailures }) {
      await pool.query(
        `UPDATE leads SET attempts = attempts + 1, last_error = $3, last_status = $4, next_attempt_at = $5,
           failure_kind = $6, backoff_failures = COALESCE($7, backoff_failures + 1), last_attempt_at = $8,
           claimed_by = NULL, claimed_until = NULL
         WHERE id = $1 AND status = 'pending' AND claimed_by = $2`,
        [
          id,
          worker,
          error.slice(0, 300),
          status,
          nextAttemptAt,
          kind ?? failureKindOf(status),
          backoffFailures ?? null,
          now(),
        ],
      );
    },

    makeBacklogDue: (sharedStatus) =>
      changed(
        `UPDATE leads SET next_attempt_at = $1
         WHERE status = 'pending' AND attempts > 0 AND next_attempt_at > $1
           AND (${KIND} IN ('unavailable', 'refused', 'failed') OR (${KIND} = 'rejected' AND last_status = $2))`,
        [now(), sharedStatus],
      ),

    async recordMirror(id, status) {
      await pool.query("UPDATE leads SET mirror_status = $2 WHERE id = $1", [id, status.slice(0, 100)]);
    },

    async lastDeliveryAt() {
      const { rows } = await pool.query<{ at: Date | null }>("SELECT MAX(delivered_at) AS at FROM leads");
      return rows[0]?.at ?? null;
    },

    async holdDeliveries(until, status) {
      await pool.query(
        `INSERT INTO delivery_hold (id, until, status, probe_by, probe_until) VALUES (1, $1, $2, NULL, NULL)
         ON CONFLICT (id) DO UPDATE SET until = GREATEST(delivery_hold.until, excluded.until),
           status = excluded.status, probe_by = NULL, probe_until = NULL`,
        [until, status],
      );
    },

    async deliveryGate(worker, leaseMs) {
      const at = now();
      const claimed = await pool.query(
        `UPDATE delivery_hold SET probe_by = $1, probe_until = $2
         WHERE id = 1 AND until <= $3 AND (probe_by IS NULL OR probe_until <= $3)
         RETURNING id`,
        [worker, new Date(at.getTime() + leaseMs), at],
      );
      if ((claimed.rowCount ?? 0) > 0) return { open: true, probe: true };
      const { rows } = await pool.query<{ until: Date; probe_until: Date | null }>(
        "SELECT until, probe_until FROM delivery_hold WHERE id = 1",
      );
      const hold = rows[0];
      if (!hold) return { open: true, probe: false };
      if (hold.until > at) return { open: false, until: hold.until, reason: "retry-after" };
      return { open: false, until: hold.probe_until ?? at, reason: "probe" };
    },

    async endProbe(worker, lift) {
      if (lift) {
        await pool.query("DELETE FROM delivery_hold WHERE id = 1 AND probe_by = $1 AND until <= $2", [worker, now()]);
      }
      await pool.query("UPDATE delivery_hold SET probe_by = NULL, probe_until = NULL WHERE id = 1 AND probe_by = $1", [
        worker,
      ]);
    },

    async list(status?: LeadStatus) {
      const held = () => spam("SELECT * FROM spam_leads ORDER BY created_at DESC");
      if (status === "spam") return held();
      if (status) return leads("SELECT * FROM leads WHERE status = $1 ORDER BY created_at DESC", [status]);
      return [...(await leads("SELECT * FROM leads ORDER BY created_at DESC")), ...(await held())].sort(byNewestFirst);
    },

    retry: (target) =>
      typeof target === "string"
        ? changed("UPDATE leads SET next_attempt_at = $2 WHERE id = $1 AND status = 'pending'", [target, now()])
        : changed("UPDATE leads SET next_attempt_at = $1 WHERE status = 'pending' AND attempts > 0", [now()]),

    release: (id) =>
      inTransaction(pool, async (client) => {
        const { rows } = await client.query<SpamRow & { details_key: string | null; submission_id: string | null }>(
          "DELETE FROM spam_leads WHERE id = $1 RETURNING *",
          [id],
        );
        const held = rows[0];
        if (!held) return null;
        const inserted = await client.query<Row>(
          `INSERT INTO leads (id, created_at, name, email, phone, interests, referral_source, status, attempts,
             next_attempt_at, submission_key, details_key, spam_reason, submission_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', 0, $8, $9, $10, $11, $12)
           ON CONFLICT (submission_key) DO NOTHING
           RETURNING *`,
          [
            held.id,
            held.created_at,
            held.name,
            held.email,
            held.phone,
            JSON.stringify(held.interests),
            held.referral_source,
            now(),
            held.submission_key,
            held.details_key,
            held.reason,
            held.submission_id,
          ],
        );
        if (inserted.rows[0]) return { lead: toLead(inserted.rows[0]), alreadyStored: false };
        const stored = await client.query<Row>("SELECT * FROM leads WHERE submission_key = $1", [held.submission_key]);
        return { lead: toLead(stored.rows[0]!), alreadyStored: true };
      }),

    delete: async (id) =>
      (await changed("DELETE FROM leads WHERE id = $1", [id])) +
      (await changed("DELETE FROM spam_leads WHERE id = $1", [id])),
    erase: async (email) =>
      (await changed("DELETE FROM leads WHERE lower(email) = lower($1)", [email.trim()])) +
      (await changed("DELETE FROM spam_leads WHERE lower(email) = lower($1)", [email.trim()])),
    purgeDelivered: (before) => changed("DELETE FROM leads WHERE status = 'delivered' AND delivered_at < $1", [before]),
    purgeSpam: (before) => changed("DELETE FROM spam_leads WHERE created_at < $1", [before]),

    async stats(): Promise<LeadStats> {
      const { rows } = await pool.query<{
        pending: string;
        retrying: string;
        delivered: string;
        spam: string;
        oldest: Date | null;
      }>(
        `SELECT
           COUNT(*) FILTER (WHERE status = 'pending') AS pending,
           COUNT(*) FILTER (WHERE status = 'pending' AND attempts > 0) AS retrying,
           COUNT(*) FILTER (WHERE status = 'delivered') AS delivered,
           MIN(created_at) FILTER (WHERE status = 'pending') AS oldest,
           (SELECT COUNT(*) FROM spam_leads) AS spam
         FROM leads`,
      );
      const row = rows[0]!;
      return {
        pending: Number(row.pending),
        retrying: Number(row.retrying),
        delivered: Number(row.delivered),
        spam: Number(row.spam),
        oldestPendingAt: row.oldest?.toISOString() ?? null,
      };
    },

    async probeWrite() {
      await pool.query(
        "INSERT INTO store_health (id, checked_at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at",
        [now()],
      );
    },

    async sharedSecret(name, make) {
      const key = `secret:${name}`;
      await pool.query("INSERT INTO lead_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", [
        key,
        make(),
      ]);
      const { rows } = await pool.query<{ value: string }>("SELECT value FROM lead_settings WHERE key = $1", [key]);
      return rows[0]!.value;
    },

    async readSettings(prefix) {
      const { rows } = await pool.query<{ key: string; value: string }>(
        "SELECT key, value FROM lead_settings WHERE starts_with(key, $1)",
        [prefix],
      );
      return new Map(rows.map(({ key, value }) => [key, value]));
    },

    async swapSetting(key, expected, value) {
      const { rowCount } =
        expected === null
          ? await pool.query("INSERT INTO lead_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", [
              key,
              value,
            ])
          : await pool.query("UPDATE lead_settings SET value = $1 WHERE key = $2 AND value = $3", [
              value,
              key,
              expected,
            ]);
      return (rowCount ?? 0) > 0;
    },

    async claimPeriodicTask(name, everyMs) {
      const at = now();
      const { rowCount } = await pool.query(
        `INSERT INTO lead_settings (key, value) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE lead_settings.value <= $3
         RETURNING key`,
        [`task:${name}`, at.toISOString(), new Date(at.getTime() - everyMs).toISOString()],
      );
      return (rowCount ?? 0) > 0;
    },

    async recordInstance(instance, alive) {
      const key = `instance:${instance}`;
      if (!alive) {
        await pool.query("DELETE FROM lead_settings WHERE key = $1", [key]);
        return;
      }
      await pool.query(
        "INSERT INTO lead_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [key, now().toISOString()],
      );
      // A crashed server never says it stopped: its line goes after a day.
      await pool.query("DELETE FROM lead_settings WHERE key LIKE 'instance:%' AND value < $1", [
        new Date(now().getTime() - 24 * 60 * 60_000).toISOString(),
      ]);
    },

    async activeInstances(withinMs) {
      const { rows } = await pool.query<{ key: string; value: string }>(
        "SELECT key, value FROM lead_settings WHERE key LIKE 'instance:%' AND value >= $1",
        [new Date(now().getTime() - withinMs).toISOString()],
      );
      return rows.map(({ key, value }) => ({ instance: key.slice("instance:".length), seenAt: value }));
    },

    contactLimiter: (options) => databaseContactLimiter(pool, now, options),

    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}

/**
 * CONTACT_RATE_LIMIT counted in the database: one transaction per attempt, serialised per client by
 * an advisory lock, so concurrent attempts on several instances cannot both take the last place.
 */
function databaseContactLimiter(
  pool: pg.Pool,
  now: () => Date,
  { limit, windowMs }: { limit: number; windowMs: number },
): SharedRateLimiter {
  return {
    attempt(clientKey) {
      const at = now();
      const windowStart = new Date(at.getTime() - windowMs);
      // A failure leaves the transaction open; withConnection then closes the connection, which rolls it back.
      return withConnection(pool, async (client) => {
        await client.query("BEGIN");
        await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`contact:${clientKey}`]);
        await client.query("DELETE FROM contact_attempts WHERE client_key = $1 AND at <= $2", [clientKey, windowStart]);
        const { rows } = await client.query<{ count: string; first: Date | null }>(
          "SELECT COUNT(*) AS count, MIN(at) AS first FROM contact_attempts WHERE client_key = $1",
          [clientKey],
        );
        const { count, first } = rows[0]!;
        if (Number(count) >= limit) {
          await client.query("COMMIT");
          const waitMs = (first?.getTime() ?? at.getTime()) + windowMs - at.getTime();
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
        }
        await client.query("INSERT INTO contact_attempts (client_key, at) VALUES ($1, $2)", [clientKey, at]);
        // Now and then, forget other clients' expired attempts too, so the table stays small.
        if (Math.random() < 0.01) await client.query("DELETE FROM contact_attempts WHERE at <= $1", [windowStart]);
        await client.query("COMMIT");
        return { allowed: true } as const;
      });
    },
  };
}
