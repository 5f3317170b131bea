import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase, type TestDatabase } from "../../tests/support/postgres.ts";
import { DAY, emailsIn, host, hosts, ok, visitor, withStore } from "../test-support/host.ts";

/**
 * hub-site-backup and hub-site-restore, run for real against a real SQLite store and a throwaway
 * PostgreSQL cluster. No container runtime runs here: `docker` is ops/test-support/fake-docker.ts,
 * first on PATH, which records each call and runs the staff's lead commands on this checkout, so the
 * backups and restores are real and the docker command lines are asserted as recorded.
 */

// Each case starts the scripts, and Node under the fake docker, several times: a second or more each on a busy machine.
describe("the operator's backup and restore (ops/bin)", { timeout: 60_000 }, () => {
  it("hub-site-backup (SQLite): silent when it worked; a real backup, checked by a restore, copied off the host", async () => {
    const h = host();
    ok(h.run("hub-site-run", "aaa"));
    await withStore({ dataDir: h.dataDir }, async (store) => {
      await store.create(visitor("Jordan Reyes", "jordan@example.com"));
      await store.markDelivered((await store.create(visitor("Sam Lee", "sam@example.com"))).id);
      await store.create(visitor("Bot", "bot@example.com"), { spamReason: "honeypot filled" });
    });
    h.clearCalls();
    const backup = h.run("hub-site-backup");
    expect(backup).toEqual({ status: 0, stdout: "", stderr: "" });

    const [file, ...others] = readdirSync(h.backupDir);
    expect(others).toEqual([]);
    expect(file).toMatch(/^leads-\d{4}-\d\d-\d\dT\d{6}Z\.sqlite$/);
    const copy = path.join(h.backupDir, file!);
    expect(emailsIn(copy)).toEqual(["bot@example.com", "jordan@example.com", "sam@example.com"]);
    expect(statSync(copy).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(h.remoteDir, file!))).toEqual(readFileSync(copy));
    // Nothing left in the container's volume but the store itself.
    expect(readdirSync(h.dataDir).filter((name) => !name.startsWith("leads.sqlite"))).toEqual([]);
    expect(readFileSync(path.join(h.dir, "hub_backup.prom"), "utf8")).toMatch(
      /^hub_backup_last_success_timestamp_seconds \d{10}\n[\s\S]*^hub_backup_leads 3\n/m,
    );
    expect(h.calls()).toEqual([
      ["exec", "hub-site", "npm", "run", "--silent", "leads", "--", "backup", `/data/${file}`],
      ["cp", `hub-site:/data/${file}`, `${copy}.partial`],
      ["exec", "hub-site", "rm", "-f", `/data/${file}`],
      ["inspect", "--format", "{{.Config.Image}}", "hub-site"],
      [
        "run",
        "--rm",
        "--network",
        "none",
        "-v",
        // A copy only node (uid 1000) reads, in a folder of its own: the backups' folder is root's alone.
        expect.stringMatching(new RegExp(`^${h.backupDir}/\\.hub-site-\\w{6}:/backup:ro$`)),
        "hub-site:aaa",
        "npm",
        "run",
        "--silent",
        "leads",
        "--",
        "restore",
        `/backup/${file}.partial`,
        "--yes",
      ],
    ]);
    expect(ok(h.run("hub-site-backup", "--verbose")).stdout).toMatch(/^Backed up and checked 3 lead\(s\): /m);
  });

  it("hub-site-backup fails loudly: a damaged copy, a failed copy off the host, no copy command, settings others may change", async () => {
    const h = host();
    ok(h.run("hub-site-run", "aaa"));
    await withStore({ dataDir: h.dataDir }, (store) => store.create(visitor("Jordan Reyes", "jordan@example.com")));

    writeFileSync(path.join(h.dir, "docker", "damage-copies"), "");
    const damaged = h.run("hub-site-backup");
    expect(damaged.status).not.toBe(0);
    expect(damaged.stdout).toBe("");
    expect(damaged.stderr).toMatch(
      /^hub-site-backup FAILED while restoring the backup into a scratch store \(exit \d+\)/,
    );
    expect(damaged.stderr).toContain("Nothing restored:");
    expect(readdirSync(h.backupDir)).toEqual([]);
    expect(readdirSync(h.remoteDir)).toEqual([]);
    expect(readdirSync(h.dataDir).filter((name) => !name.startsWith("leads.sqlite"))).toEqual([]);
    rmSync(path.join(h.dir, "docker", "damage-copies"));

    const unreachable = host({
      HUB_SITE_BACKUP_COPY: "echo 'ssh: connect to host backup.example port 22: No route to host' >&2; exit 255",
    });
    ok(unreachable.run("hub-site-run", "aaa"));
    await withStore({ dataDir: unreachable.dataDir }, (store) => store.create(visitor("Ada Byrne", "ada@example.com")));
    const notCopied = unreachable.run("hub-site-backup");
    expect(notCopied.status).toBe(255);
    expect(notCopied.stderr).toContain(
      "hub-site-backup FAILED while copying off the host (HUB_SITE_BACKUP_COPY) (exit 255)",
    );
    expect(notCopied.stderr).toContain("No route to host");
    expect(existsSync(path.join(unreachable.dir, "hub_backup.prom"))).toBe(false);

    const uncopied = host({ HUB_SITE_BACKUP_COPY: "" });
    expect(uncopied.run("hub-site-backup").stderr).toContain(
      "HUB_SITE_BACKUP_COPY is not set: a backup kept on this host alone is lost with it",
    );
    chmodSync(path.join(uncopied.dir, "ops.env"), 0o620);
    const open = uncopied.run("hub-site-backup");
    expect(open.status).toBe(1);
    expect(open.stderr).toContain(
      "may be changed by others than its owner, and the scripts run what it says: chmod 600 it",
    );
  });

  it("hub-site-backup keeps copies HUB_SITE_BACKUP_KEEP_DAYS days, here and, through a mirroring copy, off the host", async () => {
    // The copy command mirrors the folder (as rsync --delete does).
    const h = host({ HUB_SITE_BACKUP_COPY: 'rm -f {remote}/* && cp -p "$BACKUP_DIR"/leads-* {remote}/' });
    const remote = h.remoteDir;
    ok(h.run("hub-site-run", "aaa"));
    await withStore({ dataDir: h.dataDir }, (store) => store.create(visitor("Jordan Reyes", "jordan@example.com")));
    mkdirSync(h.backupDir);
    const aged = (name: string, days: number) => {
      const file = path.join(h.backupDir, name);
      writeFileSync(file, "an older backup");
      const at = new Date(Date.now() - days * DAY);
      utimesSync(file, at, at);
    };
    aged("leads-2026-01-01T031500Z.sqlite", 31);
    aged("leads-2026-01-03T031500Z.sqlite", 29);
    aged("notes.txt", 90);
    writeFileSync(path.join(remote, "leads-2025-12-01T031500Z.sqlite"), "gone off the host too");

    ok(h.run("hub-site-backup"));
    const kept = readdirSync(h.backupDir).sort();
    expect(kept).toEqual(["leads-2026-01-03T031500Z.sqlite", expect.stringMatching(/^leads-.*\.sqlite$/), "notes.txt"]);
    expect(readdirSync(remote).sort()).toEqual(kept.filter((name) => name.startsWith("leads-")));
  });

  it("hub-site-restore (SQLite): stops the site, restores on its volume in a container of its image, starts it again", async () => {
    const h = host();
    ok(h.run("hub-site-run", "bbb"));
    const { first } = await withStore({ dataDir: h.dataDir }, async (store) => ({
      first: await store.create(visitor("Jordan Reyes", "jordan@example.com")),
    }));
    ok(h.run("hub-site-backup"));
    const [file] = readdirSync(h.backupDir);
    await withStore({ dataDir: h.dataDir }, async (store) => {
      await store.delete(first.id);
      await store.create(visitor("Ada Byrne", "ada@example.com"));
    });

    h.clearCalls();
    const unconfirmed = h.run("hub-site-restore", path.join(h.backupDir, file!));
    expect(unconfirmed.status).toBe(1);
    expect(unconfirmed.stderr).toContain("not confirmed: run it again with --yes");
    expect(h.calls().filter(([command]) => command !== "inspect")).toEqual([]);
    h.clearCalls();

    const restored = ok(h.run("hub-site-restore", path.join(h.backupDir, file!), "--yes"));
    expect(restored.stdout).toContain("1 lead(s) and 0 held spam stored or released since the backup are kept");
    expect(restored.stdout).toContain("hub-site runs again, on the restored store.");
    expect(restored.stdout).toContain("run every erase made since it again");
    expect(h.calls()).toEqual([
      ["inspect", "--format", "{{.Config.Image}}", "hub-site"],
      ["stop", "-t", "30", "hub-site"],
      [
        "run",
        "--rm",
        "--network",
        "none",
        "-v",
        "hub-data:/data",
        "-v",
        expect.stringMatching(new RegExp(`^${tmpdir()}/\\.hub-site-\\w{6}:/backup:ro$`)),
        "hub-site:bbb",
        "npm",
        "run",
        "--silent",
        "leads",
        "--",
        "restore",
        `/backup/${file}`,
        "--yes",
      ],
      ["start", "hub-site"],
    ]);
    expect(emailsIn(path.join(h.dataDir, "leads.sqlite"))).toEqual(["ada@example.com", "jordan@example.com"]);
    const staged = h
      .calls()
      .find(([command]) => command === "run")![7]!
      .split(":")[0]!;
    expect(existsSync(staged)).toBe(false);
    expect(readdirSync(h.dataDir).some((name) => /^leads\.sqlite\.before-restore-\d{8}T\d{6}Z$/.test(name))).toBe(true);

    // A restore that fails still starts the site again, on the store it had.
    writeFileSync(path.join(h.backupDir, "leads-broken.sqlite"), "not a lead store");
    h.clearCalls();
    const broken = h.run("hub-site-restore", path.join(h.backupDir, "leads-broken.sqlite"), "--yes");
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain("hub-site runs on the store it had");
    expect(h.calls().at(-1)).toEqual(["start", "hub-site"]);
    expect(emailsIn(path.join(h.dataDir, "leads.sqlite"))).toEqual(["ada@example.com", "jordan@example.com"]);
  });

  describe("with PostgreSQL", () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await startTestDatabase();
    }, 120_000);
    afterAll(async () => {
      await database?.stop();
    });

    const tablesIn = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (
          await client.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        ).rows.length;
      } finally {
        await client.end();
      }
    };

    it("hub-site-backup dumps one snapshot, checks it in a scratch database it empties again; hub-site-restore merges in what came since", async () => {
      const url = await database.createDatabase();
      const scratch = await database.createDatabase();
      const where = { dataDir: mkdtempSync(path.join(tmpdir(), "hub-ops-pg-")), databaseUrl: url };
      hosts.push(where.dataDir);
      const h = host({ HUB_SITE_BACKUP_SCRATCH_URL: scratch }, { DATABASE_URL: url });
      ok(h.run("hub-site-run", "ccc"));
      const { waiting, lost } = await withStore(where, async (store) => {
        const waiting = await store.create(visitor("Jordan Reyes", "jordan@example.com"));
        const lost = await store.create(visitor("Sam Lee", "sam@example.com"));
        await store.create(visitor("Bot", "bot@example.com"), { spamReason: "honeypot filled" });
        return { waiting, lost };
      });

      expect(h.run("hub-site-backup")).toEqual({ status: 0, stdout: "", stderr: "" });
      const [file] = readdirSync(h.backupDir);
      expect(file).toMatch(/^leads-\d{4}-\d\d-\d\dT\d{6}Z\.dump$/);
      expect(readFileSync(path.join(h.remoteDir, file!))).toEqual(readFileSync(path.join(h.backupDir, file!)));
      expect(readFileSync(path.join(h.dir, "hub_backup.prom"), "utf8")).toContain("hub_backup_leads 3\n");
      expect(await tablesIn(scratch)).toBe(0);
      expect(h.calls().filter(([command]) => command !== "run" && command !== "image")).toEqual([
        ["container", "inspect", "hub-site"],
        ["exec", "hub-site", "node", "-e", expect.stringContaining("/readyz")],
      ]);

      // After the backup: a lead delivered, one stored, one lost (deleted by mistake).
      const since = await withStore(where, async (store) => {
        await store.markDelivered(waiting.id);
        await store.delete(lost.id);
        return store.create(visitor("Ada Byrne", "ada@example.com"));
      });
      h.clearCalls();
      const restored = ok(h.run("hub-site-restore", path.join(h.backupDir, file!), "--yes"));
      expect(restored.stdout).toContain("what it held since is merged in");
      const leads = await withStore(where, (store) => store.list());
      expect(Object.fromEntries(leads.map((lead) => [lead.email, lead.status]))).toEqual({
        "jordan@example.com": "delivered",
        "sam@example.com": "pending",
        "ada@example.com": "pending",
        "bot@example.com": "spam",
      });
      expect(leads.find((lead) => lead.email === "ada@example.com")!.id).toBe(since.id);
      expect(h.calls()).toEqual([
        ["inspect", "--format", "{{.Config.Image}}", "hub-site"],
        ["inspect", "--format", expect.stringContaining(".NetworkSettings.Networks"), "hub-site"],
        [
          "run",
          "--rm",
          "--network",
          "bridge",
          "--env-file",
          h.envFile,
          "hub-site:ccc",
          "npm",
          "run",
          "--silent",
          "leads",
          "--",
          "list",
          "--status",
          "spam",
        ],
      ]);

      // Refused while a site uses the database, and a scratch database that is the site's.
      await withStore(where, (store) => store.recordInstance("web-1:42", true));
      const inUse = h.run("hub-site-restore", path.join(h.backupDir, file!), "--yes");
      expect(inUse.status).toBe(1);
      expect(inUse.stderr).toContain("1 site instance(s) use the database: stop every instance first");
      const same = host({ HUB_SITE_BACKUP_SCRATCH_URL: url }, { DATABASE_URL: url });
      ok(same.run("hub-site-run", "ccc"));
      const refused = same.run("hub-site-backup");
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("names a database called as the site's");
      expect(await withStore(where, async (store) => (await store.list()).length)).toBe(4);
    });
  });
});
