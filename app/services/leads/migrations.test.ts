import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase, type TestDatabase } from "../../../tests/support/postgres.ts";
import { openLeadStore } from "./open-store.server.ts";
import { POSTGRES_MIGRATIONS } from "./postgres-store.server.ts";
import { SQLITE_MIGRATIONS } from "./sqlite-store.server.ts";
import type { Lead, LeadStore } from "./store.server.ts";

/**
 * Upgrades (docs/operations.md): migrations only add, and a store as any earlier migration left it, with leads in
 * it, opens with the current code with nothing lost. A released migration step is never edited: its
 * fingerprint is here, so an edit fails this test (add a step instead, and its fingerprint below).
 */

/** A step's SQL, its spacing aside, hashed. */
const fingerprint = (sql: string) =>
  createHash("sha256").update(sql.replaceAll(/\s+/g, " ").trim()).digest("hex").slice(0, 16);

const RELEASED = {
  sqlite: ["08bc4df81500afff", "4e1e7c9a7fe9cbff", "2ff1776b2437b0cb", "a07e6da5240e41f4", "1077d5778ac98d02"],
  postgres: ["d3a13724934fa38f", "c0631e68aed4baa2", "083d1c3ad804e06e", "86a364c7dd356c55"],
};

describe("migrations", () => {
  it("are never edited once released", () => {
    expect(SQLITE_MIGRATIONS.map(fingerprint)).toEqual(RELEASED.sqlite);
    expect(POSTGRES_MIGRATIONS.map(fingerprint)).toEqual(RELEASED.postgres);
  });

  it("only add: no step drops, renames or deletes anything, or changes a column", () => {
    for (const step of [...SQLITE_MIGRATIONS, ...POSTGRES_MIGRATIONS]) {
      expect(step).not.toMatch(/\b(DROP|RENAME|DELETE|TRUNCATE)\b|ALTER\s+COLUMN|ALTER\s+TABLE\s+\w+\s+(?!ADD\b)/i);
    }
  });
});

/** A lead as an earlier version stored it, in whatever columns that version had. */
interface OldLead {
  id: string;
  status: "pending" | "delivered";
  attempts: number;
  lastError: string | null;
  deliveredAt: string | null;
  lastStatus: number | null;
}

const createdAt = "2026-01-10T09:00:00.000Z";
const oldLeads: OldLead[] = [
  { id: "lead_waiting", status: "pending", attempts: 0, lastError: null, deliveredAt: null, lastStatus: null },
  {
    id: "lead_failing",
    status: "pending",
    attempts: 3,
    lastError: "webhook answered 503",
    deliveredAt: null,
    lastStatus: 503,
  },
  {
    id: "lead_rejected",
    status: "pending",
    attempts: 2,
    lastError: "webhook answered 422",
    deliveredAt: null,
    lastStatus: 422,
  },
  {
    id: "lead_delivered",
    status: "delivered",
    attempts: 1,
    lastError: null,
    deliveredAt: "2026-01-10T09:00:05.000Z",
    lastStatus: null,
  },
];

/** The submission id of lead `index`'s form (32 hex digits, as every form token's). */
const formSubmissionId = (index: number) => `${index}`.repeat(32);

/** The value each column an earlier version had takes for `lead` (a column it did not have is not written). */
function valuesFor(lead: OldLead, index: number): Record<string, unknown> {
  return {
    id: lead.id,
    created_at: createdAt,
    name: `Person ${index}`,
    email: `person${index}@example.com`,
    phone: `(870) 555-010${index}`,
    interests: JSON.stringify(["coworking-space", "partnership"]),
    referral_source: "Event",
    status: lead.status,
    attempts: lead.attempts,
    next_attempt_at: "2026-01-10T09:10:00.000Z",
    last_error: lead.lastError,
    delivered_at: lead.deliveredAt,
    mirror_status: lead.status === "delivered" ? "answered 200" : null,
    claimed_by: null,
    claimed_until: null,
    submission_key: `${formSubmissionId(index)}:hash`,
    last_status: lead.lastStatus,
    // Since the upgrade-safe migrations (docs/operations.md): the columns that version wrote for a lead (its failures' kinds, for one).
    details_key: `details-${index}`,
    spam_reason: null,
    last_attempt_at: lead.attempts > 0 && lead.status === "pending" ? "2026-01-10T09:05:00.000Z" : null,
    failure_kind:
      lead.status === "pending" && lead.attempts > 0 ? (lead.lastStatus === 422 ? "rejected" : "unavailable") : null,
    backoff_failures: lead.status === "pending" ? lead.attempts : 0,
  };
}

