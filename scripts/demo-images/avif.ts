/**
 * Writes the AVIF renditions of every image the demo shows as a hero (the pages' heroes and the blog
 * posts' featured images) beside their WebP ones (`<name>.w<width>.avif`), encoded as the content
 * stand-in encodes an AVIF it has not stored (demo/contentful-files.ts), at the quality the site asks
 * for. A page's hero is then answered at once: encoded on its first request, a busy machine could take
 * longer than the demo proxy waits (10 s), and the page would show its fallback image.
 *
 *   node scripts/demo-images/avif.ts          # every hero, every hero width
 *   node scripts/demo-images/avif.ts 800 1280 # only these widths
 */
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import sharp from "sharp";
import { HERO_AVIF_QUALITY, heroImageWidths } from "../../app/domain/images.ts";
import { encodeAvif } from "../../demo/contentful-files.ts";
import { draftPosts, posts } from "../../demo/dataset/posts.ts";

const root = join(import.meta.dirname, "..", "..");
const imagesDir = join(root, "demo", "assets", "images.ctfassets.net");
const widths = process.argv.length > 2 ? process.argv.slice(2).map(Number) : [...heroImageWidths];
const featuredImages = new Set([...posts.map((post) => `blog-${post.slug}`), ...draftPosts.map((post) => post.image)]);
const shownAsHero = (asset: string) => asset.startsWith("hero-") || featuredImages.has(asset);

for (const space of readdirSync(imagesDir)) {
  for (const asset of readdirSync(join(imagesDir, space)).filter(shownAsHero)) {
    for (const token of readdirSync(join(imagesDir, space, asset))) {
      const folder = join(imagesDir, space, asset, token);
      const master = join(folder, `${asset}.webp`);
      if (!existsSync(master)) continue;
      const masterWidth = (await sharp(master).metadata()).width ?? 0;
      // A width beyond the master's is asked for as the master's (the stand-in never enlarges).
      for (const width of new Set(widths.map((candidate) => Math.min(candidate, masterWidth)))) {
        const target = join(folder, `${asset}.w${width}.avif`);
        if (existsSync(target)) continue;
        const bytes = await encodeAvif(master, width, HERO_AVIF_QUALITY);
        writeFileSync(target, bytes);
        console.log(`${relative(root, target)}  ${(bytes.length / 1024).toFixed(1)} KB`);
      }
    }
  }
}
