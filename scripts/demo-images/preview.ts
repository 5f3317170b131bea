/**
 * Renders scenes to PNG for a quick look: node scripts/demo-images/preview.ts OUT_DIR scene[:seed[:variant]] ...
 * (a developer tool; the committed images come from generate.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openRenderer } from "./host.ts";

const [out = "/tmp/demo-preview", ...specs] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const r = await openRenderer();
const w = Number(process.env.W ?? 960);
const h = Number(process.env.H ?? 540);
try {
  for (const spec of specs) {
    const [name = "", seed = "1", variant = "0"] = spec.split(":");
    const t0 = Date.now();
    await r.scene(spec, name, w, h, Number(seed), { variant: Number(variant) });
    const png = await r.encode(spec, w, h, "image/png");
    const webp = await r.encode(spec, w, h, "image/webp", 0.72);
    const file = join(out, `${name}-${seed}-${variant}.png`);
    writeFileSync(file, png);
    console.log(`${file} ${Date.now() - t0} ms, webp ${Math.round(webp.length / 1024)} KB`);
  }
  if (process.env.SHEET) {
    const tw = Number(process.env.TW ?? 640);
    const th = Math.round((tw * h) / w);
    writeFileSync(join(out, process.env.SHEET), await r.sheet(specs, 2, tw, th));
  }
} finally {
  await r.close();
}
