/**
 * Two releases side by side, as a rolling deploy and a rollback run them (docs/operations.md, "Rolling
 * out"): the previous release itself (ops/previous-release, built from this repository's history by
 * scripts/previous-release.ts) and this one, on one PostgreSQL database, each with its delivery worker,
 * against one receiving webhook and one content service. Neither has FORM_TOKEN_SECRET, so both sign
 * with the secret kept in the store's settings. In order:
 * 1. The previous release alone on an empty database takes leads; this release starts (and migrates
 *    the database) while it goes on: no lead lost, each delivered once.
 * 2. A page rendered by either release and sent to the other, with JavaScript and without, including
 *    the confirmation round trip both ways: each enquiry delivered once, nothing held, and asked once,
 *    but where this release asked and the previous one gets the confirming send, which it cannot read as
 *    one: it asks once more.
 * 3. Values both read: a preview cookie, a publish webhook's purge through LISTEN/NOTIFY, and each
 *    release's content snapshot read by the other with the content service down; this release's
 *    settings rows (the calendar's revisions) beside the previous one for the rest of the run.
 * 4. Leads taken by both while both run, the previous release stopped mid-batch: each delivered once.
 * 5. Rollback: this release stopped with leads still pending, the previous one alone on the migrated
 *    database: it serves every page it has, delivers what this release left, and takes a lead of its own.
 * Run with `npm run test:skew` (after a build; `npm test` runs it beside the cluster tests).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { type Browser, chromium } from "@playwright/test";
import pg from "pg";
import type { ContentfulStandIn } from "../../demo/contentful.ts";
import { buildPreviousRelease, previousReleaseCommit } from "../../scripts/previous-release.ts";
import { chromiumFlags, headlessShellPath } from "../../scripts/chromium-path.js";
import { previewKeys, previewLink } from "../../server/preview.ts";
import { E2E_PREVIEW_TOKEN, liveContentEnv, startTestContentService } from "../e2e/support/content-stand-in.ts";
import { contactFormBody } from "../support/contact-form.ts";
import { type SpawnedSite, spawnSite } from "../e2e/support/spawn-site.ts";
import { formTokenIn } from "../support/form-token.ts";
import { startTestDatabase, type TestDatabase } from "../support/postgres.ts";
import { readinessOf } from "../support/readiness.ts";
import { type Receiver, startWebhookReceiver } from "../support/webhook-receiver.ts";

type Release = "previous" | "current";
type Route = "form" | "data";

const WEBHOOK_SECRET = "skew-webhook-secret-5b0e2c9d71";
const THANKS = "Thank you for your submission! We will be in touch soon.";
const QUESTION = "Your message is not sent yet. Please check your details and press Send again.";
/** Long enough after a page's render that a send is a person's (the spam rules' 3 s). */
const A_PERSONS_SECONDS = 3_300;

let database: TestDatabase;
let content: ContentfulStandIn;
let receiver: Receiver;
let previousFolder: string;
let browser: Browser | undefined;
/** What the webhook answers: 200 (accepted), or 503 while it is down. */
let webhookStatus = 200;
/** How long the webhook takes to answer. */
let webhookDelayMs = 0;
const running = new Map<string, { release: Release; site: SpawnedSite; dataDir: string }>();
const dataDirs: string[] = [];
let sent = 0;

before(async () => {
  previousFolder = await buildPreviousRelease(previousReleaseCommit());
  database = await startTestDatabase();
  content = await startTestContentService();
  receiver = await startWebhookReceiver(async () => {
    if (webhookDelayMs > 0) await sleep(webhookDelayMs);
    return webhookStatus;
  });
});

