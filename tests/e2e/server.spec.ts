import { spawnSync } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { DEMO_ACCESS_TOKEN } from "../../demo/contentful.ts";
import { DEMO_EVENTS_CLIENT_SECRET } from "../../demo/events.ts";
import { expect, test } from "./support/fixtures";
import { siteRoutes } from "./support/routes";
import { LIVE_SITE } from "./support/servers";

test.describe("the server", () => {
  test("answers /healthz with the integrations' modes, all demo by default", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    const body = await response.json();
    expect(body.status).toBe("ok");
    expect(body.integrations).toEqual({
      content: "demo",
      events: "demo",
      leads: "demo",
      booking: "demo",
      analytics: "demo",
    });
  });

  test("refuses to start with a bad setting and names the variable", () => {
    const result = spawnSync(process.execPath, ["server.js"], {
      env: { ...process.env, NODE_ENV: "production", PORT: "not-a-port", CONTENTFUL_SPACE_ID: "space-without-token" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT:");
    expect(result.stderr).toContain("CONTENTFUL_ACCESS_TOKEN: required when CONTENTFUL_SPACE_ID is set");
  });

  test("sends security headers and a fresh CSP nonce that the page's inline scripts carry", async ({ request }) => {
    const first = await request.get("/");
    const second = await request.get("/");
    const headers = first.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["x-powered-by"]).toBeUndefined();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers()["content-security-policy"]).not.toContain(nonce);
    const html = await first.text();
    const inlineScripts = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test("compresses pages and caches hashed assets for a year", async ({ request }) => {
    const page = await request.get("/terms", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(page.headers()["content-encoding"]).toMatch(/gzip|br/);
    expect(page.headers()["cache-control"]).toBe("private, max-age=60");
    const script = (await page.text()).match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(script).toBeTruthy();
    const asset = await request.get(script as string);
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("keeps server secrets out of the browser build and the pages", async ({ request }) => {
    const secrets = [DEMO_EVENTS_CLIENT_SECRET, DEMO_ACCESS_TOKEN, "EVENTS_CLIENT_SECRET", "LEAD_WEBHOOK_URL"];
    const clientDir = path.resolve("build/client");
    const files = (await readdir(clientDir, { recursive: true, withFileTypes: true })).filter((entry) =>
      entry.isFile(),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = await readFile(path.join(file.parentPath, file.name), "latin1");
      for (const secret of secrets) expect(text.includes(secret), `${secret} in ${file.name}`).toBe(false);
    }
    for (const route of siteRoutes) {
      const html = await (await request.get(route.path)).text();
      for (const secret of secrets) expect(html.includes(secret), `${secret} in ${route.path}`).toBe(false);
    }
  });

  // On the second server, so that the flood does not limit other tests' form posts.
  test("refuses a flood of form posts with HTTP 429", async ({ request }) => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 32; attempt += 1) {
      statuses.push((await request.post(`${LIVE_SITE.url}/press`, { form: { anything: "x" } })).status());
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(2);
  });
});
