/**
 * Starts headless Chromium and serves the scene modules (TypeScript with the types stripped) to a page
 * from an in-process route, so nothing is fetched from the network.
 */
import { existsSync, readFileSync } from "node:fs";
import { stripTypeScriptTypes } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "../chromium-path.js";

const here = dirname(fileURLToPath(import.meta.url));
const ORIGIN = "http://demo-images.invalid";

const MODULES = ["engine.ts", "kit.ts", "scenes.ts", "exterior.ts", "rooms.ts", "graphics.ts"];

function stripQuietly(source: string): string {
  const emit = process.emitWarning;
  process.emitWarning = () => {};
  try {
    return stripTypeScriptTypes(source);
  } finally {
    process.emitWarning = emit;
  }
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"></head><body>
<script type="module">
import { scenes } from "./scenes.ts";
import { graphics } from "./graphics.ts";
const canvases = new Map();
window.__renderScene = (key, name, w, h, seed, params) => {
  const fn = scenes[name];
  if (!fn) throw new Error("unknown scene " + name);
  canvases.set(key, fn(w, h, seed, params));
  return true;
};
window.__renderGraphic = async (key, name, w, h, seed, params) => {
  const fn = graphics[name];
  if (!fn) throw new Error("unknown graphic " + name);
  canvases.set(key, await fn(w, h, seed, params));
  return true;
};
window.__encode = (key, w, h, type, quality) => {
  const src = canvases.get(key);
  let cur = src;
  // Halve step by step for a clean downscale, then draw the final size.
  while (cur.width / 2 >= w * 1.05) {
    const c = document.createElement("canvas");
    c.width = Math.round(cur.width / 2);
    c.height = Math.round(cur.height / 2);
    const x = c.getContext("2d");
    x.imageSmoothingQuality = "high";
    x.drawImage(cur, 0, 0, c.width, c.height);
    cur = c;
  }
  if (cur.width !== w || cur.height !== h) {
    const c = document.createElement("canvas");
    c.width = w;
    c.height = h;
    const x = c.getContext("2d");
    x.imageSmoothingQuality = "high";
    // Cover-crop if the aspect differs.
    const sa = cur.width / cur.height;
    const da = w / h;
    let sx = 0, sy = 0, sw = cur.width, sh = cur.height;
    if (sa > da) { sw = cur.height * da; sx = (cur.width - sw) / 2; } else if (sa < da) { sh = cur.width / da; sy = (cur.height - sh) / 2; }
    x.drawImage(cur, sx, sy, sw, sh, 0, 0, w, h);
    cur = c;
  }
  return cur.toDataURL(type, quality);
};
window.__drop = (key) => canvases.delete(key);
window.__sheet = (keys, cols, tw, th) => {
  const c = document.createElement("canvas");
  c.width = cols * tw;
  c.height = Math.ceil(keys.length / cols) * th;
  const x = c.getContext("2d");
  x.imageSmoothingQuality = "high";
  keys.forEach((k, i) => x.drawImage(canvases.get(k), (i % cols) * tw, Math.floor(i / cols) * th, tw, th));
  return c.toDataURL("image/png");
};
window.__ready = true;
</script></body></html>`;

interface HostWindow {
  __renderScene(key: string, name: string, w: number, h: number, seed: number, params: unknown): boolean;
  __renderGraphic(key: string, name: string, w: number, h: number, seed: number, params: unknown): Promise<boolean>;
  __encode(key: string, w: number, h: number, type: string, quality?: number): string;
  __drop(key: string): void;
  __sheet(keys: string[], cols: number, tw: number, th: number): string;
}

export interface Renderer {
  page: Page;
  scene(key: string, name: string, w: number, h: number, seed: number, params: unknown): Promise<void>;
  graphic(key: string, name: string, w: number, h: number, seed: number, params: unknown): Promise<void>;
  encode(key: string, w: number, h: number, type: string, quality?: number): Promise<Buffer>;
  drop(key: string): Promise<void>;
  sheet(keys: string[], cols: number, tw: number, th: number): Promise<Buffer>;
  close(): Promise<void>;
}

export async function openRenderer(): Promise<Renderer> {
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags,
  });
  const page = await browser.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.route(`${ORIGIN}/**`, async (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    if (name === "" || name === "index.html") return route.fulfill({ contentType: "text/html", body: PAGE });
    if (MODULES.includes(name)) {
      const js = stripQuietly(readFileSync(join(here, name), "utf8"));
      return route.fulfill({ contentType: "text/javascript", body: js });
    }
    if (name.startsWith("fonts/")) {
      // Inter is optional (the site itself no longer uses it): without it the social card falls back to DejaVu Sans.
      const file = join(here, "..", "..", "node_modules", "@fontsource-variable", "inter", "files", name.slice(6));
      if (existsSync(file)) return route.fulfill({ contentType: "font/woff2", body: readFileSync(file) });
    }
    return route.fulfill({ status: 404, body: "" });
  });
  await page.route("**/*", (route) => (route.request().url().startsWith(ORIGIN) ? route.fallback() : route.abort()));
  await page.goto(`${ORIGIN}/index.html`);
  await page.waitForFunction(() => (window as unknown as { __ready?: boolean }).__ready === true);
  return {
    page,
    async scene(key, name, w, h, seed, params) {
      await page.evaluate(
        ([k, n, ww, hh, sd, pr]) => (window as unknown as HostWindow).__renderScene(k, n, ww, hh, sd, pr),
        [key, name, w, h, seed, params] as const,
      );
    },
    async graphic(key, name, w, h, seed, params) {
      await page.evaluate(
        ([k, n, ww, hh, sd, pr]) => (window as unknown as HostWindow).__renderGraphic(k, n, ww, hh, sd, pr),
        [key, name, w, h, seed, params] as const,
      );
    },
    async encode(key, w, h, type, quality) {
      const url: string = await page.evaluate(
        ([k, ww, hh, t, q]) => (window as unknown as HostWindow).__encode(k, ww, hh, t, q),
        [key, w, h, type, quality] as const,
      );
      return Buffer.from(url.slice(url.indexOf(",") + 1), "base64");
    },
    async drop(key) {
      await page.evaluate((k) => (window as unknown as HostWindow).__drop(k), key);
    },
    async sheet(keys, cols, tw, th) {
      const url: string = await page.evaluate(([k, c, a, b]) => (window as unknown as HostWindow).__sheet(k, c, a, b), [
        keys,
        cols,
        tw,
        th,
      ] as const);
      return Buffer.from(url.slice(url.indexOf(",") + 1), "base64");
    },
    async close() {
      await browser.close();
    },
  };
}
