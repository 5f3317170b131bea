import { existsSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetPath, contentfulImages, fileNameOf } from "./catalog.ts";
import { openRenderer, type Renderer } from "./host.ts";

/**
 * A smoke test of the demo image generator: it renders one scene of the catalog in headless Chromium,
 * small, and the result is a real picture (not a blank canvas) that comes out the same every time.
 */

const root = join(import.meta.dirname, "..", "..");
const WIDTH = 320;
const HEIGHT = 180;

let renderer: Renderer;

beforeAll(async () => {
  renderer = await openRenderer();
}, 30_000);

afterAll(async () => {
  await renderer?.close();
});

async function renderPng(key: string, scene: string, seed: number): Promise<Buffer> {
  await renderer.scene(key, scene, WIDTH, HEIGHT, seed, { variant: 0, time: "day", people: 2 });
  const png = await renderer.encode(key, WIDTH, HEIGHT, "image/png");
  await renderer.drop(key);
  return png;
}

describe("demo image generator", () => {
  it("renders a catalog scene into a detailed picture, the same on every run", async () => {
    const image = contentfulImages.find((candidate) => candidate.id === "hero-coworking");
    expect(image, "the catalog lists hero-coworking").toBeDefined();
    const scene = image!.scene;

    const first = await renderPng("first", scene, 7);
    const { width, height } = await sharp(first).metadata();
    expect({ width, height }).toEqual({ width: WIDTH, height: HEIGHT });
    const { channels } = await sharp(first).stats();
    // A blank or flat canvas has a deviation near 0; a rendered room has light, shadow and furniture.
    for (const channel of channels.slice(0, 3)) expect(channel.stdev).toBeGreaterThan(20);

    const second = await renderPng("second", scene, 7);
    expect(second.equals(first)).toBe(true);
    const otherSeed = await renderPng("other", scene, 8);
    expect(otherSeed.equals(first)).toBe(false);
  }, 30_000);

  it("has the committed file of every catalog image (the dataset builder reads their sizes)", () => {
    const missing = contentfulImages
      .map((image) => assetPath(image.id, fileNameOf(image)))
      .filter((path) => !existsSync(join(root, "demo", "assets", path)));
    expect(missing).toEqual([]);
  });
});
