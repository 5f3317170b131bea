// npm run previous-release: builds the release named in ops/previous-release (a commit of this
// repository) into a folder of its own, for the version-skew test (tests/skew/) to run beside this one.
// The commit comes from this repository's history (`git archive`), its packages from its own lock file
// (`npm ci`), and its build from its own `npm run build`: the previous release as it shipped. A folder
// already built from that commit is used again. Prints the folder.
//
//   npm run previous-release [-- --folder <dir>]   (default: <system temp>/hub-previous-release-<commit>)
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseCommandLine } from "./command-line.ts";

const root = path.join(import.meta.dirname, "..");
const READY = ".previous-release-ready";

/** The commit ops/previous-release names (its one line that is not a comment). */
export function previousReleaseCommit(file = path.join(root, "ops/previous-release")): string {
  const lines = readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  const [commit] = lines;
  if (lines.length !== 1 || !commit || !/^[0-9a-f]{40}$/.test(commit)) {
    throw new Error(`${file} must name one commit by its 40 hex digits (found ${JSON.stringify(lines)}).`);
  }
  return commit;
}

export const defaultFolder = (commit: string) => path.join(tmpdir(), `hub-previous-release-${commit.slice(0, 12)}`);

/** Runs a command in `cwd`; its output goes to this process's standard error, so stdout stays the folder's. */
function run(command: string, args: string[], cwd: string, input?: NodeJS.ReadableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: [input ? "pipe" : "ignore", "inherit", "inherit"] });
    if (input && child.stdin) input.pipe(child.stdin);
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with code ${code} (in ${cwd})`)),
    );
  });
}

/** Builds the previous release into `folder` unless it holds that build already; returns the folder. */
export async function buildPreviousRelease(commit: string, folder = defaultFolder(commit)): Promise<string> {
  const ready = path.join(folder, READY);
  if (existsSync(ready) && readFileSync(ready, "utf8").trim() === commit) return folder;
  const has = () =>
    run("git", ["cat-file", "-e", `${commit}^{commit}`], root).then(
      () => true,
      () => false,
    );
  // A shallow clone (a CI checkout, say) lacks it: fetch that one commit from where the clone came from.
  if (!(await has())) await run("git", ["fetch", "--quiet", "--depth=1", "origin", commit], root).catch(() => {});
  if (!(await has())) {
    throw new Error(
      `The previous release ${commit} (ops/previous-release) is not in this clone's history, and fetching it from origin failed: clone without --depth, or fetch it (git fetch origin ${commit}).`,
    );
  }
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const archive = spawn("git", ["archive", "--format=tar", commit], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await run("tar", ["-x", "-f", "-"], folder, archive.stdout!);
  await run("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"], folder);
  await run("npm", ["run", "build"], folder);
  writeFileSync(ready, `${commit}\n`);
  return folder;
}

if (import.meta.main) {
  const { values } = parseCommandLine(import.meta.filename, { options: { folder: { type: "string" } } });
  const commit = previousReleaseCommit();
  console.error(`Building the previous release ${commit.slice(0, 12)} (ops/previous-release)…`);
  console.log(await buildPreviousRelease(commit, values.folder));
}
