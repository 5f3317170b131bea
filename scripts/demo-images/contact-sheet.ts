/**
 * Tiles image files (WebP, JPEG, PNG) into one PNG for review:
 *   node scripts/demo-images/contact-sheet.ts OUT.png COLS TILE_WIDTH FILE...
 */
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "../chromium-path.js";

const [out = "/tmp/sheet.png", cols = "3", tile = "480", ...files] = process.argv.slice(2);
const mime = (f: string) =>
  f.endsWith(".jpg")
    ? "image/jpeg"
    : f.endsWith(".png")
      ? "image/png"
      : f.endsWith(".svg")
        ? "image/svg+xml"
        : "image/webp";
const urls = files.map((f) => `data:${mime(f)};base64,${readFileSync(f).toString("base64")}`);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  const page = await browser.newPage();
  const data: string = await page.evaluate(
    async ([list, c, t]) => {
      const imgs = await Promise.all(
        list.map(async (u) => {
          const i = new Image();
          i.src = u;
          await i.decode();
          return i;
        }),
      );
      const th = Math.round(t * 0.5625);
      const canvas = document.createElement("canvas");
      canvas.width = c * t;
      canvas.height = Math.ceil(imgs.length / c) * th;
      const ctx = canvas.getContext("2d")!;
      imgs.forEach((img, n) => {
        const s = Math.max(t / img.width, th / img.height);
        const w = img.width * s;
        const h = img.height * s;
        ctx.save();
        ctx.beginPath();
        ctx.rect((n % c) * t, Math.floor(n / c) * th, t, th);
        ctx.clip();
        ctx.drawImage(img, (n % c) * t + (t - w) / 2, Math.floor(n / c) * th + (th - h) / 2, w, h);
        ctx.restore();
      });
      return canvas.toDataURL("image/png");
    },
    [urls, Number(cols), Number(tile)] as const,
  );
  writeFileSync(out, Buffer.from(data.slice(data.indexOf(",") + 1), "base64"));
} finally {
  await browser.close();
}