after(async () => {
  await browser?.close();
  await Promise.all([...running.values()].map(({ site }) => site.stop()));
  await receiver?.close();
  await content?.close();
  await database?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Starts an instance of a release on the shared database, webhook and content service. */
async function start(name: string, release: Release, dataDir?: string): Promise<SpawnedSite> {
  const folder = dataDir ?? mkdtempSync(path.join(tmpdir(), `hub-skew-${name}-`));
  if (!dataDir) dataDirs.push(folder);
  const site = await spawnSite(
    {
      ...liveContentEnv(content),
      DATABASE_URL: database.url,
      DATA_DIR: folder,
      LEAD_WEBHOOK_URL: receiver.url,
      CONTENTFUL_WEBHOOK_SECRET: WEBHOOK_SECRET,
      CONTENTFUL_PREVIEW_TOKEN: E2E_PREVIEW_TOKEN,
      SITE_URL: "http://hub.example.org",
      CONTACT_RATE_LIMIT: "100000",
    },
    { cwd: release === "previous" ? previousFolder : undefined, timeoutMs: 90_000, register: false },
  );
  running.set(name, { release, site, dataDir: folder });
  return site;
}

async function stop(name: string): Promise<string> {
  const instance = running.get(name)!;
  await instance.site.stop();
  running.delete(name);
  return instance.dataDir;
}

const site = (name: string) => running.get(name)!.site;

/** A person's details: each enquiry its own email, so the receiver can tell them apart. */
function person(label: string, name = "Jordan Reyes") {
  sent += 1;
  return {
    name,
    email: `skew-${sent}-${label.replaceAll(/[^a-z0-9]+/gi, "-").toLowerCase()}@example.com`,
    phone: "(870) 555-0142",
    interests: ["coworking-space"],
    referralSource: "Event",
  };
}
type Person = ReturnType<typeof person>;

/** The form token of a contact page rendered by `origin`. */
async function pageToken(origin: string): Promise<string> {
  const token = formTokenIn(await (await fetch(`${origin}/contact`)).text());
  assert.ok(token, `no form token in ${origin}/contact`);
  return token;
}

interface Answered {
  answer: "thanked" | "asked";
  token: string | null;
}

/** Posts the form as a browser without JavaScript does (`form`) or as the page's script does (`data`). */
async function post(origin: string, route: Route, who: Person, extra: Record<string, string>): Promise<Answered> {
  const response = await fetch(`${origin}${route === "form" ? "/contact" : "/contact.data"}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: contactFormBody(who, extra),
  });
  const text = await response.text();
  assert.equal(response.status, 200, `${who.email} to ${origin}: ${text.slice(0, 300)}`);
  // Each release's question in its own words: the previous release's token has five parts (the letters
  // it asked about), this one's four (the confirmation signed into its submission id).
  const token =
    route === "form"
      ? formTokenIn(text)
      : (/contact\.[0-9a-z]+\.[0-9a-f]{32}(?:\.[a-z]{1,8})?\.[\w-]{43}/.exec(text)?.[0] ?? null);
  if (text.includes(THANKS)) return { answer: "thanked", token };
  assert.ok(text.includes(QUESTION), `${who.email} to ${origin}: neither thanked nor asked: ${text.slice(0, 300)}`);
  return { answer: "asked", token };
}

/**
 * A person's enquiry over HTTP: sent to `sends[0]`, and after each question sent again as asked to the
 * next release in `sends`, until thanked. The questions asked.
 */
async function enquire(route: Route, who: Person, token: string, sends: string[]): Promise<number> {
  let extra: Record<string, string> = { submissionId: token };
  for (const [index, origin] of sends.entries()) {
    const answered = await post(origin, route, who, extra);
    if (answered.answer === "thanked") return index;
    extra = { submissionId: answered.token! };
  }
  throw new Error(`${who.email} was still asked to confirm after ${sends.length} sends`);
}

/** The receiver's accepted posts by email, and every post's count by lead id. */
function deliveries(): { acceptedByEmail: Map<string, number>; postsPerLead: Map<string, number> } {
  const acceptedByEmail = new Map<string, number>();
  const postsPerLead = new Map<string, number>();
  for (const received of receiver.posts) {
    postsPerLead.set(received.key, (postsPerLead.get(received.key) ?? 0) + 1);
    if (received.status !== null && received.status < 300) {
      const { email } = received.body as { email: string };
      acceptedByEmail.set(email, (acceptedByEmail.get(email) ?? 0) + 1);
    }
  }
  return { acceptedByEmail, postsPerLead };
}

/** Waits until every one of `emails` reached the webhook, then checks each did so once and nothing was held. */
async function expectDeliveredOnce(emails: string[], withinMs = 60_000): Promise<void> {
  const until = Date.now() + withinMs;
  for (;;) {
    const { acceptedByEmail } = deliveries();
    const missing = emails.filter((email) => !acceptedByEmail.has(email));
    if (missing.length === 0) break;
    assert.ok(Date.now() < until, `not delivered within ${withinMs / 1000} s: ${missing.join(", ")}`);
    await sleep(250);
  }
  await sleep(1_000); // a second delivery of any of them has its chance to show
  const { acceptedByEmail } = deliveries();
  for (const email of emails) assert.equal(acceptedByEmail.get(email), 1, `${email} delivered more than once`);
  const held = await query<{ email: string; reason: string }>(
    "SELECT email, reason FROM spam_leads WHERE email = ANY($1)",
    [emails],
  );
  assert.deepEqual(held, [], "an enquiry was held as spam");
}

async function query<Row>(sql: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

test(
  "1. this release migrates the database while the previous one serves pages and takes leads",
  { timeout: 240_000 },
  async () => {
    const previous = await start("previous-a", "previous");
    const emails: string[] = [];
    let stopTraffic = false;
    const failures: string[] = [];
    /** The previous release's visitors: a page, a person's few seconds, a send; over and over. */
    const traffic = (async () => {
      const lanes = Array.from({ length: 3 }, async (_, lane) => {
        while (!stopTraffic) {
          const who = person(`migration-${lane}`);
          try {
            const token = await pageToken(previous.url);
            await sleep(A_PERSONS_SECONDS);
            const answered = await post(previous.url, lane % 2 === 0 ? "form" : "data", who, { submissionId: token });
            if (answered.answer === "thanked") emails.push(who.email);
            else failures.push(`${who.email}: asked to confirm`);
          } catch (error) {
            failures.push(`${who.email}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      });
      await Promise.all(lanes);
    })();
    await sleep(5_000);
    const stepsBefore = await query<{ count: string }>("SELECT COUNT(*) AS count FROM lead_schema_migrations");
    await start("current-a", "current");
    const stepsAfter = await query<{ count: string }>("SELECT COUNT(*) AS count FROM lead_schema_migrations");
    // The previous release goes on serving and taking leads on the migrated database.
    await sleep(8_000);
    stopTraffic = true;
    await traffic;
    assert.deepEqual(failures, []);
    for (const path of ["/", "/contact", "/blog"]) assert.equal((await fetch(`${previous.url}${path}`)).status, 200);
    await expectDeliveredOnce(emails);
    console.log(
      `1. migration under traffic: schema steps ${stepsBefore[0]!.count} -> ${stepsAfter[0]!.count}; ${emails.length} leads sent to the previous release, ${emails.length} delivered once, 0 held`,
    );
    assert.ok(emails.length >= 6, `too few leads sent during the migration (${emails.length})`);
  },
);

