import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ContactSubmission } from "~/domain/contact";
import { type LeadStore, openLeadStore } from "./index.ts";
import { backupSqliteLeads } from "./sqlite-backup.server.ts";
import { restoreSqliteLeads } from "./sqlite-restore.server.ts";

const submission: ContactSubmission = {
  name: "Jordan Reyes",
  email: "jordan.reyes@example.com",
  phone: "(870) 555-0199",
  interests: ["coworking-space"],
  referralSource: "Event",
};

describe("restoreSqliteLeads", () => {
  let work: string;
  let dataDir: string;
  let stores: LeadStore[];

  beforeEach(() => {
    work = mkdtempSync(path.join(tmpdir(), "leads-restore-"));
    dataDir = path.join(work, "data");
    stores = [];
  });

  afterEach(async () => {
    for (const store of stores) await store.close();
    rmSync(work, { recursive: true, force: true });
  });

  async function open(): Promise<LeadStore> {
    const store = await openLeadStore({ dataDir });
    stores.push(store);
    return store;
  }

  it("restores a backup, keeps what happened since, marks delivered what was delivered since, and sets the old store aside", async () => {
    const store = await open();
    const deliveredBefore = await store.create({ ...submission, name: "Delivered Before" });
    await store.markDelivered(deliveredBefore.id);
    const deliveredAfter = await store.create({ ...submission, name: "Delivered After" });
    const stillPending = await store.create({ ...submission, name: "Still Pending" });
    const erasedAfter = await store.create({ ...submission, name: "Erased After", email: "gone@example.com" });
    const heldSpam = await store.create({ ...submission, name: "Held" }, { spamReason: "honeypot filled" });
    const backup = path.join(work, "backup.sqlite");
    await backupSqliteLeads({ dataDir, target: backup });
    // After the backup: one delivery, one new lead, new spam, an erasure, a release.
    await store.markDelivered(deliveredAfter.id);
    const storedAfter = await store.create({ ...submission, name: "Stored After" });
    const spamAfter = await store.create({ ...submission, name: "Spam After" }, { spamReason: "form token missing" });
    await store.erase("gone@example.com");
    await store.release(heldSpam.id);
    await store.close();
    stores = [];

    const report = await restoreSqliteLeads({ dataDir, backup });
    // Kept: the lead stored since, and the spam released since (a lead now); the spam held since.
    expect(report.carriedOver).toEqual({
      readable: true,
      markedDelivered: 1,
      leadsKept: 2,
      spamKept: 1,
      secretsKept: 0,
    });
    expect(report.setAside).toMatch(/leads\.sqlite\.before-restore-\d{8}T\d{6}Z$/);
    expect(existsSync(report.setAside!)).toBe(true);

    const restored = await open();
    const byId = async (id: string) => (await restored.get(id))?.status;
    expect(await byId(deliveredBefore.id)).toBe("delivered");
    expect(await byId(deliveredAfter.id)).toBe("delivered");
    expect(await byId(stillPending.id)).toBe("pending");
    expect(await byId(storedAfter.id)).toBe("pending");
    expect(await byId(spamAfter.id)).toBe("spam");
    expect(await byId(heldSpam.id)).toBe("pending");
    // What the backup cannot know: an erasure since is undone (the CLI says to erase again).
    expect(await byId(erasedAfter.id)).toBe("pending");
    expect(report.restored).toMatchObject({ pending: 4, delivered: 2, spam: 1 });
    // The set-aside store still has everything it had.
    const aside = new DatabaseSync(report.setAside!, { readOnly: true });
    expect((aside.prepare("SELECT COUNT(*) AS n FROM leads").get() as { n: number }).n).toBe(5);
    aside.close();
    expect(readdirSync(dataDir).filter((name) => name.startsWith(".restore-"))).toEqual([]);
  });

  it("keeps a form's held spam released after the backup released, delivered once, and the form token's secret", async () => {
    const store = await open();
    const held = await store.createOnce({ ...submission, name: "Ana M.de Souza" }, "a".repeat(32), {
      spamReason: "a link in the name",
    });
    const backup = path.join(work, "backup.sqlite");
    // A backup from before the form token's secret was made (an older version of the site made none).
    await backupSqliteLeads({ dataDir, target: backup });
    const secret = await store.sharedSecret("form-token", () => "the-secret-every-open-form-is-signed-with");
    const released = await store.release(held.lead.id);
    expect(released?.lead.status).toBe("pending");
    await store.close();
    stores = [];

    const report = await restoreSqliteLeads({ dataDir, backup });
    expect(report.carriedOver).toMatchObject({ readable: true, leadsKept: 1, secretsKept: 1 });
    const restored = await open();
    expect(await restored.get(held.lead.id)).toMatchObject({ status: "pending", spamReason: "a link in the name" });
    expect(await restored.list("spam")).toEqual([]);
    // Forms rendered before the restore still verify: the store kept the secret that signed them.
    expect(await restored.sharedSecret("form-token", () => "a-new-secret")).toBe(secret);
    // Delivered once: one claim of it, and none after its delivery.
    const claimed = await restored.claimDue({ worker: "w", leaseMs: 30_000, limit: 10 });
    expect(claimed.map((lead) => lead.id)).toEqual([held.lead.id]);
    await restored.markDelivered(held.lead.id);
    expect(await restored.claimDue({ worker: "w", leaseMs: 30_000, limit: 10 })).toEqual([]);
    expect(await restored.stats()).toMatchObject({ pending: 0, delivered: 1, spam: 0 });
  });

  it("refuses while a server uses the store, and changes nothing", async () => {
    const store = await open();
    await store.create(submission);
    const backup = path.join(work, "backup.sqlite");
    await backupSqliteLeads({ dataDir, target: backup });
    await store.recordInstance("web-1:42", true);
    await expect(restoreSqliteLeads({ dataDir, backup })).rejects.toThrow(
      /a server uses .*web-1:42.*Stop the site first/,
    );
    expect(
      readdirSync(dataDir).filter((name) => name.includes("before-restore") || name.startsWith(".restore-")),
    ).toEqual([]);
    await store.recordInstance("web-1:42", false);
    await expect(restoreSqliteLeads({ dataDir, backup })).resolves.toMatchObject({ restored: { pending: 1 } });
  });

  it("refuses a file that is not a lead store, a damaged one, one from a newer version, or the store itself", async () => {
    const store = await open();
    await store.create(submission);
    await store.close();
    stores = [];
    const before = readFileSync(path.join(dataDir, "leads.sqlite"));
    const notAStore = path.join(work, "other.sqlite");
    new DatabaseSync(notAStore).exec("CREATE TABLE notes (text TEXT)");
    await expect(restoreSqliteLeads({ dataDir, backup: notAStore })).rejects.toThrow(/not a lead store/);
    const garbage = path.join(work, "garbage.sqlite");
    writeFileSync(garbage, "this is not a database at all, just text".repeat(200));
    await expect(restoreSqliteLeads({ dataDir, backup: garbage })).rejects.toThrow();
    const newer = path.join(work, "newer.sqlite");
    await backupSqliteLeads({ dataDir, target: newer });
    const db = new DatabaseSync(newer);
    db.exec("PRAGMA user_version = 99");
    db.close();
    await expect(restoreSqliteLeads({ dataDir, backup: newer })).rejects.toThrow(
      /newer version of the site \(schema 99/,
    );
    await expect(restoreSqliteLeads({ dataDir, backup: path.join(dataDir, "leads.sqlite") })).rejects.toThrow(
      /is the store itself/,
    );
    await expect(restoreSqliteLeads({ dataDir, backup: path.join(work, "missing.sqlite") })).rejects.toThrow(
      /does not exist/,
    );
    expect(readFileSync(path.join(dataDir, "leads.sqlite")).equals(before)).toBe(true);
  });

  it("restores over a store that cannot be read, saying it could bring nothing over", async () => {
    const store = await open();
    const lead = await store.create(submission);
    const backup = path.join(work, "backup.sqlite");
    await backupSqliteLeads({ dataDir, target: backup });
    await store.close();
    stores = [];
    rmSync(path.join(dataDir, "leads.sqlite-wal"), { force: true });
    rmSync(path.join(dataDir, "leads.sqlite-shm"), { force: true });
    writeFileSync(path.join(dataDir, "leads.sqlite"), "damaged beyond repair".repeat(500));
    const report = await restoreSqliteLeads({ dataDir, backup });
    expect(report.carriedOver).toMatchObject({ readable: false });
    expect(readFileSync(report.setAside!, "utf8")).toContain("damaged beyond repair");
    expect(await (await open()).get(lead.id)).toMatchObject({ status: "pending" });
  });

  it("restores into an empty DATA_DIR", async () => {
    const store = await open();
    await store.create(submission);
    const backup = path.join(work, "backup.sqlite");
    await backupSqliteLeads({ dataDir, target: backup });
    await store.close();
    stores = [];
    for (const name of readdirSync(dataDir)) rmSync(path.join(dataDir, name));
    const report = await restoreSqliteLeads({ dataDir, backup });
    expect(report).toMatchObject({ setAside: null, carriedOver: null, restored: { pending: 1 } });
  });
});
