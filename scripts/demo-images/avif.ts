/**
 * Writes the demo heroes' AVIF renditions beside their WebP ones (`<name>.w<width>.avif`), encoded as
 * the content stand-in encodes an AVIF it has not stored (demo/contentful-files.ts), at the quality
 * the site asks for, so a page's hero is answered at once rather than encoded on its first request.
 *
 *   node scripts/demo-images/avif.ts          # every hero, every hero width
 *   node scripts/demo-images/avif.ts 800 1280 # only these widths
 */
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import sharp from "sharp";
import { HERO_AVIF_QUALITY, heroImageWidths } from "../../app/lib/images.ts";
import { encodeAvif } from "../../demo/contentful-files.ts";

const root = join(import.meta.dirname, "..", "..");
const imagesDir = join(root, "demo", "assets", "images.ctfassets.net");
const widths = process.argv.length > 2 ? process.argv.slice(2).map(Number) : [...heroImageWidths];

for (const space of readdirSync(imagesDir)) {
  for (const asset of readdirSync(join(imagesDir, space)).filter((name) => name.startsWith("hero-"))) {
    for (const token of readdirSync(join(imagesDir, space, asset))) {
      const folder = join(imagesDir, space, asset, token);
      const master = join(folder, `${asset}.webp`);
      if (!existsSync(master)) continue;
      const masterWidth = (await sharp(master).metadata()).width ?? 0;
      for (const width of widths.filter((candidate) => candidate <= masterWidth)) {
        const target = join(folder, `${asset}.w${width}.avif`);
        if (existsSync(target)) continue;
        const bytes = await encodeAvif(master, width, HERO_AVIF_QUALITY);
        writeFileSync(target, bytes);
        console.log(`${relative(root, target)}  ${(bytes.length / 1024).toFixed(1)} KB`);
      }
    }
  }
}