test(
  "2. a page rendered by either release and sent to the other: delivered once, nothing held, asked again only where it must be",
  { timeout: 240_000 },
  async () => {
    const origins: Record<Release, string> = { previous: site("previous-a").url, current: site("current-a").url };
    const rows: string[] = [];
    const cases: { label: string; route: Route; renderer: Release; sends: Release[]; name: string }[] = [];
    for (const route of ["form", "data"] as const) {
      for (const [renderer, receiver] of [
        ["previous", "current"],
        ["current", "previous"],
        ["previous", "previous"],
        ["current", "current"],
      ] as const) {
        cases.push({ label: `sent`, route, renderer, sends: [receiver, renderer, receiver], name: "Jordan Reyes" });
        // Asked to confirm by one release, confirmed to the other.
        cases.push({
          label: `confirmed`,
          route,
          renderer,
          sends: [receiver, renderer, receiver],
          name: "A.De Silva",
        });
      }
    }
    const results = await Promise.all(
      cases.map(async (item) => {
        const who = person(`${item.route}-${item.renderer}-${item.sends.join("-")}-${item.label}`, item.name);
        const token = await pageToken(origins[item.renderer]);
        await sleep(A_PERSONS_SECONDS);
        const questions = await enquire(
          item.route,
          who,
          token,
          item.sends.map((release) => origins[release]),
        );
        return { ...item, who, questions };
      }),
    );
    await expectDeliveredOnce(results.map(({ who }) => who.email));
    for (const result of results) {
      const [first, second] = result.sends;
      // A plain send is never asked about. A confirmation this release gave is not read by the previous
      // one, which asks once more (its own question, which either release then takes).
      const expected = result.label === "sent" ? 0 : first === "current" && second === "previous" ? 2 : 1;
      assert.equal(result.questions, expected, `${result.who.email}: asked ${result.questions} times`);
      rows.push(
        `   ${result.route.padEnd(4)} page ${result.renderer.padEnd(8)} sent to ${result.sends
          .slice(0, result.questions + 1)
          .join(" -> ")
          .padEnd(30)} asked ${result.questions}, delivered 1, held 0`,
      );
    }

    // With JavaScript, in a browser: the page (and its scripts) from one release, its form's posts to the other.
    browser = await chromium.launch({ executablePath: headlessShellPath, args: chromiumFlags });
    for (const [renderer, poster] of [
      ["previous", "current"],
      ["current", "previous"],
    ] as const) {
      const proxy = await startSplitProxy(origins[renderer], origins[poster]);
      try {
        const context = await browser.newContext({ reducedMotion: "reduce" });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        await page.goto(`${proxy.url}/contact`);
        await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
        const who = person(`browser-${renderer}-${poster}`, "Kim Lee (Acme.io)");
        const form = page.locator("main form");
        await form.getByLabel("Name").fill(who.name);
        await form.getByLabel("Email").fill(who.email);
        await form.getByLabel("Phone").fill(who.phone);
        await form.locator('input[name="interests"][value="coworking-space"]').check();
        await form.getByLabel("How did you hear about us?").selectOption(who.referralSource);
        await sleep(A_PERSONS_SECONDS);
        let questions = 0;
        for (;;) {
          await form.getByRole("button", { name: "Send Message" }).click();
          const thanks = page.getByText(THANKS);
          const question = page.getByText(QUESTION);
          await thanks.or(question).first().waitFor({ timeout: 20_000 });
          // The question stays until the next send begins; a new answer replaces it.
          if (await thanks.isVisible()) break;
          questions += 1;
          assert.ok(questions <= 1, `${who.email}: asked ${questions} times in the browser`);
        }
        // Asked once (the name looks like a domain), then thanked by the same release.
        assert.equal(questions, 1, `${who.email}: asked ${questions} times in the browser`);
        assert.equal(await form.getByLabel("Name").inputValue(), "", "the form was not emptied after the thanks");
        assert.deepEqual(errors, []);
        await expectDeliveredOnce([who.email]);
        rows.push(
          `   browser (JavaScript) page ${renderer.padEnd(8)} posts to ${poster.padEnd(8)} asked ${questions}, delivered 1, held 0`,
        );
        await context.close();
      } finally {
        await proxy.close();
      }
    }
    console.log(`2. round trips between the releases:\n${rows.join("\n")}`);
  },
);

