// The production build served in demo mode (every integration on its embedded stand-in, as `npm start`
// runs it), for the bench scripts.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stopWithProcess } from "./stop-with-process.ts";

export const projectRoot = path.resolve(import.meta.dirname, "..");

export function buildSite(): void {
  console.log("Building…");
  const result = spawnSync("npm", ["run", "build"], { cwd: projectRoot, stdio: "inherit" });
  if (result.status !== 0) throw new Error("The build failed.");
}

/**
 * Starts `server.js` on 127.0.0.1:`port` and resolves once it answers /healthz. Its lead store and
 * content snapshot go into `dataDir` (by default a new temporary folder, removed when the server exits);
 * `nodeArgs` go before `server.js` (`--max-old-space-size=…`), and `env` is added to the environment.
 * `root`: the checkout whose build it serves (by default this one; another, built, to compare).
 */
export async function startProductionServer(
  port: number,
  {
    dataDir,
    nodeArgs = [],
    env = {},
    root = projectRoot,
  }: { dataDir?: string; nodeArgs?: string[]; env?: Record<string, string>; root?: string } = {},
): Promise<ChildProcess> {
  const ownDataDir = dataDir === undefined ? mkdtempSync(path.join(tmpdir(), "hub-bench-")) : undefined;
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...nodeArgs, "server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir ?? ownDataDir,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const forget = stopWithProcess(() => server.kill("SIGTERM"));
  const exited = new Promise((resolve) =>
    server.once("exit", () => {
      forget();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
      resolve(undefined);
    }),
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}.`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill("SIGTERM");
  await exited; // gone before this throws, so the caller may remove what it gave it
  throw new Error(`The server did not answer on ${origin}/healthz within 30 s.`);
}
