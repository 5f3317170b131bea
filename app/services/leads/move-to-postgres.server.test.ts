import { mkdtempSync, rmSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ContactSubmission } from "~/domain/contact";
import { startTestDatabase, type TestDatabase } from "../../../tests/support/postgres.ts";
import { openLeadStore } from "./index.ts";
import { moveLeadsToPostgres } from "./move-to-postgres.server.ts";

const submission: ContactSubmission = {
  name: "Jordan Reyes",
  email: "jordan.reyes@example.com",
  phone: "(870) 555-0199",
  interests: ["coworking-space", "think-lounge"],
  referralSource: "Event",
};

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.stop();
});

async function sql(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe("moveLeadsToPostgres", () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "leads-move-"));
  });

  afterEach(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await sql(
      "DROP TABLE IF EXISTS leads, spam_leads, lead_settings, delivery_hold, contact_attempts, store_health, lead_schema_migrations",
    );
  });

  it("copies the pending leads with their ids and history, once, and leaves the SQLite file as it was", async () => {
    const clock = new Date("2026-03-05T12:00:00.000Z");
    const sqlite = await openLeadStore({ dataDir, now: () => clock });
    const failing = await sqlite.create(submission);
    const { lead: fresh } = await sqlite.createOnce({ ...submission, name: "Avery Lin", interests: [] }, "form-7");
    const delivered = await sqlite.create({ ...submission, name: "Sam Ortiz" });
    await sqlite.claimDue({ worker: "old-instance", leaseMs: 30_000, limit: 10 });
    await sqlite.recordFailure(failing.id, "old-instance", {
      error: "webhook answered 503",
      status: 503,
      nextAttemptAt: new Date("2026-03-05T12:05:00.000Z"),
    });
    await sqlite.markDelivered(delivered.id);
    const held = await sqlite.create({ ...submission, name: "Held Bot" }, { spamReason: "honeypot filled" });
    const secret = await sqlite.sharedSecret("form-token", () => "the-sqlite-instance-s-form-token-secret");
    const before = await sqlite.list();
    await sqlite.close();

    const first = await moveLeadsToPostgres({ dataDir, databaseUrl: database.url });
    expect(first).toMatchObject({
      pending: 2,
      copied: 2,
      alreadyThere: 0,
      spam: 1,
      spamCopied: 1,
      secrets: [{ name: "form-token", outcome: "copied" }],
    });
    expect(first.destination).not.toContain("@");

    const postgres = await openLeadStore({ dataDir: "unused", databaseUrl: database.url });
    try {
      const moved = await postgres.list("pending");
      expect(moved.map((lead) => lead.id).sort()).toEqual([failing.id, fresh.id].sort());
      expect(await postgres.get(held.id)).toMatchObject({
        status: "spam",
        spamReason: "honeypot filled",
        name: "Held Bot",
      });
      expect(await postgres.get(failing.id)).toMatchObject({
        ...submission,
        status: "pending",
        attempts: 1,
        lastError: "webhook answered 503",
        lastStatus: 503,
        nextAttemptAt: "2026-03-05T12:05:00.000Z",
        createdAt: clock.toISOString(),
      });
      // The old instance's claim is not carried over: any worker may take the lead.
      expect(await postgres.get(fresh.id)).toMatchObject({ name: "Avery Lin", interests: [], claimedBy: null });
      expect(await postgres.get(delivered.id)).toBeNull();
      // The form's submission id came along: the same form sent again is still the same lead.
      const resent = await postgres.createOnce({ ...submission, name: "Avery Lin", interests: [] }, "form-7");
      expect(resent).toMatchObject({ repeat: true, lead: { id: fresh.id } });

      // The forms the SQLite instance rendered verify on every PostgreSQL instance.
      expect(await postgres.sharedSecret("form-token", () => "another")).toBe(secret);
      // Run again (say, after an interruption): nothing is copied twice.
      await postgres.recordMirror(fresh.id, "mirror answered 200");
      const again = await moveLeadsToPostgres({ dataDir, databaseUrl: database.url });
      expect(again).toMatchObject({
        pending: 2,
        copied: 0,
        alreadyThere: 2,
        spamCopied: 0,
        secrets: [{ name: "form-token", outcome: "same" }],
      });
      expect(await postgres.list()).toHaveLength(3);
      expect((await postgres.get(fresh.id))?.mirrorStatus).toBe("mirror answered 200");
    } finally {
      await postgres.close();
    }

    const reopened = await openLeadStore({ dataDir, now: () => clock });
    expect(await reopened.list()).toEqual(before);
    await reopened.close();
  });

  it("keeps a secret PostgreSQL made first, and says the other one differs", async () => {
    const sqlite = await openLeadStore({ dataDir });
    await sqlite.sharedSecret("form-token", () => "the-sqlite-secret");
    await sqlite.close();
    const postgres = await openLeadStore({ dataDir: "unused", databaseUrl: database.url });
    try {
      await postgres.sharedSecret("form-token", () => "the-postgres-secret");
      expect(await moveLeadsToPostgres({ dataDir, databaseUrl: database.url })).toMatchObject({
        secrets: [{ name: "form-token", outcome: "different" }],
      });
      expect(await postgres.sharedSecret("form-token", () => "x")).toBe("the-postgres-secret");
    } finally {
      await postgres.close();
    }
  });

  it("tolerates a column only one of the stores has", async () => {
    const sqlite = await openLeadStore({ dataDir });
    const lead = await sqlite.create(submission);
    await sqlite.close();
    const file = new DatabaseSync(path.join(dataDir, "leads.sqlite"));
    file.exec("ALTER TABLE leads ADD COLUMN local_note TEXT");
    file.close();
    await (await openLeadStore({ dataDir: "unused", databaseUrl: database.url })).close();
    await sql("ALTER TABLE leads ADD COLUMN received_from text DEFAULT 'site'");

    expect(await moveLeadsToPostgres({ dataDir, databaseUrl: database.url })).toMatchObject({ copied: 1 });
    const postgres = await openLeadStore({ dataDir: "unused", databaseUrl: database.url });
    expect((await postgres.get(lead.id))?.email).toBe(submission.email);
    await postgres.close();
  });

  it("says when there is no SQLite store to move, and changes nothing", async () => {
    await expect(
      moveLeadsToPostgres({ dataDir: path.join(dataDir, "missing"), databaseUrl: database.url }),
    ).rejects.toThrow(/There is no SQLite lead store at .*leads\.sqlite/);
  });
});