test(
  "3. a preview cookie, a publish's purge and a content snapshot, written by one release, are read by the other",
  { timeout: 240_000 },
  async () => {
    // This release's settings rows (the events calendar's revisions) in the shared store, which the
    // previous release goes on beside (tests 4 and 5 use it after them).
    assert.equal((await fetch(`${site("current-a").url}/events.ics`)).status, 200);
    const revisions = await query<{ count: string }>(
      "SELECT COUNT(*) AS count FROM lead_settings WHERE key LIKE 'event-revision:%'",
    );
    assert.ok(Number(revisions[0]!.count) > 0, "the events calendar kept no revision in the shared settings");
    const keys = previewKeys(E2E_PREVIEW_TOKEN);
    for (const [opener, reader] of [
      ["previous-a", "current-a"],
      ["current-a", "previous-a"],
    ] as const) {
      const link = previewLink(site(opener).url, keys, "/blog", new Date(Date.now() + 3_600_000));
      const opened = await fetch(link, { redirect: "manual" });
      const cookie = opened.headers.get("set-cookie")?.split(";")[0] ?? "";
      assert.ok(cookie.startsWith("preview="), `${opener} set no preview cookie (${opened.status})`);
      const previewed = await fetch(`${site(reader).url}/blog`, { headers: { cookie } });
      assert.equal(
        previewed.headers.get("cache-control"),
        "private, no-store",
        `${reader} did not read ${opener}'s cookie`,
      );
      assert.match(await previewed.text(), /aria-label="Preview mode"/, `${reader} showed no preview bar`);
    }

    // A publish through one release's webhook purges the other's caches (LISTEN/NOTIFY).
    for (const [publisher, peer] of [
      ["current-a", "previous-a"],
      ["previous-a", "current-a"],
    ] as const) {
      const before = (await readinessOf<{ content: { purges: { received: number } } }>(site(peer).url)).content.purges
        .received;
      const response = await fetch(`${site(publisher).url}/webhooks/contentful`, {
        method: "POST",
        headers: {
          "Content-Type": "application/vnd.contentful.management.v1+json",
          "X-Contentful-Topic": "ContentManagement.Entry.publish",
          "X-Webhook-Secret": WEBHOOK_SECRET,
        },
        body: JSON.stringify({ sys: { type: "Entry", id: "skew-entry", contentType: { sys: { id: "blogPost" } } } }),
      });
      assert.equal(response.status, 200);
      const until = Date.now() + 5_000;
      for (;;) {
        const state = (
          await readinessOf<{ content: { purges: { received: number }; lastPurge: { origin: string } } }>(
            site(peer).url,
          )
        ).content;
        if (state.purges.received > before) {
          assert.equal(state.lastPurge.origin, "peer");
          break;
        }
        assert.ok(Date.now() < until, `${peer} did not hear ${publisher}'s purge within 5 s`);
        await sleep(100);
      }
    }

    // Each release's content snapshot (written at its stop) read by the other with the content service down.
    const posts = await (await fetch(`${site("current-a").url}/blog`)).text();
    const postPath = /href="(\/blog\/[a-z0-9-]+)"/.exec(posts)?.[1];
    assert.ok(postPath, "no post on /blog");
    for (const [writer, writerRelease, readerRelease] of [
      ["snapshot-current", "current", "previous"],
      ["snapshot-previous", "previous", "current"],
    ] as const) {
      const written = await start(writer, writerRelease);
      assert.equal((await fetch(`${written.url}${postPath}`)).status, 200);
      const dataDir = await stop(writer);
      content.faults.add({ status: 503 });
      try {
        const reader = await start(`${writer}-read`, readerRelease, dataDir);
        const page: Response = await fetch(`${reader.url}${postPath}`);
        assert.equal(
          page.status,
          200,
          `the ${readerRelease} release could not serve the ${writerRelease} release's snapshot`,
        );
        assert.doesNotMatch(await page.text(), /Error loading blog post/);
        await stop(`${writer}-read`);
      } finally {
        content.faults.clear();
      }
    }
    console.log("3. preview cookies, purges and content snapshots: read across both releases, both ways");
  },
);

