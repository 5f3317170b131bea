/**
 * npm run test:engines: the same checks in Firefox (ESR, over WebDriver BiDi) and WebKit (WebKitGTK's
 * MiniBrowser, over WebDriver), against the production build in demo mode: every route hydrates; a
 * click before hydration is held and replayed; Load More grows the list in place; the contact form is
 * checked in the browser; the mobile menu survives hydration, closes, and its entries navigate. The
 * browsers reach the site through a small proxy that can hold the page's module scripts, so a click
 * lands before hydration for certain. Ports: E2E_PORT_BASE + 10 (the site), + 11 (the proxy), + 12
 * (WebKitWebDriver). Run it under xvfb-run (WebKit needs a display); `npm run test:engines` does.
 */
import assert from "node:assert/strict";
import type { ChildProcess } from "node:child_process";
import { createServer, request, type Server } from "node:http";
import { after, before, describe, it } from "node:test";
import { startProductionServer } from "../../scripts/production-server.ts";
import { siteRoutes } from "../e2e/support/routes.ts";
import { type Engine, startFirefox, startWebKit, waitFor } from "./engines.ts";

const base = Number(process.env.E2E_PORT_BASE ?? 4173);
const SITE_PORT = base + 10;
const PROXY_PORT = base + 11;
const WEBDRIVER_PORT = base + 12;
const origin = `http://127.0.0.1:${PROXY_PORT}`;

/**
 * A proxy to the site that holds the page's module scripts while `hold` is on. It tells the browser not
 * to keep them (the site marks them immutable), so every page asks for them again and can be held.
 */
