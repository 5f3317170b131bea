import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BASELINE_PAGE,
  BASELINE_PHOTO_PATH,
  BASELINE_SCRIPT,
  BASELINE_TAP_PATH,
  startBaselineServer,
} from "./baseline-page.ts";

describe("the benchmarks' baseline page", () => {
  let baseline: Awaited<ReturnType<typeof startBaselineServer>>;
  beforeAll(async () => {
    baseline = await startBaselineServer();
  });
  afterAll(() => baseline.server.close());

  it("is served on a loopback port of its own, at any path", async () => {
    expect(baseline.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const path of ["/", "/coworking"]) {
      const response = await fetch(`${baseline.origin}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    }
  });

  it("answers the browser's favicon request with nothing, so a page load fetches the page alone", async () => {
    const response = await fetch(`${baseline.origin}/favicon.ico`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("");
  });

  it("has nothing of the site's in it: text only, and one inline script", async () => {
    const html = await (await fetch(`${baseline.origin}/`)).text();
    expect(html.match(/<h2>/g)).toHaveLength(20);
    expect(html).not.toMatch(/<style|<link|<img|<svg|src=/);
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).toContain(`<script>${BASELINE_SCRIPT}</script>`);
  });

  it("lets that script run, and nothing else, by its hash", async () => {
    const response = await fetch(`${baseline.origin}/`);
    const hash = createHash("sha256").update(BASELINE_SCRIPT).digest("base64");
    expect(response.headers.get("content-security-policy")).toBe(
      `default-src 'none'; img-src 'self'; script-src 'sha256-${hash}'`,
    );
  });

  it("serves, at its tap path, the same page with a native disclosure at its top and nothing else added", async () => {
    const html = await (await fetch(`${baseline.origin}${BASELINE_TAP_PATH}`)).text();
    expect(html).toMatch(/<body><details><summary>Menu<\/summary>/);
    expect(html.replace(/<details>.*?<\/details>/, "")).toBe(BASELINE_PAGE);
  });

  it("has no photograph page unless it is given a photograph", async () => {
    expect(await (await fetch(`${baseline.origin}${BASELINE_PHOTO_PATH}`)).text()).toBe(BASELINE_PAGE);
  });
});

describe("the baseline page with a photograph", () => {
  const photo = { bytes: new Uint8Array([1, 2, 3, 4, 5]), contentType: "image/avif", width: 800, height: 450 };
  let baseline: Awaited<ReturnType<typeof startBaselineServer>>;
  beforeAll(async () => {
    baseline = await startBaselineServer(photo);
  });
  afterAll(() => baseline.server.close());

  it("is the same page with the photograph, preloaded and sized, at its top and nothing else added", async () => {
    const html = await (await fetch(`${baseline.origin}${BASELINE_PHOTO_PATH}`)).text();
    const preload = html.match(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/);
    const image = html.match(/<body><img src="([^"]+)" width="800" height="450" alt="" fetchpriority="high"[^>]*>/);
    expect(preload?.[1]).toBeDefined();
    expect(image?.[1]).toBe(preload?.[1]);
    expect(html.replace(preload![0], "").replace(/<img [^>]*>/, "")).toBe(BASELINE_PAGE);
  });

  it("serves the photograph's bytes as they were given, from its own origin", async () => {
    const html = await (await fetch(`${baseline.origin}${BASELINE_PHOTO_PATH}`)).text();
    const src = html.match(/<img src="([^"]+)"/)![1]!;
    const response = await fetch(`${baseline.origin}${src}`);
    expect(response.headers.get("content-type")).toBe("image/avif");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(photo.bytes);
  });
});
