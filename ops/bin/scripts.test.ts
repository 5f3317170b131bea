import { spawnSync } from "node:child_process";
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
import { DatabaseSync } from "node:sqlite";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ContactSubmission } from "../../app/lib/contact.ts";
import { type LeadStore, openLeadStore } from "../../app/services/leads/index.ts";
import { startTestDatabase, type TestDatabase } from "../../tests/support/postgres.ts";

/**
 * The operator's scripts, run for real: ShellCheck on each; hub-site-run and hub-site-rollback over a
 * recorded deploy history; hub-site-backup and hub-site-restore against a real SQLite store and a
 * throwaway PostgreSQL cluster. No container runtime runs here: `docker` is
 * ops/test-support/fake-docker.ts, first on PATH, which records each call and runs the staff's lead
 * commands on this checkout, so the backups and restores are real and the docker command lines are
 * asserted as recorded.
 */

const bin = import.meta.dirname;
const fakeDockerBin = path.resolve(bin, "../test-support/bin");
const SCRIPTS = ["hub-site-run", "hub-site-rollback", "hub-site-backup", "hub-site-restore"];
const DAY = 24 * 60 * 60_000;

const visitor = (name: string, email: string): ContactSubmission => ({
  name,
  email,
  phone: "(870) 555-0199",
  interests: ["coworking-space"],
  referralSource: "Event",
});

interface Host {
  dir: string;
  envFile: string;
  backupDir: string;
  remoteDir: string;
  stateDir: string;
  /** The volume hub-data, as the fake docker keeps it. */
  dataDir: string;
  run(script: string, ...args: string[]): { status: number | null; stdout: string; stderr: string };
  /** Every docker call so far, each its arguments. */
  calls(): string[][];
  clearCalls(): void;
  history(): string[];
}