function startProxy(target: number): Promise<{ server: Server; hold: () => void; release: () => void }> {
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  const server = createServer((incoming, outgoing) => {
    const isModule = /^\/assets\/[^?]+\.js(\?|$)/.test(incoming.url ?? "");
    const forward = () => {
      const upstream = request(
        { host: "127.0.0.1", port: target, path: incoming.url, method: incoming.method, headers: incoming.headers },
        (answer) => {
          const headers = { ...answer.headers };
          if (isModule) headers["cache-control"] = "no-store";
          outgoing.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on("error", () => outgoing.destroy());
      incoming.pipe(upstream);
    };
    if (isModule) void gate.then(forward);
    else forward();
  });
  return new Promise((resolve) => {
    server.listen(PROXY_PORT, "127.0.0.1", () =>
      resolve({
        server,
        hold() {
          gate = new Promise((resolve) => {
            open = resolve;
          });
        },
        release: () => open(),
      }),
    );
  });
}

const hydrated = "document.documentElement.hasAttribute('data-hydrated')";
const heading = "document.querySelector('h1')?.textContent.trim()";
const dataLayerEvents = (action: string) =>
  `(window.dataLayer || []).map((entry) => Array.from(entry)).filter((entry) => entry[0] === 'event' && entry[1] === ${JSON.stringify(action)})`;
const markDocument = "(window.sameDocument = true)";
const sameDocument = "window.sameDocument === true";

let site: ChildProcess;
let proxy: Awaited<ReturnType<typeof startProxy>>;

before(async () => {
  site = await startProductionServer(SITE_PORT);
  proxy = await startProxy(SITE_PORT);
});

after(() => {
  proxy?.server.close();
  site?.kill("SIGTERM");
});

for (const [name, start] of [
  ["Firefox", startFirefox],
  ["WebKit", () => startWebKit(WEBDRIVER_PORT)],
] as const) {
  describe(name, { timeout: 120_000 }, () => {
    let engine: Engine;
    before(async () => {
      engine = await start();
    });
    after(() => engine?.close());

    it("hydrates every route", async () => {
      for (const route of siteRoutes) {
        await engine.open(`${origin}${route.path}`);
        await waitFor(engine, hydrated, `${route.path} hydrates`);
        const shown = await engine.evaluate<string>(heading);
        if (typeof route.heading === "string") assert.equal(shown, route.heading, route.path);
        else assert.match(shown, route.heading, route.path);
        const views = await engine.evaluate<unknown[][]>(dataLayerEvents("page_view"));
        assert.equal(views.length, 1, `${route.path}: one page view`);
      }
    });

    it("holds a click on a video tile before hydration and plays the video inline after", async () => {
      proxy.hold();
      const windows = await engine.windows();
      try {
        await engine.open(`${origin}/coworking`);
        await engine.click('button[data-analytics^="Play video: "]');
        assert.equal(await engine.evaluate<boolean>(hydrated), false, "the click came before hydration");
      } finally {
        proxy.release();
      }
      await waitFor(engine, hydrated, "/coworking hydrates");
      await waitFor(engine, "document.querySelector('video[src$=\".mp4\"]')", "the video plays inline");
      assert.equal(await engine.windows(), windows, "no tab was opened");
      const clicks = await engine.evaluate<unknown[][]>(dataLayerEvents("button_click"));
      assert.equal(clicks.length, 1, "the click was recorded once");
    });

    it("grows the blog list in place with Load More", async () => {
      await engine.open(`${origin}/blog`);
      await waitFor(engine, hydrated, "/blog hydrates");
      assert.equal(await engine.evaluate<number>("document.querySelectorAll('main article').length"), 6);
      await engine.evaluate(markDocument);
      await engine.click('a[data-analytics][href*="page=2"]');
      await waitFor(engine, "document.querySelectorAll('main article').length > 6", "more posts are listed");
      assert.match(await engine.evaluate<string>("location.search"), /page=2/);
      assert.equal(await engine.evaluate<boolean>(sameDocument), true, "no new document");
    });

    it("checks the contact form in the browser and logs its message", async () => {
      await engine.open(`${origin}/contact`);
      await waitFor(engine, hydrated, "/contact hydrates");
      await engine.type('input[name="name"]', "Sam Rivers");
      await engine.type('input[name="email"]', "sam.example.com");
      await engine.click('form button[type="submit"]');
      await waitFor(
        engine,
        "document.querySelector('form [role=alert]')?.textContent.includes('Please enter a valid email address.')",
        "the email message shows",
      );
      const logged = await engine.evaluate<unknown[][]>(dataLayerEvents("form_validation_error"));
      assert.deepEqual(
        logged.map((entry) => (entry[2] as { event_label: string }).event_label),
        ["Please enter a valid email address."],
      );
    });

    it("keeps the mobile menu open through hydration, closes it, and navigates from it", async () => {
      await engine.resize(450, 800);
      const menu = 'details:has(> nav[aria-label="Mobile"]) > summary';
      const isOpen = "document.querySelector('details:has(> nav[aria-label=\"Mobile\"])').open";
      proxy.hold();
      try {
        await engine.open(`${origin}/`);
        await engine.click(menu);
        assert.equal(await engine.evaluate<boolean>(isOpen), true, "the menu opens before hydration");
        assert.equal(await engine.evaluate<boolean>(hydrated), false, "the menu opened before hydration");
      } finally {
        proxy.release();
      }
      await waitFor(engine, hydrated, "/ hydrates");
      assert.equal(await engine.evaluate<boolean>(isOpen), true, "the menu is still open after hydration");
      await engine.click(menu);
      await waitFor(engine, `!${isOpen}`, "the menu closes");
      await engine.click(menu);
      await engine.evaluate(markDocument);
      await engine.click('nav[aria-label="Mobile"] a[href="/coworking"]');
      await waitFor(engine, "location.pathname === '/coworking'", "the entry navigates");
      await waitFor(engine, `${heading} === 'Coworking'`, "the page shows");
      assert.equal(await engine.evaluate<boolean>(isOpen), false, "the menu closed");
      assert.equal(await engine.evaluate<boolean>(sameDocument), true, "in the same document");
    });
  });
}
