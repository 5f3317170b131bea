import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { DEMO_ACCESS_TOKEN } from "../../demo/contentful.ts";
import { DEMO_EVENTS_CLIENT_SECRET } from "../../demo/events.ts";
import { startWebhookSink } from "../../demo/webhook.ts";
import { renderedFormToken, TEST_FORM_TOKEN_SECRET } from "../support/form-token.ts";
import { expect, test } from "./support/fixtures";
import { siteRoutes } from "./support/routes";
import { DEMO_SITE } from "./support/servers";
import { spawnSite } from "./support/spawn-site";
import { readinessOf, TEST_METRICS_TOKEN } from "../support/readiness.ts";

test.describe("the server", () => {
  test("answers /healthz with the integrations' modes: demo by default, analytics off", async ({ request }) => {
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
      analytics: "off",
    });
  });

  test("answers /readyz from the lead store: its status to anyone, and to staff writable, nothing waiting, the worker's state", async ({
    request,
  }) => {
    // A load balancer (or anyone) gets the status alone: no counts, no worker's identity.
    for (const authorization of [undefined, "Bearer e2e-wrong-token-0123456789abcdef", `Basic ${TEST_METRICS_TOKEN}`]) {
      const anonymous = await request.get("/readyz", {
        headers: authorization ? { Authorization: authorization } : {},
      });
      expect(anonymous.status()).toBe(200);
      expect(await anonymous.json(), authorization).toEqual({ status: "ok" });
    }
    const response = await request.get("/readyz", { headers: { Authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    const body = await response.json();
    // No lead has waited past LEAD_ALERT_AFTER (degraded) and the store takes writes (else unavailable).
    expect(body.status).toBe("ok");
    expect(body.leads).toMatchObject({ store: "sqlite", writable: true, alertAfterSeconds: 900 });
    expect(body.leads.worker).toMatchObject({ webhook: "configured", storeFailuresInARow: 0 });
  });

  test("in production without a lead webhook, stores leads, says so, and delivers them once it is set", async () => {
    const production = {
      SITE_MODE: "production",
      CONTENTFUL_SPACE_ID: "space",
      CONTENTFUL_ACCESS_TOKEN: "token",
      CONTENTFUL_HOST: "127.0.0.1:9",
      CONTENTFUL_INSECURE: "true",
      EVENTS_CLIENT_ID: "id",
      EVENTS_CLIENT_SECRET: "secret",
      EVENTS_SPACE: "hub",
      EVENTS_API_URL: "http://127.0.0.1:9",
      BOOKING_WIDGET_URL: "https://booking.example.com",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "hub-production-")),
      FORM_TOKEN_SECRET: TEST_FORM_TOKEN_SECRET,
    };
    const webhook = await startWebhookSink({});
    let site: Awaited<ReturnType<typeof spawnSite>> | null = null;
    let restarted: Awaited<ReturnType<typeof spawnSite>> | null = null;
    try {
      site = await spawnSite(production);
      expect(site.output()).toContain("leads     unconfigured: LEAD_WEBHOOK_URL not set");
      expect(site.output()).not.toMatch(/stand-in|webhook sink/);
      const health = await (await fetch(`${site.url}/healthz`)).json();
      expect(health.integrations).toMatchObject({
        content: "live",
        events: "live",
        leads: "unconfigured",
        analytics: "off",
      });
      expect(site.output()).toContain("analytics off: GA_MEASUREMENT_ID not set");
      expect(health.warnings).toEqual([
        "LEAD_WEBHOOK_URL is not set: leads are stored and wait for delivery until it is.",
        "LEAD_WEBHOOK_SECRET is not set: lead posts are not signed, so the receiver cannot tell them from forgeries (docs/deploy.md, Verifying deliveries).",
      ]);
      expect(site.output()).toContain("posts are NOT signed (LEAD_WEBHOOK_SECRET not set)");
      expect(site.output()).toMatch(/"level":"warn".*LEAD_WEBHOOK_SECRET is not set: lead posts are not signed/);

      const form = new URLSearchParams({
        name: "Jordan Reyes",
        email: "jordan.reyes@example.com",
        phone: "(870) 555-0199",
        interests: "partnership",
        referralSource: "Event",
        submissionId: renderedFormToken(),
      });
      // As the form sends it with JavaScript: the answer is the action's alone (a page would wait for
      // its hero from this site's content service, which does not answer).
      const posted = await fetch(`${site.url}/contact.data`, { method: "POST", body: form });
      expect(posted.status).toBe(200);
      expect(await posted.text()).toContain("Thank you for your submission!");
      const readiness = await readinessOf(site.url);
      expect(readiness.leads).toMatchObject({ pending: 1, worker: { webhook: "not configured" } });
      await site.stop();

      restarted = await spawnSite({ ...production, LEAD_WEBHOOK_URL: `${webhook.url}/hooks/leads` });
      await expect.poll(() => webhook.received().length).toBe(1);
      expect(webhook.received()[0]!.body).toMatchObject({ name: "Jordan Reyes", interests: ["partnership"] });
    } finally {
      await site?.stop();
      await restarted?.stop();
      await webhook.close();
      rmSync(production.DATA_DIR, { recursive: true, force: true });
    }
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
    // A page rendered for each request (the contact form's token is its own), never one the page cache
    // kept (which lists hashes instead: page-cache-integrity.spec.ts); "/" may be kept by another test.
    const first = await request.get("/contact");
    const second = await request.get("/contact");
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
    // A page first rendered for this request is private; one sent from the page cache is the same bytes for all.
    const kept = ["hit", "stale"].includes(page.headers()["x-page-cache"] ?? "");
    expect(page.headers()["cache-control"]).toBe(kept ? "public, max-age=60" : "private, max-age=60");
    const script = (await page.text()).match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(script).toBeTruthy();
    const asset = await request.get(script as string);
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    // A script is no document: no content sniffing, and none of the headers only a page acts on.
    expect(asset.headers()["x-content-type-options"]).toBe("nosniff");
    expect(asset.headers()["x-frame-options"]).toBeUndefined();
    expect(asset.headers()["content-security-policy"]).toBeUndefined();
    expect(page.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  });

  test.describe("the contact form's answers", () => {
    test.use({ isolatedSiteEnv: { CONTACT_RATE_LIMIT: "2" } });

    const lead = {
      name: "Jordan Reyes",
      email: "jordan.reyes@example.com",
      phone: "(870) 555-0199",
      interests: "partnership",
      referralSource: "Event",
    };

    test("are never stored by a browser or a CDN: no-store whatever the outcome", async ({ isolatedSite }) => {
      const post = (target: string, fields: Record<string, string>, type = "application/x-www-form-urlencoded") =>
        fetch(`${isolatedSite.url}${target}`, {
          method: "POST",
          headers: { "Content-Type": type },
          body: type === "application/json" ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
        });
      const answers = [
        ["stored, as a page", await post("/contact", lead), 200],
        ["stored, as data", await post("/contact.data", lead), 200],
        ["invalid, as a page", await post("/contact", { ...lead, email: "nope" }), 400],
        ["invalid, as data", await post("/contact.data", { ...lead, email: "nope" }), 400],
        ["not a form", await post("/contact.data", lead, "text/plain"), 415],
        ["over the contact limit, as a page", await post("/contact", lead), 429],
        ["over the contact limit, as data", await post("/contact.data", lead), 429],
      ] as const;
      for (const [outcome, response, status] of answers) {
        expect(response.status, outcome).toBe(status);
        expect(response.headers.get("cache-control"), outcome).toBe("no-store");
      }
      // The contact page itself is an ordinary page.
      const page = await fetch(`${isolatedSite.url}/contact`);
      expect(page.headers.get("cache-control")).toBe("private, max-age=60");
    });

    test("the tests' reset (TEST_RESET_ROUTE) forgets the contact counts and the leads; a site without it has none", async ({
      request,
      isolatedSite,
    }) => {
      const form = { ...lead, interests: "partnership" };
      for (const status of [200, 200, 429]) {
        expect((await request.post(`${isolatedSite.url}/contact`, { form })).status()).toBe(status);
      }
      const reset = await request.post(`${isolatedSite.url}/__test/reset`);
      expect(reset.status()).toBe(200);
      expect(await reset.json()).toEqual({ reset: true, leadsDeleted: 2 });
      expect((await request.post(`${isolatedSite.url}/contact`, { form })).status()).toBe(200);

      // The demo site runs as `npm start` does: no such route; the address is the not-found page's, which
      // takes no posts.
      for (const hook of ["/__test/reset", "/__test/planted-script?path=/"]) {
        expect((await request.post(hook)).status(), hook).toBe(405);
      }
      const get = await request.get("/__test/reset");
      expect(get.status()).toBe(404);
      expect(await get.text()).toContain("Page not found");
      // And production refuses the flag.
      const production = spawnSync(process.execPath, ["server.js"], {
        env: {
          ...process.env,
          NODE_ENV: "production",
          SITE_MODE: "production",
          SITE_URL: "https://hub.example.org",
          CONTENTFUL_SPACE_ID: "space",
          CONTENTFUL_ACCESS_TOKEN: "token",
          EVENTS_CLIENT_ID: "id",
          EVENTS_CLIENT_SECRET: "secret",
          EVENTS_SPACE: "hub",
          BOOKING_WIDGET_URL: "https://booking.example.com",
          TEST_RESET_ROUTE: "true",
        },
        encoding: "utf8",
        timeout: 20_000,
      });
      expect(production.status).toBe(1);
      expect(production.stderr).toContain(
        "TEST_RESET_ROUTE: the end-to-end tests' reset; never set when SITE_MODE=production",
      );
    });
  });

  test("keeps server secrets out of the browser build and the pages", async ({ request }) => {
    const secrets = [
      DEMO_EVENTS_CLIENT_SECRET,
      DEMO_ACCESS_TOKEN,
      "EVENTS_CLIENT_SECRET",
      "LEAD_WEBHOOK_URL",
      "LEAD_WEBHOOK_SECRET",
      "METRICS_TOKEN",
      // Every lead-signing secret starts so (the demo makes one per run).
      "whsec_",
    ];
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

  // On a site of its own, so that the flood does not limit other tests' form posts.
  test("refuses a flood of form posts with HTTP 429, as JSON for data requests", async ({ request, isolatedSite }) => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 32; attempt += 1) {
      statuses.push((await request.post(`${isolatedSite.url}/press`, { form: { anything: "x" } })).status());
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(2);

    const page = await request.post(`${isolatedSite.url}/press`, { form: { anything: "x" } });
    expect(page.status()).toBe(429);
    expect(page.headers()["content-type"]).toContain("text/plain");
    expect(await page.text()).toBe("Too many requests. Please wait a minute and try again.");

    const data = await request.post(`${isolatedSite.url}/press.data`, { form: { anything: "x" } });
    expect(data.status()).toBe(429);
    expect(data.headers()["content-type"]).toContain("application/json");
    expect(Number(data.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await data.json()).toEqual({ status: 429, error: "Too many requests. Please wait a minute and try again." });
  });

  test("refuses a request body over 16 KB with HTTP 413 before any route runs", async ({ request }) => {
    const big = "x".repeat(17 * 1024);
    const declared = await request.post("/press", { form: { text: big } });
    expect(declared.status()).toBe(413);
    expect(await declared.text()).toBe("The request is too large (at most 16 KB).");

    const data = await request.post("/press.data", { data: { text: big } });
    expect(data.status()).toBe(413);
    expect(await data.json()).toEqual({ status: 413, error: "The request is too large (at most 16 KB)." });

    // A body sent in chunks, without a declared length, is counted as it arrives.
    const chunked = await fetch(`${DEMO_SITE.url}/press`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new ReadableStream({
        start(controller) {
          for (let index = 0; index < 20; index += 1) controller.enqueue(new TextEncoder().encode("y".repeat(1024)));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);

    // A body within the limit reaches the route, which has no action for it.
    const small = await request.post("/press", { form: { text: "small" } });
    expect(small.status()).toBe(405);
  });

  test("believes X-Forwarded-For from a loopback proxy by default: each forwarded address is its own client", async ({
    request,
  }) => {
    for (let attempt = 0; attempt < 35; attempt += 1) {
      const response = await request.post("/press", {
        form: { anything: "x" },
        headers: { "X-Forwarded-For": `203.0.113.${attempt}` },
      });
      expect(response.status()).toBe(405);
    }
  });

  test.describe("behind a proxy TRUST_PROXY does not name", () => {
    // A setting no other test uses: started for this test alone, not kept.
    test.use({ isolatedSiteEnv: { TRUST_PROXY: "10.1.2.3" }, isolatedSiteFresh: true });

    test("ignores X-Forwarded-For, limits the proxy as one client, and says once which setting would trust it", async ({
      request,
      isolatedSite,
    }) => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 32; attempt += 1) {
        const response = await request.post(`${isolatedSite.url}/press`, {
          form: { anything: "x" },
          headers: { "X-Forwarded-For": `203.0.113.${attempt}` },
        });
        statuses.push(response.status());
      }
      expect(statuses.at(-1)).toBe(429);
      // ...and says once, in its log, why every visitor behind that proxy would share one limit.
      const warnings = isolatedSite.output().match(/TRUST_PROXY does not trust it/g) ?? [];
      expect(warnings).toHaveLength(1);
      expect(isolatedSite.output()).toContain("A request came through a proxy at 127.0.0.1 with X-Forwarded-For");
      // ...and which value would make it trusted.
      expect(isolatedSite.output()).toContain("set TRUST_PROXY=127.0.0.1 (or TRUST_PROXY=loopback,");
    });
  });
});
