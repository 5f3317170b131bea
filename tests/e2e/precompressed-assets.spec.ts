/**
 * The build compresses its scripts once, at the highest settings (scripts/precompress-assets.ts), and
 * the server sends those files rather than compressing each request (server/precompressed-assets.ts).
 * Every compressed file must be its asset exactly (the build's secret scans read the assets
 * themselves), and a real browser must get them and run them.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test, waitForHydration } from "./support/fixtures";

const assetsDir = path.resolve("build/client/assets");
const decode = { ".br": zlib.brotliDecompressSync, ".gz": zlib.gunzipSync } as const;

test("every precompressed file of the build is its asset, byte for byte", () => {
  const names = readdirSync(assetsDir);
  const compressed = names.filter((name) => name.endsWith(".br") || name.endsWith(".gz"));
  expect(
    names.some((name) => /^framework-.*\.js\.br$/.test(name)),
    "the framework chunk in brotli",
  ).toBe(true);
  expect(compressed.length).toBeGreaterThan(10);
  for (const name of compressed) {
    const suffix = path.extname(name) as keyof typeof decode;
    const original = name.slice(0, -suffix.length);
    expect(names, `${name} without its asset`).toContain(original);
    const decoded = decode[suffix](readFileSync(path.join(assetsDir, name)));
    expect(decoded.equals(readFileSync(path.join(assetsDir, original))), name).toBe(true);
  }
});

test("a browser gets the page's scripts as the build's brotli files, and they hydrate the page", async ({ page }) => {
  const scripts = new Map<string, { encoding?: string; length?: string }>();
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith("/assets/") || !pathname.endsWith(".js")) return;
    const headers = response.headers();
    scripts.set(path.basename(pathname), { encoding: headers["content-encoding"], length: headers["content-length"] });
  });
  await page.goto("/coworking");
  await waitForHydration(page);

  expect([...scripts.keys()].some((name) => name.startsWith("framework-"))).toBe(true);
  for (const [name, answer] of scripts) {
    const brotli = path.join(assetsDir, `${name}.br`);
    let size: number;
    try {
      size = statSync(brotli).size;
    } catch {
      continue; // too small to be worth compressing: compressed per request, as before
    }
    // The file's own length: sent as built, not compressed again.
    expect(answer, name).toEqual({ encoding: "br", length: String(size) });
  }
});
