import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

/**
 * A PostgreSQL database for tests: a throwaway cluster of Debian's PostgreSQL in a temporary folder on a
 * free loopback port (initdb refuses root, so as root it runs as the `postgres` system user), or, when
 * TEST_DATABASE_URL is set, a fresh database on that server. `stop()` removes what was made.
 */

export interface TestDatabase {
  url: string;
  /** Another empty database on the same server (for tests that run side by side); `stop` removes it too. */
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
}

/** Creates an empty database on the server of `url` and returns its URL. */
async function createDatabaseBeside(url: string): Promise<string> {
  const name = `hub_test_${randomBytes(6).toString("hex")}`;
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const created = new URL(url);
  created.pathname = `/${name}`;
  return created.toString();
}

const run = promisify(execFile);

export async function startTestDatabase(): Promise<TestDatabase> {
  const server = process.env.TEST_DATABASE_URL;
  return server ? databaseOn(server) : startThrowawayCluster();
}

async function databaseOn(serverUrl: string): Promise<TestDatabase> {
  const name = `hub_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const names = [name];
  return {
    url: url.toString(),
    async createDatabase() {
      const created = await createDatabaseBeside(serverUrl);
      names.push(new URL(created).pathname.slice(1));
      return created;
    },
    async stop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        for (const database of names) await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

function postgresBinDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((entry) => existsSync(path.join(root, entry, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      "PostgreSQL is not installed: apt-get install -y postgresql (or set TEST_DATABASE_URL to a server for tests)",
    );
  }
  return path.join(root, versions[0]!, "bin");
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function startThrowawayCluster(): Promise<TestDatabase> {
  const bin = postgresBinDir();
  const asRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(path.join(tmpdir(), "hub-pg-"));
  const dataDir = path.join(folder, "data");
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    chownSync(folder, Number(stdout.trim()), Number(group.trim()));
  }
  const pgCommand = (tool: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);

  const stop = async () => {
    await pgCommand("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  };
  const port = await freePort();
  try {
    await pgCommand("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
    const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    await pgCommand("pg_ctl", ["-D", dataDir, "-o", options, "-l", path.join(folder, "server.log"), "-w", "start"]);
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query("CREATE DATABASE hub");
    await admin.end();
  } catch (error) {
    await stop();
    throw error;
  }
  const url = `postgres://postgres@127.0.0.1:${port}/hub`;
  return { url, createDatabase: () => createDatabaseBeside(url), stop };
}
