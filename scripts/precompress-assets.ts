import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";
import { compressOnce, PRECOMPRESSED_ENCODINGS } from "../server/precompressed-assets.ts";

/** Text assets worth compressing; fonts and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|map)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of `files` (paths relative to
 * `directory`), each only when it is smaller than the file. Returns the paths written.
 */
export async function precompressFiles(directory: string, files: readonly string[]): Promise<string[]> {
  const written: string[] = [];
  await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file))
      .map(async (file) => {
        const data = await readFile(path.join(directory, file));
        if (data.length < MIN_BYTES) return;
        for (const { encoding, suffix } of PRECOMPRESSED_ENCODINGS) {
          const compressed = await compressOnce(encoding, data);
          if (compressed.length >= data.length) continue;
          await writeFile(path.join(directory, file + suffix), compressed);
          written.push(file + suffix);
        }
      }),
  );
  return written.sort();
}

/**
 * The client build's scripts, styles and icons compressed once, at the highest settings, beside each
 * file: the server sends those (server/precompressed-assets.ts) instead of compressing every request
 * for them again at a low setting (a brotli request for the framework chunk took 18-40 ms of the
 * server's CPU, and came out a sixth larger).
 */
export function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      if (!options.dir) return;
      await precompressFiles(options.dir, Object.keys(bundle));
    },
  };
}
