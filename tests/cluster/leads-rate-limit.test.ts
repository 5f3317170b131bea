/**
 * A webhook that says "slow down" is obeyed (docs/operations.md): two production builds of the site
 * on one PostgreSQL database; the webhook answers 429 with `Retry-After: 20` for 30 s, then 200. No post
 * arrives inside a Retry-After window (from either instance), and every lead is delivered once. The
 * first lead goes to one instance alone, so the first 429 meets no post already under way elsewhere
 * (a post under way when a "wait" comes is not recalled; it gets its own answer); the other leads come
 * to both instances during the windows. Prints the timeline. Run with `npm run test:cluster` (after a
 * build).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { type SpawnedSite, spawnSite } from "../e2e/support/spawn-site.ts";
import { renderedFormToken, TEST_FORM_TOKEN_SECRET } from "../support/form-token.ts";
import { startTestDatabase, type TestDatabase } from "../support/postgres.ts";

const LEADS = 20;
const LIMITED_FOR_MS = 30_000;
const RETRY_AFTER_S = 20;

interface Post {
  key: string;
  arrivedAt: number;
  answeredAt: number;
  status: number;
}

let database: TestDatabase;
let receiver: http.Server;
const sites: SpawnedSite[] = [];
const dataDirs: string[] = [];
const posts: Post[] = [];
/** When the webhook started limiting (null: it accepts everything). */
let limitedSince: number | null = null;

