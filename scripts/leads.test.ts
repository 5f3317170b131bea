import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openLeadStore } from "../app/services/leads/index.ts";

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "leads-cli-"));
});

afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(...args: string[]) {
  return spawnSync(process.execPath, [path.resolve(import.meta.dirname, "leads.ts"), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
    input: "",
  });
}

async function seed() {
  const store = await openLeadStore({ dataDir });
  const pending = await store.create({
    name: "Jordan Reyes",
    email: "jordan@example.com",
    phone: "(870) 555-0199",
    interests: ["partnership"],
    referralSource: "Event",
  });
  const delivered = await store.create({
    name: "Sam Lee",
    email: "sam@example.com",
    phone: "870-555-0100",
    interests: ["coworking-space"],
    referralSource: "Website",
  });
  await store.markDelivered(delivered.id);
  await store.claimDue({ worker: "seed", leaseMs: 1_000, limit: 10 });
  await store.recordFailure(pending.id, "seed", {
    error: "webhook answered 503",
    status: 503,
    nextAttemptAt: new Date(Date.now() + 3_600_000),
  });
  await store.close();
  return { pending, delivered };
}

// Each case starts the tool several times, a second or more each on a busy machine.
describe("npm run leads", { timeout: 30_000 }, () => {
  it("lists leads with personal data masked unless asked", async () => {
    const { pending } = await seed();
    const masked = cli("list");
    expect(masked.status).toBe(0);
    expect(masked.stdout).toContain("1 pending (1 failed at least once), 1 delivered, 0 held as suspected spam");
    expect(masked.stdout).toContain(pending.id);
    expect(masked.stdout).toContain("j***@e***.com");
    expect(masked.stdout).not.toContain("jordan@example.com");
    expect(cli("list", "--full").stdout).toContain("jordan@example.com");
    // JSON too: masked unless --full.
    const json = JSON.parse(cli("list", "--status", "pending", "--json").stdout);
    expect(json).toMatchObject([{ id: pending.id, name: "J.", email: "j***@e***.com", phone: "***99" }]);
    expect(JSON.stringify(json)).not.toMatch(/Jordan|jordan@|555-0199/);
    const full = JSON.parse(cli("list", "--status", "pending", "--json", "--full").stdout);
    expect(full).toMatchObject([{ name: "Jordan Reyes", email: "jordan@example.com", phone: "(870) 555-0199" }]);
    expect(cli("list", "--status", "lost").stderr).toContain("--status must be pending, delivered or spam.");
  });

  it("lists held spam with its reason, and releases one into delivery", async () => {
    await seed();
    const store = await openLeadStore({ dataDir });
    const held = await store.create(
      {
        name: "Max Bot",
        email: "max@example.com",
        phone: "870-555-0111",
        interests: ["partnership"],
        referralSource: "Website",
      },
      { spamReason: "form token missing; a link in the name" },
    );
    await store.close();
    const listed = cli("list", "--status", "spam");
    expect(listed.stdout).toContain("1 held as suspected spam");
    expect(listed.stdout).toContain(held.id);
    expect(listed.stdout).toContain("held: form token missing; a link in the name");
    expect(listed.stdout).not.toContain("max@example.com");
    expect(cli("release", "lead_nope").status).toBe(1);
    const released = cli("release", held.id);
    expect(released.status).toBe(0);
    expect(released.stdout).toContain(`Released ${held.id} (m***@e***.com), held as: form token missing`);
    expect(released.stdout).toContain("no site uses this store right now: it is delivered when one starts");
    const pending = JSON.parse(cli("list", "--status", "pending", "--json").stdout);
    expect(pending.map((lead: { id: string }) => lead.id)).toContain(held.id);
    expect(cli("list", "--status", "spam", "--json").stdout.trim()).toBe("[]");
    expect(cli("list", "--status", "pending").stdout).toContain(
      "released, was held: form token missing; a link in the name",
    );
  });

  it("lists what a visitor confirmed before a lead was sent", async () => {
    const store = await openLeadStore({ dataDir });
    const { lead } = await store.createOnce(
      {
        name: "Kim Lee (Acme.io)",
        email: "kim@example.com",
        phone: "870-555-0112",
        interests: ["meeting-rooms"],
        referralSource: "Event",
      },
      "c".repeat(32),
      { confirmedReasons: "a word in the name looks like a domain" },
    );
    await store.close();
    const listed = cli("list");
    expect(listed.stdout).toContain(lead.id);
    expect(listed.stdout).toContain("confirmed by the visitor: a word in the name looks like a domain");
  });

  it("restores a SQLite backup with the site stopped, saying what a restore means", async () => {
    const { pending } = await seed();
    const backup = path.join(dataDir, "backup.sqlite");
    expect(cli("backup", backup).status).toBe(0);
    expect(cli("delete", pending.id, "--yes").status).toBe(0);
    expect(cli("restore", backup).status).toBe(1); // not confirmed
    const restored = cli("restore", backup, "--yes");
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain("1 pending, 1 delivered, 0 held as spam");
    expect(restored.stdout).toMatch(/The store it replaced is kept as .*leads\.sqlite\.before-restore-/);
    expect(restored.stdout).toContain("run again every erase");
    expect(JSON.parse(cli("list", "--status", "pending", "--json").stdout)[0].id).toBe(pending.id);
    // A deletion request reaches the store set aside too, which goes 30 days after the restore.
    const erased = cli("erase", "sam@example.com", "--yes").stdout;
    expect(erased).toContain("Erased 1 lead(s) of s***@e***.com from");
    expect(erased).toMatch(
      /Erased 1 from .*leads\.sqlite\.before-restore-\d{8}T\d{6}Z \(set aside by a restore; deleted on \d{4}-\d{2}-\d{2}\)\./,
    );
    const withPostgres = spawnSync(
      process.execPath,
      [path.resolve(import.meta.dirname, "leads.ts"), "restore", backup],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "postgres://hub@127.0.0.1:1/hub" },
        encoding: "utf8",
      },
    );
    expect(withPostgres.status).toBe(2);
    expect(withPostgres.stderr).toContain("pg_restore");
    expect(cli("restore", path.join(dataDir, "nope.sqlite"), "--yes").stderr).toContain("Nothing restored:");
  });

  it("makes failed leads due again", async () => {
    const { pending } = await seed();
    expect(cli("retry", "--all-failed").stdout).toContain("1 lead(s) due now.");
    const store = await openLeadStore({ dataDir });
    expect((await store.claimDue({ worker: "test", leaseMs: 1_000, limit: 10 })).map((lead) => lead.id)).toEqual([
      pending.id,
    ]);
    await store.close();
    expect(cli("retry", "lead_nope").status).toBe(1);
  });

  it("exports every lead as CSV", async () => {
    await seed();
    const file = path.join(dataDir, "leads.csv");
    expect(cli("export", file).status).toBe(0);
    const lines = readFileSync(file, "utf8").trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^id,created_at,name,email,phone/);
    expect(readFileSync(file, "utf8")).toContain("jordan@example.com");
  });

  it("deletes, erases and purges only with confirmation (--yes), and says what it did", async () => {
    const { pending, delivered } = await seed();
    const unconfirmed = cli("delete", pending.id);
    expect(unconfirmed.status).toBe(1);
    expect(unconfirmed.stderr).toContain("--yes");
    expect(cli("list", "--json").stdout).toContain(pending.id);

    expect(cli("delete", pending.id, "--yes").stdout).toContain("Deleted 1 lead.");
    expect(cli("delete", pending.id, "--yes").status).toBe(1);
    expect(cli("erase", "SAM@example.com").status).toBe(1);
    const erased = cli("erase", "SAM@example.com", "--yes").stdout;
    expect(erased).toContain("Erased 1 lead(s) of S***@e***.com from");
    expect(erased).toContain("the CRM behind LEAD_WEBHOOK_URL: 1 of them were delivered there");
    expect(erased).toContain("the mirror (LEAD_MIRROR_URL): 0 copies were sent there");
    expect(erased).toContain("backups of the lead store");
    expect(JSON.parse(cli("list", "--json").stdout)).toEqual([]);
    expect(delivered.id).toMatch(/^lead_/);
  });

  it("purges delivered leads older than a day, keeping pending ones", async () => {
    const { pending } = await seed();
    expect(cli("purge", "--delivered-before", "tomorrow").status).toBe(2);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(cli("purge", "--delivered-before", tomorrow, "--yes").stdout).toContain("Purged 1 lead(s)");
    expect(JSON.parse(cli("list", "--json").stdout).map((lead: { id: string }) => lead.id)).toEqual([pending.id]);
  });
});
