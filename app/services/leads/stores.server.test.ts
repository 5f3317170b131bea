import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ContactSubmission } from "~/lib/contact";
import { startTestDatabase, type TestDatabase } from "../../../tests/support/postgres.ts";
import {
  createLeadIntake,
  describeDatabaseUrl,
  leadsToCsv,
  type LeadStore,
  maskEmail,
  maskPhone,
  openLeadStore,
} from "./index.ts";

const submission: ContactSubmission = {
  name: "Jordan Reyes",
  email: "jordan.reyes@example.com",
  phone: "(870) 555-0199",
  interests: ["coworking-space", "think-lounge"],
  referralSource: "Event",
};

let clock: Date;
const later = (ms: number) => new Date(clock.getTime() + ms);

/** The same contract, against the embedded SQLite file and against a real PostgreSQL server. */
const backends = [
  {
    name: "SQLite",
    async setup() {
      const dataDir = mkdtempSync(path.join(tmpdir(), "leads-"));
      return {
        open: () => openLeadStore({ dataDir, now: () => clock }),
        cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: "PostgreSQL",
    async setup() {
      return {
        open: () => openLeadStore({ dataDir: "unused", databaseUrl: database.url, now: () => clock }),
        cleanup: async () => {
          const client = new pg.Client({ connectionString: database.url });
          await client.connect();
          await client.query("DROP TABLE IF EXISTS leads, contact_attempts, store_health, lead_schema_migrations");
          await client.end();
        },
      };
    },
  },
];

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.stop();
});