before(async () => {
  database = await startTestDatabase();
  receiver = http.createServer((request, response) => {
    const arrivedAt = Date.now();
    const key = String(request.headers["idempotency-key"] ?? "");
    request.resume();
    request.on("end", () => {
      const limited = limitedSince !== null && arrivedAt < limitedSince + LIMITED_FOR_MS;
      const status = limited ? 429 : 200;
      response.writeHead(status, {
        "Content-Type": "application/json",
        ...(limited ? { "Retry-After": String(RETRY_AFTER_S) } : {}),
      });
      response.end("{}", () => posts.push({ key, arrivedAt, answeredAt: Date.now(), status }));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
});

after(async () => {
  await Promise.all(sites.map((site) => site.stop()));
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  await database?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function startInstance(name: string): Promise<SpawnedSite> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `hub-rate-limit-${name}-`));
  dataDirs.push(dataDir);
  const site = await spawnSite(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      LEAD_WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/leads`,
      FORM_TOKEN_SECRET: TEST_FORM_TOKEN_SECRET,
      CONTACT_RATE_LIMIT: "100000",
    },
    { timeoutMs: 90_000 },
  );
  sites.push(site);
  return site;
}

async function submit(site: SpawnedSite, index: number): Promise<void> {
  const form = new URLSearchParams({
    name: `Patient Visitor ${index}`,
    email: `patient-${index}@example.com`,
    phone: `(870) 555-${String(2000 + index)}`,
    referralSource: "Website",
    interests: "coworking-space",
    "bot-field": "",
    submissionId: renderedFormToken(),
  });
  const response = await fetch(`${site.url}/contact`, { method: "POST", body: form });
  assert.equal(response.status, 200, `lead ${index}: HTTP ${response.status}`);
  assert.ok((await response.text()).includes("Thank you for your submission!"), `lead ${index} was not thanked`);
}

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
    await sleep(200);
  }
}

test(
  "two instances obey the webhook's 429 Retry-After: no post inside a window, every lead delivered once",
  {
    timeout: 300_000,
  },
  async () => {
    const [first, second] = [await startInstance("a"), await startInstance("b")];
    limitedSince = Date.now();
    const at = (time: number) => `+${((time - limitedSince!) / 1000).toFixed(1).padStart(5)} s`;

    await submit(first, 0);
    await until(() => posts.some((post) => post.status === 429), 20_000, "the first 429");
    await until(
      async () => (await query<{ until: Date }>("SELECT until FROM delivery_hold")).length > 0,
      10_000,
      "the hold in the shared store",
    );
    // The rest arrive at both instances while the webhook says to wait.
    for (let index = 1; index < LEADS; index++) {
      await submit(index % 2 === 0 ? first : second, index);
      await sleep(400);
    }
    const stored = await query<{ id: string }>("SELECT id FROM leads");
    assert.equal(stored.length, LEADS, "every lead is stored");
    await until(
      () => new Set(posts.filter((post) => post.status === 200).map((post) => post.key)).size >= LEADS,
      120_000,
      "every lead to be accepted",
    );
    // Every lead accepted: wait until both instances have recorded it, so no late repost could hide.
    await until(
      async () =>
        (await query<{ n: string }>("SELECT COUNT(*) AS n FROM leads WHERE status = 'delivered'"))[0]!.n ===
        String(LEADS),
      30_000,
      "every delivery to be recorded",
    );

    const windows = posts
      .filter((post) => post.status === 429)
      .map((post) => ({ from: post.answeredAt, to: post.answeredAt + RETRY_AFTER_S * 1000, key: post.key }));
    const inside = posts.filter((post) =>
      windows.some((window) => post.arrivedAt > window.from && post.arrivedAt < window.to),
    );
    const accepted = posts.filter((post) => post.status === 200).map((post) => post.key);
    const deliveredBy = sites.map((site) => site.output().match(/Lead lead_\S+ \(\S+\) delivered\./g)?.length ?? 0);
    const storedBy = sites.map((site) => site.output().match(/Lead lead_\S+ \(\S+, \S+\) stored\./g)?.length ?? 0);
    const waitedOn = sites.map((site) => site.output().match(/asked to wait \(429, Retry-After 20 s\)/g)?.length ?? 0);

    const timeline = posts.map((post) =>
      [
        at(post.arrivedAt),
        `POST ${post.key.slice(0, 13)}…`,
        `→ ${post.status}`,
        post.status === 429
          ? `Retry-After: ${RETRY_AFTER_S} (no post until ${at(post.answeredAt + RETRY_AFTER_S * 1000)})`
          : "",
      ].join("  "),
    );
    console.log(
      [
        `429 with Retry-After: ${RETRY_AFTER_S} for ${LIMITED_FOR_MS / 1000} s from +0.0 s, then 200; ${LEADS} leads (lead 0 to the first instance, then one every 0.4 s to both)`,
        ...timeline,
        `posts: ${posts.length} (429: ${windows.length}, 200: ${accepted.length}); posts inside a Retry-After window: ${inside.length}`,
        `leads stored by the first instance: ${storedBy[0]}, by the second: ${storedBy[1]}; delivered by the first: ${deliveredBy[0]}, by the second: ${deliveredBy[1]}; "asked to wait" logged by each: ${waitedOn.join(", ")}`,
        `first acceptance ${at(Math.min(...posts.filter((post) => post.status === 200).map((post) => post.arrivedAt)))}, last ${at(Math.max(...posts.map((post) => post.arrivedAt)))}`,
      ].join("\n"),
    );

    // What each instance said about its posts, for a failure to explain itself.
    const deliveryLog = sites.flatMap((site, index) =>
      site
        .output()
        .split("\n")
        .filter((line) => /Lead lead_\S+ \(\S+\) |lead webhook|not posted/.test(line))
        .map((line) => `${index === 0 ? "first" : "second"}: ${line.slice(0, 300)}`),
    );
    assert.deepEqual(
      inside,
      [],
      `no post arrives inside a Retry-After window; the instances logged:\n${deliveryLog.join("\n")}`,
    );
    assert.equal(accepted.length, LEADS, "no lead is accepted twice");
    assert.deepEqual(
      accepted.toSorted(),
      stored.map((lead) => lead.id).toSorted(),
      "every stored lead is delivered once",
    );
    // The 30 s of 429s: the first post, and the one probe after the first window (still inside the 30 s).
    assert.equal(windows.length, 2, "one post met each 429 period");
    assert.ok(posts.every((post) => post.status === 429 || post.arrivedAt >= limitedSince! + LIMITED_FOR_MS));
    assert.ok(storedBy[1]! > 0, "the second instance took leads while the first held the webhook's wait");
    assert.equal(
      (await query("SELECT 1 FROM delivery_hold")).length,
      0,
      "the hold is lifted after the webhook accepts again",
    );
  },
);
