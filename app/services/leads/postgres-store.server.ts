import { randomUUID } from "node:crypto";
import pg from "pg";
import type { ContactSubmission } from "~/lib/contact";
import {
  describeDatabaseUrl,
  type Lead,
  type LeadStats,
  type LeadStatus,
  type LeadStore,
  NOT_REJECTED_SQL,
  submissionKey,
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

const MIGRATIONS: string[] = [
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
}

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
      for (const [index, sql] of MIGRATIONS.entries()) {
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

function postgresStore(pool: pg.Pool, location: string, now: () => Date): LeadStore {
  const leads = async (sql: string, values: unknown[] = []) => (await pool.query<Row>(sql, values)).rows.map(toLead);
  const changed = async (sql: string, values: unknown[]) => (await pool.query(sql, values)).rowCount ?? 0;

  /** The new lead, or null when a lead with this submission key is stored already. */
  async function insert(submission: ContactSubmission, key: string | null): Promise<Lead | null> {
    const at = now();
    const [lead] = await leads(
      `INSERT INTO leads (id, created_at, name, email, phone, interests, referral_source, status, attempts, next_attempt_at, submission_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', 0, $2, $8)
       ON CONFLICT (submission_key) DO NOTHING
       RETURNING *`,
      [
        `lead_${randomUUID()}`,
        at,
        submission.name,
        submission.email,
        submission.phone,
        JSON.stringify(submission.interests),
        submission.referralSource,
        key,
      ],
    );
    return lead ?? null;
  }

  return {
    kind: "postgres",
    location,

    async create(submission: ContactSubmission) {
      return (await insert(submission, null))!;
    },

    async createOnce(submission, submissionId) {
      const key = submissionKey(submissionId, submission);
      // Two sends of one form can arrive together: the second insert waits for the first and does
      // nothing; the stored lead is then the answer. (Erased in between: it is stored anew.)
      for (let attempt = 0; attempt < 2; attempt++) {
        const created = await insert(submission, key);
        if (created) return { lead: created, repeat: false };
        const [stored] = await leads("SELECT * FROM leads WHERE submission_key = $1", [key]);
        if (stored) return { lead: stored, repeat: true };
      }
      throw new Error("The lead could not be stored: its submission vanished while it was stored again");
    },

    async get(id) {
      return (await leads("SELECT * FROM leads WHERE id = $1", [id]))[0] ?? null;
    },

    async claimDue({ worker, leaseMs, limit }) {
      const at = now();
      const claimed = await leads(
        `WITH due AS (
           SELECT id FROM leads
           WHERE status = 'pending' AND next_attempt_at <= $3
             AND (claimed_until IS NULL OR claimed_until <= $3)
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
           WHERE status = 'pending' AND attempts > 0 AND next_attempt_at > $3 AND ${NOT_REJECTED_SQL}
             AND (claimed_until IS NULL OR claimed_until <= $3)
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

    async recordFailure(id, worker, { error, status, nextAttemptAt }) {
      await pool.query(
        `UPDATE leads SET attempts = attempts + 1, last_error = $3, last_status = $4, next_attempt_at = $5,
           claimed_by = NULL, claimed_until = NULL
         WHERE id = $1 AND status = 'pending' AND claimed_by = $2`,
        [id, worker, error.slice(0, 300), status, nextAttemptAt],
      );
    },

    makeBacklogDue: (sharedStatus) =>
      changed(
        `UPDATE leads SET next_attempt_at = $1
         WHERE status = 'pending' AND attempts > 0 AND next_attempt_at > $1
           AND (${NOT_REJECTED_SQL} OR last_status = $2)`,
        [now(), sharedStatus],
      ),

    async recordMirror(id, status) {
      await pool.query("UPDATE leads SET mirror_status = $2 WHERE id = $1", [id, status.slice(0, 100)]);
    },

    list: (status) =>
      status
        ? leads("SELECT * FROM leads WHERE status = $1 ORDER BY created_at DESC", [status])
        : leads("SELECT * FROM leads ORDER BY created_at DESC"),

    retry: (target) =>
      typeof target === "string"
        ? changed("UPDATE leads SET next_attempt_at = $2 WHERE id = $1 AND status = 'pending'", [target, now()])
        : changed("UPDATE leads SET next_attempt_at = $1 WHERE status = 'pending' AND attempts > 0", [now()]),

    delete: (id) => changed("DELETE FROM leads WHERE id = $1", [id]),
    erase: (email) => changed("DELETE FROM leads WHERE lower(email) = lower($1)", [email.trim()]),
    purgeDelivered: (before) => changed("DELETE FROM leads WHERE status = 'delivered' AND delivered_at < $1", [before]),

    async stats(): Promise<LeadStats> {
      const { rows } = await pool.query<{ pending: string; retrying: string; delivered: string; oldest: Date | null }>(
        `SELECT
           COUNT(*) FILTER (WHERE status = 'pending') AS pending,
           COUNT(*) FILTER (WHERE status = 'pending' AND attempts > 0) AS retrying,
           COUNT(*) FILTER (WHERE status = 'delivered') AS delivered,
           MIN(created_at) FILTER (WHERE status = 'pending') AS oldest
         FROM leads`,
      );
      const row = rows[0]!;
      return {
        pending: Number(row.pending),
        retrying: Number(row.retrying),
        delivered: Number(row.delivered),
        oldestPendingAt: row.oldest?.toISOString() ?? null,
      };
    },

    async probeWrite() {
      await pool.query(
        "INSERT INTO store_health (id, checked_at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at",
        [now()],
      );
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