describe.each(backends)("lead store ($name)", (backend) => {
  let opened: LeadStore[];
  let environment: Awaited<ReturnType<typeof backend.setup>>;

  async function open(): Promise<LeadStore> {
    const store = await environment.open();
    opened.push(store);
    return store;
  }

  const claim = (store: LeadStore, worker = "worker-a", leaseMs = 30_000) =>
    store.claimDue({ worker, leaseMs, limit: 10 });

  beforeEach(async () => {
    clock = new Date("2026-03-05T12:00:00.000Z");
    opened = [];
    environment = await backend.setup();
  });

  afterEach(async () => {
    for (const store of opened) await store.close();
    await environment.cleanup();
  });

  it("stores a lead as pending and due at once", async () => {
    const store = await open();
    const lead = await store.create(submission);
    expect(lead).toMatchObject({ ...submission, status: "pending", attempts: 0, nextAttemptAt: clock.toISOString() });
    expect(lead.id).toMatch(/^lead_[0-9a-f-]{36}$/);
    expect((await claim(store)).map((due) => due.id)).toEqual([lead.id]);
    expect(await store.stats()).toEqual({
      pending: 1,
      retrying: 0,
      delivered: 0,
      oldestPendingAt: clock.toISOString(),
    });
  });

  it("keeps a failed lead pending until its next attempt, then delivers it", async () => {
    const store = await open();
    const lead = await store.create(submission);
    await claim(store);
    await store.recordFailure(lead.id, "worker-a", "webhook answered 503", later(60_000));
    expect(await claim(store)).toEqual([]);
    expect(await store.get(lead.id)).toMatchObject({ attempts: 1, lastError: "webhook answered 503", claimedBy: null });
    expect(await store.nextWakeAt()).toEqual(later(60_000));
    clock = later(60_000);
    expect(await claim(store)).toHaveLength(1);
    await store.markDelivered(lead.id);
    expect(await store.get(lead.id)).toMatchObject({ status: "delivered", attempts: 2, lastError: null });
    expect(await claim(store)).toEqual([]);
    expect(await store.nextWakeAt()).toBeNull();
    expect(await store.stats()).toMatchObject({ pending: 0, delivered: 1 });
  });

  it("lets one worker hold a lead: another cannot claim it until the lease expires", async () => {
    const store = await open();
    const lead = await store.create(submission);
    expect((await claim(store, "worker-a", 30_000)).map((due) => due.id)).toEqual([lead.id]);
    expect(await claim(store, "worker-b")).toEqual([]);
    // A worker may take up its own claim again (to record a delivery the store refused earlier).
    expect(await claim(store, "worker-a")).toHaveLength(1);
    expect(await store.nextWakeAt()).toEqual(later(30_000));
    // worker-a crashed: its lease runs out and worker-b picks the lead up.
    clock = later(30_000);
    expect((await claim(store, "worker-b")).map((due) => due.id)).toEqual([lead.id]);
    // A failure recorded by a worker that no longer holds the lead changes nothing.
    await store.recordFailure(lead.id, "worker-a", "late", later(60_000));
    expect(await store.get(lead.id)).toMatchObject({ attempts: 0, claimedBy: "worker-b" });
  });

  it("never gives one lead to two workers claiming at the same moment", async () => {
    const stores = [await open(), await open()];
    const created = await Promise.all(
      Array.from({ length: 30 }, (_, index) => stores[0]!.create({ ...submission, name: `Person ${index}` })),
    );
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        stores[index % 2]!.claimDue({ worker: `worker-${index}`, leaseMs: 30_000, limit: 5 }),
      ),
    );
    const ids = claims.flat().map((lead) => lead.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(30);
    expect(new Set(ids)).toEqual(new Set(created.map((lead) => lead.id)));
  });

  it("gives back claims a stopping worker will not use", async () => {
    const store = await open();
    const lead = await store.create(submission);
    await claim(store, "worker-a");
    await store.release([lead.id], "worker-a");
    expect((await claim(store, "worker-b")).map((due) => due.id)).toEqual([lead.id]);
  });

  it("still has every pending lead after it is closed and opened again", async () => {
    const first = await open();
    const a = await first.create(submission);
    clock = later(1_000);
    const b = await first.create({ ...submission, name: "Second Person" });
    await first.markDelivered(a.id);
    await first.close();
    const reopened = await open();
    expect((await reopened.list("pending")).map((lead) => lead.id)).toEqual([b.id]);
    expect((await reopened.list()).map((lead) => lead.id)).toEqual([b.id, a.id]);
  });

  it("makes failed leads due again on request", async () => {
    const store = await open();
    const lead = await store.create(submission);
    await claim(store);
    await store.recordFailure(lead.id, "worker-a", "webhook unreachable", later(3_600_000));
    expect(await store.retry({ allFailed: true })).toBe(1);
    expect(await claim(store)).toHaveLength(1);
    expect(await store.retry("lead_unknown")).toBe(0);
  });

  it("deletes one lead, erases a person's leads whatever the case, and purges old delivered ones", async () => {
    const store = await open();
    const jordan = await store.create(submission);
    const jordanAgain = await store.create({ ...submission, email: "Jordan.Reyes@Example.com" });
    const sam = await store.create({ ...submission, name: "Sam Lee", email: "sam@example.com" });
    const kim = await store.create({ ...submission, name: "Kim Park", email: "kim@example.com" });
    await store.markDelivered(sam.id);
    clock = later(86_400_000);
    await store.markDelivered(kim.id);

    expect(await store.erase("jordan.reyes@example.com")).toBe(2);
    expect(await store.get(jordan.id)).toBeNull();
    expect(await store.get(jordanAgain.id)).toBeNull();
    expect(await store.purgeDelivered(new Date("2026-03-06T00:00:00.000Z"))).toBe(1);
    expect(await store.get(sam.id)).toBeNull();
    expect(await store.delete(kim.id)).toBe(1);
    expect(await store.delete(kim.id)).toBe(0);
    expect(await store.list()).toEqual([]);
  });

  it("answers the readiness write probe", async () => {
    const store = await open();
    await expect(store.probeWrite()).resolves.toBeUndefined();
  });

  it("counts the contact limit per client, across every store that shares it", async () => {
    const [first, second] = [await open(), await open()];
    const limits = [first, second].map((store) => store.contactLimiter({ limit: 3, windowMs: 600_000 }));
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => limits[index % 2]!.attempt("203.0.113.7")),
    );
    const allowed = answers.filter((answer) => answer.allowed).length;
    // In PostgreSQL both instances count together; the SQLite store keeps its count in the process.
    expect(allowed).toBe(backend.name === "PostgreSQL" ? 3 : 6);
    expect(await limits[0]!.attempt("198.51.100.1")).toEqual({ allowed: true });
    if (backend.name === "PostgreSQL") {
      expect(await limits[1]!.attempt("203.0.113.7")).toEqual({ allowed: false, retryAfterSeconds: 600 });
      clock = later(600_001);
      expect(await limits[1]!.attempt("203.0.113.7")).toEqual({ allowed: true });
    }
  });

  it("exports CSV with quoting and formula-safe cells", async () => {
    const store = await open();
    await store.create({ ...submission, name: '=HYPERLINK("x")', phone: "+1 870-555-0199" });
    const csv = leadsToCsv(await store.list());
    const [header, row] = csv.split("\r\n");
    expect(header).toBe(
      "id,created_at,name,email,phone,interests,referral_source,status,attempts,next_attempt_at,delivered_at,last_error",
    );
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain("'+1 870-555-0199");
    expect(row).toContain('"coworking-space, think-lounge"');
  });
});

