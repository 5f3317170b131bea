import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect } from "vitest";
import type { ContactSubmission } from "../../app/domain/contact.ts";
import { type LeadStore, openLeadStore } from "../../app/services/leads/index.ts";

/**
 * A host for the operator's scripts in a temporary folder: the site's env file, the scripts' settings
 * (ops.env), and ./fake-docker.ts first on PATH, with the images hub-site:{aaa,bbb,ccc,ddd} built.
 */

export const bin = path.resolve(import.meta.dirname, "../bin");
const fakeDockerBin = path.resolve(import.meta.dirname, "bin");
export const DAY = 24 * 60 * 60_000;

export const visitor = (name: string, email: string): ContactSubmission => ({
  name,
  email,
  phone: "(870) 555-0199",
  interests: ["coworking-space"],
  referralSource: "Event",
});

export interface Host {
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

/** Folders removed after each test. */
export const hosts: string[] = [];
afterEach(() => {
  for (const dir of hosts.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A host with images hub-site:{aaa,bbb,ccc,ddd}, the site's env file and the scripts' settings (`{remote}`
 * in a setting is the folder that stands for the backup host).
 */
export function host(settings: Record<string, string> = {}, siteEnv: Record<string, string> = {}): Host {
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
export const started = (h: Host) =>
  h.calls().flatMap((call) => (call[0] === "run" && call[1] === "-d" ? [call.at(-1)!] : []));

export function ok(result: { status: number | null; stdout: string; stderr: string }) {
  expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  return result;
}

/** The emails in a SQLite store file, leads and held spam. */
export function emailsIn(file: string): string[] {
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

export async function withStore<T>(
  where: { dataDir: string; databaseUrl?: string },
  work: (store: LeadStore) => Promise<T>,
) {
  const store = await openLeadStore(where);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

// Each case starts the scripts, and Node under the fake docker, several times: a second or more each on a busy machine.