/** Every lead kept as it was: its contents, its state and its history. */
async function expectNothingLost(store: LeadStore, version: number, hadSubmissionKeys: boolean): Promise<void> {
  const leads = await store.list();
  expect(leads.map((lead) => lead.id).sort(), `version ${version}`).toEqual(oldLeads.map((lead) => lead.id).sort());
  for (const [index, old] of oldLeads.entries()) {
    const lead = (await store.get(old.id)) as Lead;
    expect(lead, `${old.id} from version ${version}`).toMatchObject({
      createdAt,
      name: `Person ${index}`,
      email: `person${index}@example.com`,
      phone: `(870) 555-010${index}`,
      interests: ["coworking-space", "partnership"],
      referralSource: "Event",
      status: old.status,
      attempts: old.attempts,
      lastError: old.lastError,
      deliveredAt: old.deliveredAt,
      spamReason: null,
    });
  }
  expect(await store.stats()).toMatchObject({ pending: 3, delivered: 1, spam: 0 });
  // The failures' kinds were filled in from their statuses, so a recovery treats them as before.
  if (version >= 3) {
    expect((await store.get("lead_failing"))!.failureKind).toBe("unavailable");
    expect((await store.get("lead_rejected"))!.failureKind).toBe("rejected");
  }
  // Pending leads are delivered by the current code; the new features work on the old store.
  const claimed = await store.claimDue({ worker: "new", leaseMs: 30_000, limit: 10 });
  expect(claimed.map((lead) => lead.id).sort()).toEqual(["lead_failing", "lead_rejected", "lead_waiting"]);
  for (const lead of claimed) await store.markDelivered(lead.id);
  const spam = await store.create(
    {
      name: "Bot",
      email: "bot@example.com",
      phone: "1",
      interests: ["partnership"],
      referralSource: "Other",
    },
    { spamReason: "honeypot filled" },
  );
  expect((await store.release(spam.id))?.lead.status).toBe("pending");
  expect(await store.stats()).toMatchObject({ pending: 1, delivered: 4, spam: 0 });
  // The form token of an old lead still counts it: one more lead from its page than the allowance is held.
  const sameToken = await store.createOnce({ ...submissionOf(0), name: "Another" }, formSubmissionId(0), {
    allowance: { leads: 1, reason: "used up" },
  });
  expect(sameToken.lead.status).toBe(hadSubmissionKeys ? "spam" : "pending");
}

const submissionOf = (index: number) => ({
  name: `Person ${index}`,
  email: `person${index}@example.com`,
  phone: `(870) 555-010${index}`,
  interests: ["coworking-space", "partnership"] as ["coworking-space", "partnership"],
  referralSource: "Event" as const,
});

describe("a SQLite store as each earlier migration left it", () => {
  for (let version = 1; version < SQLITE_MIGRATIONS.length; version++) {
    it(`opens with the current code after migration ${version}, with nothing lost`, async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `leads-v${version}-`));
      try {
        const old = new DatabaseSync(path.join(dataDir, "leads.sqlite"));
        for (const step of SQLITE_MIGRATIONS.slice(0, version)) old.exec(step);
        old.exec(`PRAGMA user_version = ${version}`);
        const columns = (old.prepare("PRAGMA table_info(leads)").all() as { name: string }[]).map(({ name }) => name);
        for (const [index, lead] of oldLeads.entries()) {
          const values = valuesFor(lead, index);
          old
            .prepare(`INSERT INTO leads (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
            .run(...columns.map((name) => values[name] as string | number | null));
        }
        old.close();
        const store = await openLeadStore({ dataDir });
        try {
          await expectNothingLost(store, version, columns.includes("submission_key"));
        } finally {
          await store.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});

describe("a PostgreSQL store as each earlier migration left it", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await startTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.stop();
  });

  for (let version = 1; version < POSTGRES_MIGRATIONS.length; version++) {
    it(`opens with the current code after migration ${version}, with nothing lost`, async () => {
      const url = await database.createDatabase();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      let columns: string[] = [];
      try {
        // As the earlier code's migrate() left it: its steps, and their versions recorded.
        await client.query(
          "CREATE TABLE lead_schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
        );
        for (const [index, step] of POSTGRES_MIGRATIONS.slice(0, version).entries()) {
          await client.query(step);
          await client.query("INSERT INTO lead_schema_migrations (version) VALUES ($1)", [index + 1]);
        }
        const { rows } = await client.query<{ column_name: string }>(
          "SELECT column_name FROM information_schema.columns WHERE table_name = 'leads' ORDER BY ordinal_position",
        );
        columns = rows.map((row) => row.column_name);
        for (const [index, lead] of oldLeads.entries()) {
          const values = valuesFor(lead, index);
          await client.query(
            `INSERT INTO leads (${columns.join(", ")}) VALUES (${columns.map((_, at) => `$${at + 1}`).join(", ")})`,
            columns.map((name) => values[name]),
          );
        }
      } finally {
        await client.end();
      }
      const store = await openLeadStore({ dataDir: "unused", databaseUrl: url });
      try {
        await expectNothingLost(store, version, columns.includes("submission_key"));
      } finally {
        await store.close();
      }
    });
  }
});