describe("SQLite under lock contention", () => {
  it("waits for another connection's write lock without blocking the event loop", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "leads-locked-"));
    const store = await openLeadStore({ dataDir });
    const { DatabaseSync } = await import("node:sqlite");
    const other = new DatabaseSync(path.join(dataDir, "leads.sqlite"));
    try {
      other.exec("BEGIN IMMEDIATE");
      // The lock is released by a timer in this same process: a store that waited for it
      // synchronously (a long busy_timeout) would block that timer and fail with "database is locked".
      setTimeout(() => other.exec("COMMIT"), 300);
      const lead = await store.create(submission);
      expect(await store.get(lead.id)).toMatchObject({ status: "pending" });
    } finally {
      other.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("lead intake", () => {
  const log = { info: vi.fn(), error: vi.fn() };
  const stored = { id: "lead_1", email: submission.email, phone: submission.phone } as never;
  const allowAll = () => ({ attempt: async () => ({ allowed: true as const }) });

  it("answers failed, never stored, when the store refuses the write", async () => {
    const onStored = vi.fn();
    const intake = createLeadIntake({
      store: {
        create: async () => {
          throw new Error("SQLITE_FULL: database or disk is full");
        },
        contactLimiter: allowAll,
      },
      onStored,
      limit: 5,
      log,
    });
    expect(await intake.submit("203.0.113.7", submission)).toEqual({ status: "failed" });
    expect(onStored).not.toHaveBeenCalled();
  });

  it("answers failed when the shared limit cannot be counted (the database is down)", async () => {
    const intake = createLeadIntake({
      store: {
        create: async () => stored,
        contactLimiter: () => ({
          attempt: async () => {
            throw new Error("connect ECONNREFUSED");
          },
        }),
      },
      onStored: vi.fn(),
      limit: 5,
      log,
    });
    expect(await intake.submit("203.0.113.7", submission)).toEqual({ status: "failed" });
  });

  it("counts IPv6 visitors by their /64", async () => {
    const keys: string[] = [];
    const intake = createLeadIntake({
      store: {
        create: async () => stored,
        contactLimiter: () => ({
          attempt: async (key: string) => {
            keys.push(key);
            return { allowed: true as const };
          },
        }),
      },
      onStored: vi.fn(),
      limit: 5,
      log,
    });
    await intake.submit("2001:db8:85a3:42::1", submission);
    await intake.submit("2001:db8:85a3:42:ffff::2", submission);
    expect(keys).toEqual(["2001:db8:85a3:42::/64", "2001:db8:85a3:42::/64"]);
  });
});

describe("masking", () => {
  it("hides most of an email address and a phone number, and a database password", () => {
    expect(maskEmail("jordan.reyes@example.com")).toBe("j***@e***.com");
    expect(maskPhone("(870) 555-0199")).toBe("***99");
    expect(describeDatabaseUrl("postgres://hub:s3cret@db.internal:5432/hub")).toBe("PostgreSQL db.internal:5432/hub");
  });
});
