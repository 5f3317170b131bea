import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { TEST_METRICS_TOKEN } from "../../support/readiness.ts";

/**
 * Starts a production server of its own for one test (a setting the shared servers do not have, or
 * state a test must not share), on a free port, and stops it afterwards.
 */

export interface SpawnedSite {
  url: string;
  port: number;
  /** The server's process id (the lead worker's id carries it). */
  pid: number;
  /** Everything the server printed so far. */
  output(): string;
  /** Stops it the way a deploy does (SIGTERM), letting it finish what it is doing. */
  stop(): Promise<void>;
  /** Kills it at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Resolves when the process ends, with its exit code (null when a signal ended it) and that signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const LISTENING = /listening on \S+ \(127\.0\.0\.1:(\d+)\)/;

/** The sites a test used since the last `takeSpawnedSites()`: a failed test shows their logs (fixtures.ts). */
let spawnedSites: SpawnedSite[] = [];

/** The sites noted since the last call, and forgets them. */
export function takeSpawnedSites(): SpawnedSite[] {
  const taken = spawnedSites;
  spawnedSites = [];
  return taken;
}

/** Notes a site the current test uses, so a failure shows what it logged (its view of a shared one). */
export function noteSiteInUse(site: SpawnedSite): void {
  spawnedSites.push(site);
}

export async function spawnSite(
  env: Record<string, string> = {},
  {
    timeoutMs = 30_000,
    cwd,
    inheritEnv = true,
    register = true,
  }: {
    timeoutMs?: number;
    /** Note it as the current test's site (default); a site kept for several tests notes its view instead. */
    register?: boolean;
    /** Where server.js is (default: this checkout). */
    cwd?: string;
    /** Pass this process's environment on (default); false gives the server only PATH and `env`. */
    inheritEnv?: boolean;
  } = {},
): Promise<SpawnedSite> {
  // A data folder of its own unless the caller gave one (and may start another server on it): removed
  // once the process has ended, however it ended.
  const ownDataDir = env.DATA_DIR === undefined ? mkdtempSync(path.join(tmpdir(), "hub-site-")) : undefined;
  const child = spawn(process.execPath, ["server.js"], {
    cwd,
    env: {
      ...(inheritEnv ? process.env : { PATH: process.env.PATH ?? "" }),
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      SITE_URL: "https://hub.example.org",
      // So a test can read /readyz's details (and /metrics); `METRICS_TOKEN: ""` turns both off.
      METRICS_TOKEN: TEST_METRICS_TOKEN,
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
      resolve({ code, signal });
    }),
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The site did not start in time:\n${output}`)), timeoutMs);
    const check = () => {
      const match = LISTENING.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The site exited with code ${code} before listening:\n${output}`));
    });
  });

  const site: SpawnedSite = {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    output: () => output,
    stop: () => stopProcess(child),
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
    exited,
  };
  if (register) noteSiteInUse(site);
  return site;
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