test(
  "4. leads taken by both releases at once, the previous one stopped mid-batch: each delivered once",
  { timeout: 240_000 },
  async () => {
    webhookDelayMs = 400;
    const origins = [site("previous-a").url, site("current-a").url];
    const tokens = await Promise.all(Array.from({ length: 60 }, (_, index) => pageToken(origins[index % 2]!)));
    await sleep(A_PERSONS_SECONDS);
    const people = tokens.map((_, index) => person(`batch-${index}`));
    const postsBefore = receiver.posts.length;
    await Promise.all(
      people.map(async (who, index) => {
        const answered = await post(origins[index % 2]!, index % 3 === 0 ? "form" : "data", who, {
          submissionId: tokens[index]!,
        });
        assert.equal(answered.answer, "thanked");
      }),
    );
    // Stopped while its worker posts (each post takes 400 ms, five a second at most).
    const deadline = Date.now() + 30_000;
    while (receiver.posts.length - postsBefore < 10) {
      assert.ok(Date.now() < deadline, "the workers posted nothing within 30 s");
      await sleep(50);
    }
    await stop("previous-a");
    await expectDeliveredOnce(
      people.map(({ email }) => email),
      90_000,
    );
    const { postsPerLead } = deliveries();
    const postedTwice = [...postsPerLead].filter(([, posts]) => posts > 1);
    assert.deepEqual(postedTwice, [], "a lead was posted twice");
    webhookDelayMs = 0;
    console.log(
      `4. 60 leads taken by both, the previous release stopped mid-batch: 60 delivered once, 0 posted twice, 0 held`,
    );
  },
);

