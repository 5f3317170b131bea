/**
 * Instant publish with several instances (docs/decisions/018-listen-notify-purges.md): two production builds of the site on one
 * PostgreSQL database and one content service. An editor's change reaches Contentful, the publish
 * webhook reaches one instance, and the other serves the new text on its next request, through
 * LISTEN/NOTIFY, even where it had the page rendered in its page cache. Run with
 * `npm run test:cluster` (after a build; `npm test` runs it last).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import type { ContentfulStandIn } from "../../demo/contentful.ts";
import { liveContentEnv, startTestContentService } from "../e2e/support/content-stand-in.ts";
import { demoPosts } from "../e2e/support/dataset.ts";
import { type SpawnedSite, spawnSite } from "../e2e/support/spawn-site.ts";
import { startTestDatabase, type TestDatabase } from "../support/postgres.ts";
import { readinessOf, TEST_METRICS_TOKEN } from "../support/readiness.ts";
import { untilKept } from "../support/until-kept.ts";

const SECRET = "cluster-webhook-secret-4c1d9e0b2a";

let database: TestDatabase;
let content: ContentfulStandIn;
const sites: SpawnedSite[] = [];
const dataDirs: string[] = [];

async function startInstance(name: string): Promise<SpawnedSite> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `hub-purge-${name}-`));
  dataDirs.push(dataDir);
  const site = await spawnSite({
    ...liveContentEnv(content),
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    CONTENTFUL_WEBHOOK_SECRET: SECRET,
  });
  sites.push(site);
  return site;
}

async function page(site: SpawnedSite, slug: string): Promise<{ heading: string; fromPageCache: boolean }> {
  const response = await fetch(`${site.url}/blog/${slug}`);
  const html = await response.text();
  return {
    heading: html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^>]+>/g, "") ?? "",
    fromPageCache: response.headers.get("x-page-cache") === "hit",
  };
}

async function heading(site: SpawnedSite, slug: string): Promise<string> {
  return (await page(site, slug)).heading;
}

async function readiness(site: SpawnedSite): Promise<{ status: string; content: Record<string, unknown> }> {
  return (await readinessOf(site.url)) as { status: string; content: Record<string, unknown> };
}

before(async () => {
  database = await startTestDatabase();
  content = await startTestContentService();
});

after(async () => {
  await Promise.all(sites.map((site) => site.stop()));
  await content?.close();
  await database?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

test("a change published through one instance's webhook is on the other within 5 s", { timeout: 120_000 }, async () => {
  const [first, second] = [await startInstance("a"), await startInstance("b")];
  const post = demoPosts[2]!;
  for (const site of [first, second]) assert.equal(await heading(site, post.slug), post.title);
  for (const site of [first, second]) {
    const { content: state } = await readiness(site);
    assert.deepEqual((state.purges as { listening: boolean }).listening, true);
    // What HubContentPurgesNotHeard reads (ops/prometheus/alerts.yml).
    const metrics = await fetch(`${site.url}/metrics`, { headers: { Authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
    assert.match(await metrics.text(), /^hub_content_purges_listening 1$/m);
  }

  const entryId = `blogPost-${post.slug}`;
  const entry = content.entry(entryId)!;
  const newTitle = `${post.title}, as the editor rewrote it`;
  content.putEntry({ ...entry, fields: { ...entry.fields, title: { "en-US": newTitle } } });
  // Both instances still serve what they cached; the second one sends the rendered page from memory,
  // so the purge it hears must drop that page too, not only the content.
  const kept = await untilKept(
    () => page(second, post.slug),
    (answer) => answer.fromPageCache,
  );
  assert.deepEqual(kept, { heading: post.title, fromPageCache: true });

  const published = Date.now();
  const response = await fetch(`${first.url}/webhooks/contentful`, {
    method: "POST",
    headers: {
      "Content-Type": "application/vnd.contentful.management.v1+json",
      "X-Contentful-Topic": "ContentManagement.Entry.publish",
      "X-Webhook-Secret": SECRET,
    },
    body: JSON.stringify({ sys: { type: "Entry", id: entryId, contentType: { sys: { id: "blogPost" } } } }),
  });
  assert.equal(response.status, 200);
  assert.equal(await heading(first, post.slug), newTitle);

  let seen = "";
  while (Date.now() - published < 5_000) {
    seen = await heading(second, post.slug);
    if (seen === newTitle) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(seen, newTitle, "the second instance did not serve the change within 5 s");
  console.log(`The second instance served the change ${Date.now() - published} ms after the webhook call.`);

  const { status, content: state } = await readiness(second);
  assert.equal(status, "ok");
  assert.equal((state.lastPurge as { origin: string }).origin, "peer");
  assert.ok((state.purges as { received: number }).received >= 1);
  assert.ok((state.pages as { version: number }).version >= 1, "the peer's purge did not purge the page cache");
});
