import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASELINE_PAGE, BASELINE_SCRIPT, BASELINE_TAP_PATH, startBaselineServer } from "./baseline-page.ts";

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
    expect(response.headers.get("content-security-policy")).toBe(`default-src 'none'; script-src 'sha256-${hash}'`);
  });

  it("serves, at its tap path, the same page with a native disclosure at its top and nothing else added", async () => {
    const html = await (await fetch(`${baseline.origin}${BASELINE_TAP_PATH}`)).text();
    expect(html).toMatch(/<body><details><summary>Menu<\/summary>/);
    expect(html.replace(/<details>.*?<\/details>/, "")).toBe(BASELINE_PAGE);
  });
});
