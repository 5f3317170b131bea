// The command line of the project's scripts (the staff's CLIs and the benches): `--help` prints the
// comment the script opens with, which says what it does and what it takes, and a mistyped option gets
// one plain line rather than Node's stack trace.
import { readFileSync } from "node:fs";
import { type ParseArgsConfig, parseArgs } from "node:util";

/** The comment a script file opens with, without its comment markers. */
export function openingComment(file: string): string {
  const lines = readFileSync(file, "utf8").split("\n");
  const end = lines.findIndex((line) => !line.startsWith("//"));
  return lines
    .slice(0, end === -1 ? lines.length : end)
    .map((line) => line.replace(/^\/\/ ?/, ""))
    .join("\n");
}

function isParseArgsError(error: unknown): error is Error {
  return error instanceof Error && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS_");
}

/**
 * `parseArgs` for the script in `file`. With `--help` or `-h` (before any `--`), prints the script's
 * opening comment and exits 0; with an option it does not take, or one missing its value, says which
 * and exits 2.
 */
export function parseCommandLine<T extends ParseArgsConfig>(file: string, config: T): ReturnType<typeof parseArgs<T>> {
  const args = config.args ?? process.argv.slice(2);
  const terminator = args.indexOf("--");
  const options = terminator === -1 ? args : args.slice(0, terminator);
  if (options.includes("--help") || options.includes("-h")) {
    console.log(openingComment(file));
    process.exit(0);
  }
  try {
    return parseArgs(config);
  } catch (error) {
    if (!isParseArgsError(error)) throw error;
    // Node adds a hint on positional arguments that start with "-", which only confuses a mistyped option.
    const message = error.message.replace(/\. To specify a positional argument.*$/s, "");
    console.error(`${message}\nAdd --help to see what it takes.`);
    process.exit(2);
  }
}
