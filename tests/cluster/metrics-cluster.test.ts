/**
 * Metrics with several instances (docs/operations.md): two production builds on one PostgreSQL database, each
 * scraped on its own. The lead gauges come from the shared store, so both report the same; the
 * counters are each instance's own, so the posts they report add up to the leads delivered, once
 * each, and only the instance that rendered a page reports its render. The posts are signed in the
 * middle of a rotation (two secrets) and the receiver, which has only the new one, verifies them.
 * Run with `npm run test:cluster` (after a build).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { openLeadStore } from "../../app/services/leads/index.ts";
import { startWebhookSink, type WebhookSink } from "../../demo/webhook.ts";
import { type SpawnedSite, spawnSite } from "../e2e/support/spawn-site.ts";
import { startTestDatabase, type TestDatabase } from "../support/postgres.ts";

const TOKEN = "cluster-metrics-token-5b8e1f04c3a2";
const OLD_SECRET = `whsec_${Buffer.alloc(32, 1).toString("base64")}`;
const NEW_SECRET = `whsec_${Buffer.alloc(32, 2).toString("base64")}`;
const LEADS = 12;

let database: TestDatabase;
let webhook: WebhookSink;
const sites: SpawnedSite[] = [];
const dataDirs: string[] = [];

async function startInstance(name: string): Promise<SpawnedSite> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `hub-metrics-${name}-`));
  dataDirs.push(dataDir);
  const site = await spawnSite({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    METRICS_TOKEN: TOKEN,
    LEAD_WEBHOOK_URL: `${webhook.url}/hooks/leads`,
    LEAD_WEBHOOK_SECRET: `${OLD_SECRET} ${NEW_SECRET}`,
  });
  sites.push(site);
  return site;
}

async function scrape(site: SpawnedSite): Promise<Map<string, number>> {
  const response = await fetch(`${site.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  assert.equal(response.status, 200);
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split("\n")) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match) samples.set(match[1]!, Number(match[2]));
  }
  return samples;
}

before(async () => {
  database = await startTestDatabase();
  // The receiver has moved on to the new secret; the instances sign with both.
  webhook = await startWebhookSink({ secrets: [NEW_SECRET], maxReceived: 1_000 });
});

after(async () => {
  await Promise.all(sites.map((site) => site.stop()));
  await webhook?.close();
  await database?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

test(
  "each instance reports its own counters; the store's gauges are the same on both",
  { timeout: 120_000 },
  async () => {
    const [first, second] = [await startInstance("a"), await startInstance("b")];
    assert.equal((await fetch(`${first.url}/`)).status, 200);

    const store = await openLeadStore({ dataDir: dataDirs[0]!, databaseUrl: database.url });
    try {
      for (let index = 0; index < LEADS; index += 1) {
        await store.create({
          name: `Visitor ${index}`,
          email: `visitor${index}@example.com`,
          phone: "(870) 555-0100",
          interests: ["coworking-space"],
          referralSource: "Event",
        });
      }
    } finally {
      await store.close();
    }

    const deadline = Date.now() + 60_000;
    while (webhook.received().length < LEADS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const received = webhook.received();
    assert.equal(received.length, LEADS, "not every lead reached the webhook in time");
    assert.equal(new Set(received.map((post) => post.headers["webhook-id"])).size, LEADS, "a lead was posted twice");
    for (const post of received) {
      assert.equal(post.verified, true);
      assert.deepEqual(new Webhook(NEW_SECRET).verify(JSON.stringify(post.body), post.headers), post.body);
      assert.deepEqual(new Webhook(OLD_SECRET).verify(JSON.stringify(post.body), post.headers), post.body);
    }

    // Both instances record their deliveries before the gauges read "delivered" for all of them.
    let scrapes: Map<string, number>[] = [];
    while (Date.now() < deadline) {
      scrapes = [await scrape(first), await scrape(second)];
      if (scrapes.every((samples) => samples.get('hub_leads{status="delivered"}') === LEADS)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const [a, b] = scrapes as [Map<string, number>, Map<string, number>];
    for (const series of [
      'hub_leads{status="waiting"}',
      'hub_leads{status="failed"}',
      'hub_leads{status="delivered"}',
      "hub_lead_store_up",
    ]) {
      assert.equal(a.get(series), b.get(series), `${series} differs between the instances`);
    }
    assert.equal(a.get('hub_leads{status="delivered"}'), LEADS);

    const delivered = (samples: Map<string, number>) => samples.get('hub_lead_posts_total{outcome="delivered"}') ?? 0;
    assert.equal(delivered(a) + delivered(b), LEADS, "the instances' posts do not add up to the leads, once each");
    assert.equal(
      (a.get("hub_lead_delivery_seconds_count") ?? 0) + (b.get("hub_lead_delivery_seconds_count") ?? 0),
      LEADS,
    );
    assert.equal(a.get('hub_render_seconds_count{route="/",kind="document"}'), 1);
    assert.equal(b.get('hub_render_seconds_count{route="/",kind="document"}'), undefined);
    console.log(
      `${LEADS} leads: the first instance posted ${delivered(a)}, the second ${delivered(b)}; both report ${LEADS} delivered.`,
    );
  },
);
