import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * One Node.js everywhere: server.js accepts exactly package.json's "engines" range, and .nvmrc, the
 * Dockerfile's base image, .ci/run's check and the @types/node the code is checked against name the
 * same major.
 */

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const engines = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node;

/**
 * server.js with its package.json and nothing else (no build): past the version check it stops at once,
 * on the missing build, so no test here starts a server or depends on a build.
 */
const installation = mkdtempSync(path.join(tmpdir(), "hub-node-version-"));
for (const file of ["server.js", "package.json"]) copyFileSync(path.join(root, file), path.join(installation, file));
afterAll(() => rmSync(installation, { recursive: true, force: true }));

/** server.js run as if on another Node.js (its version faked before server.js loads). */
function startOn(version: string) {
  const fake = `Object.defineProperty(process.versions, "node", { value: ${JSON.stringify(version)} });`;
  const result = spawnSync(
    process.execPath,
    ["--import", `data:text/javascript,${encodeURIComponent(fake)}`, "server.js"],
    {
      cwd: installation,
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production" },
      encoding: "utf8",
      timeout: 60_000,
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// Each test starts a Node.js process: on a busy machine that takes seconds.
describe("the Node.js version", { timeout: 60_000 }, () => {
  it("is one major, written as package.json's engines range", () => {
    expect(engines).toMatch(/^>=(\d+) <(\d+)$/);
    const [, lowest, below] = /^>=(\d+) <(\d+)$/.exec(engines)!;
    expect(Number(below)).toBe(Number(lowest) + 1);
  });

  it("is the one .nvmrc, the Dockerfile, .ci/run and @types/node name", () => {
    const major = /^>=(\d+)/.exec(engines)![1];
    expect(read(".nvmrc").trim()).toBe(major);
    expect(read("Dockerfile")).toMatch(new RegExp(`^ARG NODE_IMAGE=node:${major}-slim$`, "m"));
    expect(read(".ci/run")).toContain(`-lt ${major} ]`);
    expect(read(".ci/run")).toContain(`node@${major}`);
    const { devDependencies } = JSON.parse(read("package.json")) as { devDependencies: Record<string, string> };
    expect(devDependencies["@types/node"]).toMatch(new RegExp(`^\\^${major}\\.`));
  });

  it.each(["22.12.0", "23.11.0", "25.0.0", "20.19.2"])("server.js refuses Node %s in one line", (version) => {
    const { status, output } = startOn(version);
    expect(status).toBe(1);
    expect(output.trim()).toBe(
      `This site runs on Node.js ${/^>=(\d+)/.exec(engines)![1]} (package.json engines "${engines}", .nvmrc); this is Node ${version}.`,
    );
  });

  it("server.js goes on under the major package.json names", () => {
    const major = /^>=(\d+)/.exec(engines)![1];
    const { status, output } = startOn(`${major}.0.0`);
    expect(output).not.toContain("This site runs on Node.js");
    // What stops it then is the build this installation lacks: it got past the check.
    expect(output).toContain("build/server/index.js");
    expect(status).toBe(1);
  });
});