const hosts: string[] = [];
afterEach(() => {
  for (const dir of hosts.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A host with images hub-site:{aaa,bbb,ccc,ddd}, the site's env file and the scripts' settings (`{remote}`
 * in a setting is the folder that stands for the backup host).
 */
function host(settings: Record<string, string> = {}, siteEnv: Record<string, string> = {}): Host {
  const dir = mkdtempSync(path.join(tmpdir(), "hub-ops-"));
  hosts.push(dir);
  const dockerRoot = path.join(dir, "docker");
  mkdirSync(dockerRoot);
  writeFileSync(path.join(dockerRoot, "images"), ["aaa", "bbb", "ccc", "ddd"].map((t) => `hub-site:${t}`).join("\n"));
  const envFile = path.join(dir, "production.env");
  writeFileSync(
    envFile,
    Object.entries({ SITE_URL: "https://hub.example.org", ...siteEnv })
      .map(([name, value]) => `${name}=${value}\n`)
      .join(""),
  );
  const backupDir = path.join(dir, "backups");
  const remoteDir = path.join(dir, "remote");
  const stateDir = path.join(dir, "state");
  mkdirSync(remoteDir);
  const opsEnv = path.join(dir, "ops.env");
  const values: Record<string, string> = {
    HUB_SITE_ENV_FILE: envFile,
    HUB_SITE_STATE_DIR: stateDir,
    HUB_SITE_BACKUP_DIR: backupDir,
    HUB_SITE_BACKUP_COPY: 'cp -p "$BACKUP_FILE" {remote}/',
    HUB_SITE_BACKUP_TEXTFILE: path.join(dir, "hub_backup.prom"),
    ...settings,
  };
  writeFileSync(
    opsEnv,
    Object.entries(values)
      .filter(([, value]) => value !== "")
      .map(([name, value]) => `${name}='${value.replaceAll("{remote}", remoteDir).replaceAll("'", "'\\''")}'\n`)
      .join(""),
  );
  chmodSync(opsEnv, 0o600);
  const callsFile = path.join(dockerRoot, "calls.jsonl");
  return {
    dir,
    envFile,
    backupDir,
    remoteDir,
    stateDir,
    dataDir: path.join(dockerRoot, "volumes", "hub-data"),
    run(script, ...args) {
      const run = spawnSync(path.join(bin, script), args, {
        env: {
          ...process.env,
          PATH: `${fakeDockerBin}:${process.env.PATH}`,
          HUB_SITE_OPS_ENV: opsEnv,
          FAKE_DOCKER_ROOT: dockerRoot,
        },
        encoding: "utf8",
        input: "",
      });
      return { status: run.status, stdout: run.stdout, stderr: run.stderr };
    },
    calls: () =>
      existsSync(callsFile)
        ? readFileSync(callsFile, "utf8")
            .trim()
            .split("\n")
            .map((line) => JSON.parse(line) as string[])
        : [],
    clearCalls: () => rmSync(callsFile, { force: true }),
    history: () => readFileSync(path.join(stateDir, "deployed"), "utf8").trim().split("\n"),
  };
}

/** The image of each `docker run -d` so far: the releases started, in order. */
const started = (h: Host) => h.calls().flatMap((call) => (call[0] === "run" && call[1] === "-d" ? [call.at(-1)!] : []));

function ok(result: { status: number | null; stdout: string; stderr: string }) {
  expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  return result;
}

/** The emails in a SQLite store file, leads and held spam. */
function emailsIn(file: string): string[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db.prepare("SELECT email FROM leads UNION ALL SELECT email FROM spam_leads").all() as {
      email: string;
    }[];
    return rows.map(({ email }) => email).sort();
  } finally {
    db.close();
  }
}

async function withStore<T>(where: { dataDir: string; databaseUrl?: string }, work: (store: LeadStore) => Promise<T>) {
  const store = await openLeadStore(where);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

// Each case starts the scripts, and Node under the fake docker, several times: a second or more each on a busy machine.
describe("the operator's scripts (ops/bin)", { timeout: 60_000 }, () => {
  it("are executable and ShellCheck-clean, the fake docker too", () => {
    for (const script of [...SCRIPTS, "hub-site-lib.sh", "../test-support/bin/docker"]) {
      const file = path.join(bin, script);
      const checked = spawnSync("shellcheck", ["--external-sources", "--source-path=SCRIPTDIR", file], {
        encoding: "utf8",
      });
      if (checked.error)
        throw new Error(`shellcheck cannot run (apt-get install shellcheck): ${checked.error.message}`);
      expect(checked.stdout, script).toBe("");
      expect(checked.status, script).toBe(0);
      if (script !== "hub-site-lib.sh") expect(statSync(file).mode & 0o111, script).toBe(0o111);
    }
    expect(
      readdirSync(bin)
        .filter((file) => file.startsWith("hub-site-"))
        .sort(),
    ).toEqual([...SCRIPTS, "hub-site-lib.sh"].sort());
  });

  it("read their settings from the file ops.env.example shows, whose values are the defaults", () => {
    const settingsOf = (file: string) => {
      const read = spawnSync(
        "bash",
        [
          "-c",
          `. "${path.join(bin, "hub-site-lib.sh")}" && load_settings && set | grep '^HUB_SITE_' | grep -v '^HUB_SITE_OPS_ENV='`,
        ],
        { env: { PATH: process.env.PATH, HUB_SITE_OPS_ENV: file }, encoding: "utf8" },
      );
      expect(read.status, read.stderr).toBe(0);
      return read.stdout.split("\n").filter((line) => !line.startsWith("HUB_SITE_BACKUP_COPY="));
    };
    const example = path.resolve(bin, "../ops.env.example");
    const empty = path.join(mkdtempSync(path.join(tmpdir(), "hub-ops-empty-")), "ops.env");
    hosts.push(path.dirname(empty));
    writeFileSync(empty, "");
    chmodSync(empty, 0o600);
    expect(settingsOf(example)).toEqual(settingsOf(empty));
    expect(settingsOf(empty)).toContain("HUB_SITE_BACKUP_KEEP_DAYS=30");
    expect(readFileSync(example, "utf8")).toMatch(/^HUB_SITE_BACKUP_COPY='rsync -a --delete "\$BACKUP_DIR"\/ /m);
  });

  it("hub-site-run replaces the container with the tag's image, notes it in the deploy history and waits until it is ready", () => {
    const h = host();
    expect(ok(h.run("hub-site-run", "aaa")).stdout).toBe("hub-site:aaa runs as hub-site and is ready.\n");
    const runCommand = (tag: string) => [
      "run",
      "-d",
      "--name",
      "hub-site",
      "--restart",
      "unless-stopped",
      "--stop-timeout",
      "30",
      "--memory",
      "1g",
      "-e",
      "NODE_OPTIONS=--max-old-space-size=256",
      "--log-opt",
      "max-size=10m",
      "--log-opt",
      "max-file=5",
      "-p",
      "127.0.0.1:3000:3000",
      "-v",
      "hub-data:/data",
      "--env-file",
      h.envFile,
      `hub-site:${tag}`,
    ];
    const [inspectImage, inspectContainer, run, ready, ...more] = h.calls();
    expect([inspectImage, inspectContainer, run]).toEqual([
      ["image", "inspect", "hub-site:aaa"],
      ["container", "inspect", "hub-site"],
      runCommand("aaa"),
    ]);
    expect(ready!.slice(0, 4)).toEqual(["exec", "hub-site", "node", "-e"]);
    expect(ready![4]).toContain("/readyz");
    expect(more).toEqual([]);

    h.clearCalls();
    ok(h.run("hub-site-run", "bbb"));
    expect(h.calls().slice(0, 5)).toEqual([
      ["image", "inspect", "hub-site:bbb"],
      ["container", "inspect", "hub-site"],
      ["stop", "-t", "30", "hub-site"],
      ["rm", "hub-site"],
      runCommand("bbb"),
    ]);
    expect(h.history()).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ run aaa$/),
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ run bbb$/),
    ]);
  });

  it("hub-site-run leaves the running container alone without the image, and says so when the new one is not ready", () => {
    const h = host({ HUB_SITE_READY_SECONDS: "0" });
    ok(h.run("hub-site-run", "aaa"));
    h.clearCalls();
    const missing = h.run("hub-site-run", "zzz");
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("there is no image hub-site:zzz on this host");
    expect(h.calls()).toEqual([["image", "inspect", "hub-site:zzz"]]);

    writeFileSync(path.join(h.dir, "docker", "readyz"), "500");
    const notReady = h.run("hub-site-run", "bbb");
    expect(notReady.status).toBe(1);
    expect(notReady.stderr).toContain("hub-site:bbb does not answer /readyz after 0 s");
    expect(notReady.stderr).toContain("To go back: hub-site-rollback.");
    // It went live, so a rollback leaves it.
    expect(h.history().at(-1)).toMatch(/ run bbb$/);
    // A 503 (the lead store refuses writes) ends the wait at once, however long it may be.
    const patient = host({ HUB_SITE_READY_SECONDS: "3600" });
    writeFileSync(path.join(patient.dir, "docker", "readyz"), "503");
    const refusing = patient.run("hub-site-run", "aaa");
    expect(refusing.status).toBe(1);
    expect(refusing.stderr).toContain("hub-site:aaa answers /readyz with 503: its lead store refuses writes.");
    expect(patient.calls().filter(([command]) => command === "exec")).toHaveLength(1);
    expect(h.run("hub-site-run", "bad tag").stderr).toContain("'bad tag' is not an image tag");
  });

  it("hub-site-rollback walks back one release per call, and a release run by hand afterwards goes on top", () => {
    const h = host();
    for (const tag of ["aaa", "bbb", "ccc"]) ok(h.run("hub-site-run", tag));
    h.clearCalls();
    expect(ok(h.run("hub-site-rollback")).stdout).toContain("Rolling back from hub-site:ccc to hub-site:bbb.");
    expect(ok(h.run("hub-site-rollback")).stdout).toContain("Rolling back from hub-site:bbb to hub-site:aaa.");
    expect(started(h)).toEqual(["hub-site:bbb", "hub-site:aaa"]);
    const nothingLeft = h.run("hub-site-rollback");
    expect(nothingLeft.status).toBe(1);
    expect(nothingLeft.stderr).toContain("there is no earlier release to go back to");
    expect(nothingLeft.stderr).toContain("(only aaa)");
    expect(started(h)).toEqual(["hub-site:bbb", "hub-site:aaa"]);
    expect(h.history().map((line) => line.split(" ").slice(1).join(" "))).toEqual([
      "run aaa",
      "run bbb",
      "run ccc",
      "rollback bbb",
      "rollback aaa",
    ]);

    // ddd by hand, then ccc again: a rollback goes to the release live before, each once.
    ok(h.run("hub-site-run", "ddd"));
    ok(h.run("hub-site-run", "ccc"));
    ok(h.run("hub-site-run", "ccc"));
    h.clearCalls();
    ok(h.run("hub-site-rollback"));
    ok(h.run("hub-site-rollback"));
    expect(started(h)).toEqual(["hub-site:ddd", "hub-site:aaa"]);
  });

  it("with Compose, hub-site-run and hub-site-rollback set the tag and recreate each service once the one before is ready, stopping at a 503", () => {
    const project = mkdtempSync(path.join(tmpdir(), "hub-ops-compose-"));
    hosts.push(project);
    writeFileSync(path.join(project, ".env"), "COMPOSE_PROJECT_NAME=hub\nHUB_SITE_TAG=aaa\n");
    const h = host({ HUB_SITE_COMPOSE_DIR: project });
    const recreated = () =>
      h.calls().flatMap((call) => (call[0] === "compose" && call[1] === "up" ? [call.slice(1).join(" ")] : []));
    const probed = () => h.calls().flatMap((call) => (call[0] === "compose" && call[1] === "exec" ? [call[3]] : []));
    ok(h.run("hub-site-run", "aaa"));
    ok(h.run("hub-site-run", "bbb"));
    expect(readFileSync(path.join(project, ".env"), "utf8")).toBe("COMPOSE_PROJECT_NAME=hub\nHUB_SITE_TAG=bbb\n");
    expect(recreated()).toEqual([
      "up -d --no-deps --force-recreate site-a",
      "up -d --no-deps --force-recreate site-b",
      "up -d --no-deps --force-recreate site-a",
      "up -d --no-deps --force-recreate site-b",
    ]);
    expect(probed()).toEqual(["site-a", "site-b", "site-a", "site-b"]);
    expect(h.calls().filter(([command]) => command === "run" || command === "stop")).toEqual([]);

    h.clearCalls();
    ok(h.run("hub-site-rollback"));
    expect(readFileSync(path.join(project, ".env"), "utf8")).toContain("HUB_SITE_TAG=aaa\n");

    // A release whose first instance answers 503: the second keeps the release before.
    writeFileSync(path.join(h.dir, "docker", "readyz"), "503");
    h.clearCalls();
    const refused = h.run("hub-site-run", "ccc");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      "site-a on hub-site:ccc (the services after it still run the release before) answers /readyz with 503",
    );
    expect(recreated()).toEqual(["up -d --no-deps --force-recreate site-a"]);
  });

  it("hub-site-rollback reads the history earlier versions wrote (a tag a line)", () => {
    const h = host();
    mkdirSync(h.stateDir);
    writeFileSync(path.join(h.stateDir, "deployed"), "aaa\nbbb\nccc\n");
    ok(h.run("hub-site-rollback"));
    ok(h.run("hub-site-rollback"));
    expect(started(h)).toEqual(["hub-site:bbb", "hub-site:aaa"]);
  });

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
        `${h.backupDir}:/backup:ro`,
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
        `${h.backupDir}:/backup:ro`,
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
