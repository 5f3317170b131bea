/**
 * Renders every demo image in headless Chromium and writes it to disk (deterministic: re-running
 * produces the same files).
 *
 *   node scripts/demo-images/generate.ts            # everything
 *   node scripts/demo-images/generate.ts hero- og   # only jobs whose key starts with one of these
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { BUDGET_KB, assetPath, contentfulImages, fileNameOf, logoAssets, seedOf, staticImages } from "./catalog.ts";
import { openRenderer, type Renderer } from "./host.ts";
import { faviconSvg } from "./logos.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const assetsDir = join(root, "demo", "assets");
const filters = process.argv.slice(2);
const wanted = (key: string) => filters.length === 0 || filters.some((f) => key.startsWith(f));

function write(path: string, data: Buffer | string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
}

/** Encodes at quality 0.72, stepping down until the file fits its budget. */
async function encodeWithin(
  r: Renderer,
  key: string,
  w: number,
  h: number,
  type: string,
  budgetKB: number,
): Promise<{ buf: Buffer; q: number }> {
  let q = 0.72;
  for (;;) {
    const buf = await r.encode(key, w, h, type, q);
    if (buf.length <= budgetKB * 1024 || q <= 0.3) {
      if (buf.length > budgetKB * 1024)
        throw new Error(`${key} ${w}px is ${Math.round(buf.length / 1024)} KB, over its ${budgetKB} KB budget`);
      return { buf, q };
    }
    q = Math.round((q - 0.06) * 100) / 100;
  }
}

function report(path: string, buf: Buffer, q: number): void {
  console.log(`${relative(root, path).padEnd(110)} ${String(Math.round(buf.length / 1024)).padStart(4)} KB  q=${q}`);
}

const r = await openRenderer();

type SceneSpec = Pick<
  (typeof contentfulImages)[number],
  "scene" | "width" | "height" | "seed" | "variant" | "time" | "people" | "look"
>;

function renderScene(key: string, img: SceneSpec) {
  const { variant, time, people, look } = img;
  return r.scene(key, img.scene, img.width, img.height, img.seed ?? seedOf(key), { variant, time, people, look });
}
const t0 = Date.now();
try {
  for (const img of contentfulImages) {
    if (!wanted(img.id)) continue;
    await renderScene(img.id, img);
    const fileName = fileNameOf(img);
    for (const width of [img.width, ...img.widths]) {
      const height = Math.round((width * img.height) / img.width);
      const { buf, q } = await encodeWithin(r, img.id, width, height, "image/webp", BUDGET_KB[width] ?? 110);
      const path = join(assetsDir, assetPath(img.id, fileName, width === img.width ? undefined : width));
      write(path, buf);
      report(path, buf, q);
    }
    await r.drop(img.id);
  }
  for (const logo of logoAssets) {
    if (!wanted(logo.id)) continue;
    const path = join(assetsDir, assetPath(logo.id, logo.fileName));
    write(path, logo.svg);
    console.log(`${relative(root, path)} ${logo.svg.length} B`);
  }
  for (const img of staticImages) {
    if (!wanted(img.key)) continue;
    await renderScene(img.key, img);
    for (const out of img.outputs) {
      const { buf, q } = await encodeWithin(r, img.key, out.width, out.height, out.type, out.budgetKB);
      const path = join(root, out.path);
      write(path, buf);
      report(path, buf, q);
    }
    await r.drop(img.key);
  }
  if (wanted("og")) {
    await r.graphic("og", "og", 1200, 630, 401, {});
    const { buf, q } = await encodeWithin(r, "og", 1200, 630, "image/jpeg", 120);
    write(join(root, "public", "og-default.jpg"), buf);
    report(join(root, "public", "og-default.jpg"), buf, q);
  }
  if (wanted("icons")) {
    write(join(root, "public", "favicon.svg"), faviconSvg(true));
    await r.graphic("apple", "svgIcon", 180, 180, 0, { svg: faviconSvg(false) });
    const png = await r.encode("apple", 180, 180, "image/png");
    write(join(root, "public", "apple-touch-icon.png"), png);
    console.log(`public/favicon.svg, public/apple-touch-icon.png (${png.length} B)`);
  }
} finally {
  await r.close();
}
console.log(`done in ${Math.round((Date.now() - t0) / 1000)} s`);
