import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ContactSubmission } from "~/domain/contact";
import { startLeadHousekeeping } from "./housekeeping.server.ts";
import {
  eraseInLeftoverStores,
  findLeftoverStores,
  LEFTOVER_STORE_DAYS,
  sweepLeftoverStores,
} from "./leftover-stores.server.ts";
import { openLeadStore } from "./open-store.server.ts";
import { backupSqliteLeads } from "./sqlite-backup.server.ts";
import { restoreSqliteLeads } from "./sqlite-restore.server.ts";

const DAY = 24 * 60 * 60_000;
const RESTORED_AT = new Date("2026-06-01T09:30:15.000Z");
const person = (name: string, email: string): ContactSubmission => ({
  name,
  email,
  phone: "(870) 555-0199",
  interests: ["coworking-space"],
  referralSource: "Event",
});

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "leads-leftovers-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** A store with a lead delivered 400 days before `at`, one delivered yesterday, spam held 40 days, one pending, and Ada's. */
async function seedStore(at: Date): Promise<void> {
  let clock = at;
  const store = await openLeadStore({ dataDir, now: () => clock });
  const daysAgo = (days: number) => {
    clock = new Date(at.getTime() - days * DAY);
  };
  daysAgo(400);
  const old = await store.create(person("Old Delivered", "old@example.com"));
  await store.markDelivered(old.id);
  daysAgo(40);
  await store.create(person("Old Spam", "spam@example.com"), { spamReason: "honeypot filled" });
  daysAgo(1);
  const recent = await store.create(person("Recent Delivered", "recent@example.com"));
  await store.markDelivered(recent.id);
  await store.create(person("Ada Byrne", "ada@example.com"));
  await store.create(person("Ada Byrne", "ADA@example.com"), { spamReason: "a link in the name" });
  await store.create(person("Still Waiting", "waiting@example.com"));
  clock = at;
  await store.close();
}

/** The emails a store file holds, leads and held spam. */
function emailsIn(file: string): string[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db.prepare("SELECT email FROM leads UNION ALL SELECT email FROM spam_leads").all() as {
      email: string;
    }[];
    return rows.map(({ email }) => email.toLowerCase()).sort();
  } finally {
    db.close();
  }
}

describe("the copies of the lead store left in DATA_DIR", () => {
  it("a restore's set-aside store: erased from, purged by the retention, and deleted 30 days after the restore", async () => {
    await seedStore(RESTORED_AT);
    const backup = path.join(dataDir, "backup.sqlite");
    await backupSqliteLeads({ dataDir, target: backup });
    const { setAside } = await restoreSqliteLeads({ dataDir, backup, now: () => RESTORED_AT });
    rmSync(backup);
    expect(setAside).toMatch(/leads\.sqlite\.before-restore-20260601T093015Z$/);

    const [kept, ...others] = findLeftoverStores({ dataDir, usesPostgres: false });
    expect(others).toEqual([]);
    expect(kept).toEqual({
      file: setAside,
      why: "set aside by a restore",
      leftAt: RESTORED_AT,
      deleteAfter: new Date(RESTORED_AT.getTime() + LEFTOVER_STORE_DAYS * DAY),
    });

    // A deletion request reaches it (and the restored store is the site's own, erased by the store).
    const erased = await eraseInLeftoverStores({ dataDir, usesPostgres: false }, "Ada@Example.com");
    expect(erased.map(({ erased }) => erased)).toEqual([2]);
    expect(emailsIn(setAside!)).not.toContain("ada@example.com");

    // The retention reaches it: a lead delivered 400 days ago and spam held 40 days go; the rest stays.
    const swept = await sweepLeftoverStores({
      dataDir,
      usesPostgres: false,
      retentionDays: 365,
      spamDays: 30,
      now: new Date(RESTORED_AT.getTime() + DAY),
    });
    expect(swept.deleted).toEqual([]);
    expect(swept.purged.map(({ leads }) => leads)).toEqual([2]);
    expect(emailsIn(setAside!)).toEqual(["recent@example.com", "waiting@example.com"]);

    // The day its 30 days are over, it goes, with its write-ahead files; the site's own store stays.
    const justBefore = new Date(RESTORED_AT.getTime() + LEFTOVER_STORE_DAYS * DAY - 1_000);
    const notYet = await sweepLeftoverStores({
      dataDir,
      usesPostgres: false,
      retentionDays: 365,
      spamDays: 30,
      now: justBefore,
    });
    expect(notYet.deleted).toEqual([]);
    const gone = await sweepLeftoverStores({
      dataDir,
      usesPostgres: false,
      retentionDays: 365,
      spamDays: 30,
      now: new Date(RESTORED_AT.getTime() + LEFTOVER_STORE_DAYS * DAY),
    });
    expect(gone.deleted.map(({ file }) => file)).toEqual([setAside]);
    expect(readdirSync(dataDir).filter((name) => name.includes("before-restore"))).toEqual([]);
    expect(existsSync(path.join(dataDir, "leads.sqlite"))).toBe(true);
  });

  it("the SQLite store the leads moved to PostgreSQL from: dated by its last write, which the sweep keeps, and deleted 30 days after", async () => {
    const now = new Date();
    await seedStore(now);
    const file = path.join(dataDir, "leads.sqlite");
    const stopped = new Date(now.getTime() - 10 * DAY);
    utimesSync(file, stopped, stopped);

    // On SQLite it is the site's own store, never a leftover.
    expect(findLeftoverStores({ dataDir, usesPostgres: false })).toEqual([]);
    const [left] = findLeftoverStores({ dataDir, usesPostgres: true });
    expect(left).toMatchObject({ file, why: "left by the move to PostgreSQL", leftAt: stopped });

    const swept = await sweepLeftoverStores({ dataDir, usesPostgres: true, retentionDays: 365, spamDays: 30, now });
    expect(swept.purged.map(({ leads }) => leads)).toEqual([2]);
    expect(statSync(file).mtime).toEqual(stopped);
    expect((await eraseInLeftoverStores({ dataDir, usesPostgres: true }, "ada@example.com"))[0]!.erased).toBe(2);
    expect(statSync(file).mtime).toEqual(stopped);

    const sweptOnSqlite = await sweepLeftoverStores({
      dataDir,
      usesPostgres: false,
      retentionDays: 365,
      spamDays: 30,
      now: new Date(now.getTime() + 365 * DAY),
    });
    expect(sweptOnSqlite.deleted).toEqual([]);
    expect(existsSync(file)).toBe(true);

    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const ownDir = mkdtempSync(path.join(tmpdir(), "leads-leftovers-own-"));
    const store = await openLeadStore({ dataDir: ownDir });
    const housekeeping = startLeadHousekeeping({
      store,
      retentionDays: 365,
      instance: "test",
      leftovers: { dataDir, usesPostgres: true },
      now: () => new Date(stopped.getTime() + LEFTOVER_STORE_DAYS * DAY),
      log,
    });
    try {
      await vi.waitFor(() => expect(existsSync(file)).toBe(false));
      expect(log.info).toHaveBeenCalledWith(
        expect.stringMatching(
          /^Lead retention: deleted .*leads\.sqlite, a copy of the leads left by the move to PostgreSQL on \d{4}-\d{2}-\d{2}, kept 30 days\.$/,
        ),
      );
    } finally {
      await housekeeping.stop();
      await store.close();
      rmSync(ownDir, { recursive: true, force: true });
    }
  });
});