test(
  "5. rollback: the previous release alone on the migrated database serves its pages and delivers what this one left",
  { timeout: 240_000 },
  async () => {
    const previous = await start("previous-b", "previous");
    // This release takes leads while the webhook is down, and is stopped with them pending.
    webhookStatus = 503;
    const current = site("current-a");
    const left = Array.from({ length: 10 }, (_, index) => person(`left-${index}`));
    const tokens = await Promise.all(left.map(() => pageToken(current.url)));
    await sleep(A_PERSONS_SECONDS);
    for (const [index, who] of left.entries()) {
      const answered = await post(current.url, index % 2 ? "form" : "data", who, { submissionId: tokens[index]! });
      assert.equal(answered.answer, "thanked");
    }
    const pending = await query<{ count: string }>(
      "SELECT COUNT(*) AS count FROM leads WHERE status = 'pending' AND email = ANY($1)",
      [left.map(({ email }) => email)],
    );
    await stop("current-a");
    assert.equal(Number(pending[0]!.count), 10, "this release's leads were not left pending");
    webhookStatus = 200;

    // The previous release's own pages, from its own route list.
    const { siteRoutes } = (await import(path.join(previousFolder, "tests/e2e/support/routes.ts"))) as {
      siteRoutes: { path: string }[];
    };
    for (const route of siteRoutes) {
      const response = await fetch(`${previous.url}${route.path}`);
      assert.equal(response.status, 200, `${route.path} on the previous release`);
    }
    const own = person("after-rollback");
    const ownToken = await pageToken(previous.url);
    await sleep(A_PERSONS_SECONDS);
    assert.equal((await post(previous.url, "form", own, { submissionId: ownToken })).answer, "thanked");
    await expectDeliveredOnce([...left.map(({ email }) => email), own.email], 90_000);
    console.log(
      `5. rollback: ${siteRoutes.length} pages served by the previous release; the 10 leads this release left pending and 1 new one delivered once, 0 held`,
    );
  },
);

/** An HTTP proxy that sends GET and HEAD requests to one origin and every other request to another. */
async function startSplitProxy(reads: string, writes: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const target = new URL(request.url ?? "/", request.method === "GET" || request.method === "HEAD" ? reads : writes);
    const upstream = http.request(target, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on("error", () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
