import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openingComment } from "./command-line.ts";

const scratch = mkdtempSync(path.join(tmpdir(), "command-line-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(script: string, ...args: string[]) {
  return spawnSync(process.execPath, [script, ...args], {
    encoding: "utf8",
    env: { ...process.env, DATA_DIR: scratch, DATABASE_URL: "" },
  });
}

const leads = path.resolve(import.meta.dirname, "leads.ts");

/** A script of its own: its opening comment, one option, and what it was given, as JSON. */
const echo = path.join(scratch, "echo.ts");
writeFileSync(
  echo,
  [
    "// Echoes its command line.",
    "//   --times <n>   how often",
    `import { parseCommandLine } from ${JSON.stringify(path.resolve(import.meta.dirname, "command-line.ts"))};`,
    'const { values, positionals } = parseCommandLine(import.meta.filename, { allowPositionals: true, options: { times: { type: "string" } } });',
    "console.log(JSON.stringify({ values, positionals }));",
  ].join("\n"),
);

describe("a script's command line", () => {
  it("reads the comment a script opens with, up to its first line of code", () => {
    expect(openingComment(echo)).toBe("Echoes its command line.\n  --times <n>   how often");
  });

  it("answers --help and -h with that comment, and nothing else", () => {
    for (const flag of ["--help", "-h"]) {
      const result = run(echo, "--times", "2", flag);
      expect(result.status).toBe(0);
      expect(result.stdout).toBe("Echoes its command line.\n  --times <n>   how often\n");
    }
  });

  it("takes --help after -- as an argument, not a request for help", () => {
    const result = run(echo, "--", "--help");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ values: {}, positionals: ["--help"] });
  });

  it("says in one line which option it does not take, and exits 2, without a stack trace", () => {
    const result = run(echo, "--tims", "2");
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe("Unknown option '--tims'\nAdd --help to see what it takes.\n");
  });

  it("says which option is missing its value", () => {
    const result = run(echo, "--times");
    expect(result.status).toBe(2);
    expect(result.stderr).toBe("Option '--times <value>' argument missing\nAdd --help to see what it takes.\n");
  });

  it("gives the staff's leads command its commands on --help, and a plain line for a mistyped option", () => {
    const help = run(leads, "--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("npm run leads -- list [--status pending|delivered|spam] [--full] [--json]");
    expect(help.stdout).toContain("npm run leads -- release <lead id>");
    expect(help.stdout).toContain("Destructive commands ask for confirmation unless given --yes.");
    expect(help.stdout).not.toContain("//");

    const mistyped = run(leads, "list", "--stauts", "pending");
    expect(mistyped.status).toBe(2);
    expect(mistyped.stderr).toBe("Unknown option '--stauts'\nAdd --help to see what it takes.\n");
  });
});
