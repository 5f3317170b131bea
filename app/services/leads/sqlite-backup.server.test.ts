import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ContactSubmission } from "~/domain/contact";
import { type LeadStore, openLeadStore } from "./index.ts";
import { backupSqliteLeads } from "./sqlite-backup.server.ts";

const submission: ContactSubmission = {
  name: "Jordan Reyes",
  email: "jordan.reyes@example.com",
  phone: "(870) 555-0199",
  interests: ["coworking-space"],
  referralSource: "Event",
};

describe("backupSqliteLeads", () => {
  let work: string;
  let dataDir: string;
  let store: LeadStore | null;

  beforeEach(() => {
    work = mkdtempSync(path.join(tmpdir(), "leads-backup-"));
    dataDir = path.join(work, "data");
    store = null;
  });

  afterEach(async () => {
    await store?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("copies every committed lead, including those still only in the write-ahead log, while the store is open", async () => {
    store = await openLeadStore({ dataDir });
    const created = [await store.create(submission), await store.create({ ...submission, name: "Avery Lin" })];
    await store.markDelivered(created[0]!.id);
    await store.create({ ...submission, name: "Held Bot" }, { spamReason: "honeypot filled" });
    // The site is running: recent writes sit in leads.sqlite-wal, not yet in leads.sqlite.
    expect(statSync(path.join(dataDir, "leads.sqlite-wal")).size).toBeGreaterThan(0);

    const target = path.join(work, "backup.sqlite");
    const result = await backupSqliteLeads({ dataDir, target });
    expect(result).toMatchObject({ target, leads: 3, spam: 1 });
    expect(result.bytes).toBeGreaterThan(0);

    // The copy is one self-contained file (no WAL of its own) that a store opens as it is.
    expect(existsSync(`${target}-wal`)).toBe(false);
    const copy = new DatabaseSync(target, { readOnly: true });
    const rows = copy.prepare("SELECT id, status, name FROM leads ORDER BY name").all();
    copy.close();
    expect(rows).toEqual([
      { id: created[1]!.id, status: "pending", name: "Avery Lin" },
      { id: created[0]!.id, status: "delivered", name: "Jordan Reyes" },
    ]);
    // The store keeps working afterwards.
    await store.create(submission);
    expect((await store.stats()).pending).toBe(2);
  });

  it("never overwrites a file, and says what is missing", async () => {
    store = await openLeadStore({ dataDir });
    const existing = path.join(work, "existing.sqlite");
    writeFileSync(existing, "an earlier backup");
    await expect(backupSqliteLeads({ dataDir, target: existing })).rejects.toThrow(/already exists; name a new file/);
    await expect(backupSqliteLeads({ dataDir, target: path.join(work, "nowhere", "b.sqlite") })).rejects.toThrow(
      /folder .*nowhere does not exist/,
    );
    await expect(
      backupSqliteLeads({ dataDir: path.join(work, "empty"), target: path.join(work, "c.sqlite") }),
    ).rejects.toThrow(/There is no lead store at .*leads\.sqlite/);
  });
});
