import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";

/**
 * The W3C's Nu HTML Checker (the `vnu-jar` package, run by the machine's Java 11+). It is the checker
 * the W3C runs at validator.w3.org/nu, so "no error here" means no error there.
 */
const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

export interface NuMessage {
  /** `error`, or `non-document-error` when a file could not be read at all. */
  type: string;
  /** The checked file's `file:` URL. */
  url: string;
  message: string;
  lastLine?: number;
  firstColumn?: number;
  extract?: string;
}

/** The errors the Nu HTML Checker finds in the given HTML files (warnings and notes left out). */
export async function nuErrors(files: string[]): Promise<NuMessage[]> {
  const args = [
    // Only the quick JIT compiler: the checker starts with half the CPU time, which matters on a busy
    // machine. Its larger stack frames need more than the checker's 512 KB minimum stack.
    "-XX:TieredStopAtLevel=1",
    "-Xss8m",
    "-jar",
    vnuJar,
    "--errors-only",
    "--format",
    "json",
    "--stdout",
    "--exit-zero-always",
    ...files,
  ];
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)("java", args, { maxBuffer: 64 * 1024 * 1024 }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error(
        "The Nu HTML Checker needs Java 11 or later on the PATH: sudo apt-get install -y default-jre-headless",
      );
    }
    throw error;
  }
  return (JSON.parse(stdout) as { messages: NuMessage[] }).messages;
}
