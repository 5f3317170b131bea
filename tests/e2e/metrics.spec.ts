import net from "node:net";
import { Webhook } from "standardwebhooks";
import type { ContactSubmission } from "../../app/domain/contact";
import { openLeadStore } from "../../app/services/leads/index.ts";
import { expect, type IsolatedSite, test } from "./support/fixtures";
import { liveContentEnv, liveEventsEnv } from "./support/content-stand-in";
import { spawnSite } from "./support/spawn-site";

/**
 * `GET /metrics` on a running server (docs/operations.md, Readiness and metrics): after some traffic, the counters a
 * scrape shows have moved; without the bearer token (or with a wrong one, or on a server without
 * METRICS_TOKEN) it answers exactly what any unknown address answers, byte for byte but for what
 * differs in every answer (the date, the request id, the CSP nonce).
 */

const TOKEN = "e2e-metrics-token-0123456789abcdef";
const NEXT_TOKEN = "e2e-metrics-token-next-fedcba9876543210";
const OLD_SECRET = `whsec_${Buffer.alloc(32, 5).toString("base64")}`;
const NEW_SECRET = `whsec_${Buffer.alloc(32, 6).toString("base64")}`;

// The lead webhook's secret in the middle of a rotation: every post carries a signature for each.
test.use({
  isolatedSiteEnv: { METRICS_TOKEN: `${TOKEN} ${NEXT_TOKEN}`, LEAD_WEBHOOK_SECRET: `${OLD_SECRET} ${NEW_SECRET}` },
});

async function scrape(site: { url: string }, token = TOKEN): Promise<Map<string, number>> {
  const response = await fetch(`${site.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe("no-store");
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split("\n")) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match) samples.set(match[1]!, Number(match[2]));
  }
  return samples;
}

const lead: ContactSubmission = {
  name: "Jordan Reyes",
  email: "jordan.reyes@example.com",
  phone: "(870) 555-0199",
  interests: ["coworking-space"],
  referralSource: "Event",
};

test("a scrape after some traffic: pages, the page cache, Contentful and events, lead posts and their outcomes", async ({
  isolatedSite,
}) => {
  test.setTimeout(60_000);
  const site: IsolatedSite = isolatedSite;
  const before = await scrape(site);
  const moved = (after: Map<string, number>, series: string) => (after.get(series) ?? 0) - (before.get(series) ?? 0);

  // One failed answer from each outside service (the content SDK tries again on its own; the events
  // page shows its error message), then a page rendered and one sent from memory.
  site.content.faults.add({ method: "GET", pathIncludes: "/entries", status: 503, times: 1 });
  site.events.faults.add({ method: "GET", pathIncludes: "/events", status: 500, times: 1 });
  for (const path of ["/events", "/privacy", "/privacy", "/", "/blog.data"]) {
    expect((await fetch(`${site.url}${path}`)).status, path).toBeLessThan(500);
  }

  // Two leads stored (as the form stores them), the webhook failing the first post it gets.
  site.webhook.failNext(1, 503);
  const store = await openLeadStore({ dataDir: site.dataDir });
  try {
    await store.create(lead);
    await store.create({ ...lead, name: "Ada Byrne", email: "ada@example.com" });
  } finally {
    await store.close();
  }
  const leadPosts = () => site.webhook.received().filter((post) => post.path === "/hooks/leads");
  await expect.poll(() => leadPosts().length, { timeout: 20_000 }).toBe(2);
  await expect.poll(async () => (await scrape(site)).get('hub_leads{status="delivered"}'), { timeout: 10_000 }).toBe(2);

  // Every delivery verifies with the Standard Webhooks reference library (the body is the JSON the site
  // sent), for a receiver that still has the old secret and for one that has moved to the new one.
  for (const post of leadPosts()) {
    expect(new Webhook(OLD_SECRET).verify(JSON.stringify(post.body), post.headers)).toEqual(post.body);
    expect(new Webhook(NEW_SECRET).verify(JSON.stringify(post.body), post.headers)).toEqual(post.body);
    expect(post.headers["webhook-id"]).toBe(post.headers["idempotency-key"]);
  }

  const after = await scrape(site, NEXT_TOKEN);
  expect(moved(after, 'hub_page_cache_requests_total{result="miss"}')).toBeGreaterThanOrEqual(1);
  expect(moved(after, 'hub_page_cache_requests_total{result="hit"}')).toBeGreaterThanOrEqual(1);
  expect(after.get("hub_page_cache_entries")).toBeGreaterThanOrEqual(1);
  expect(after.get("hub_page_cache_bytes")).toBeGreaterThan(10_000);
  expect(moved(after, 'hub_render_seconds_count{route="/",kind="document"}')).toBe(1);
  expect(moved(after, 'hub_render_seconds_count{route="/blog",kind="data"}')).toBe(1);
  expect(moved(after, 'hub_upstream_requests_total{service="content",outcome="ok"}')).toBeGreaterThan(0);
  expect(moved(after, 'hub_upstream_requests_total{service="content",outcome="error"}')).toBe(1);
  expect(moved(after, 'hub_upstream_requests_total{service="events",outcome="ok"}')).toBeGreaterThan(0);
  expect(moved(after, 'hub_upstream_requests_total{service="events",outcome="error"}')).toBe(1);
  expect(moved(after, 'hub_lead_posts_total{outcome="failed"}')).toBe(1);
  expect(moved(after, 'hub_lead_posts_total{outcome="delivered"}')).toBe(2);
  expect(moved(after, "hub_lead_delivery_seconds_count")).toBe(2);
  expect(after.get('hub_leads{status="waiting"}')).toBe(0);
  expect(after.get('hub_leads{status="failed"}')).toBe(0);
  expect(after.get("hub_lead_oldest_undelivered_age_seconds")).toBe(0);
  expect(after.get("hub_lead_store_up")).toBe(1);
  expect(after.get("hub_lead_store_writable")).toBe(1);
  // One instance on SQLite has no connection to hear other instances' purges on.
  expect(after.has("hub_content_purges_listening")).toBe(false);
  expect(after.get("nodejs_eventloop_lag_p99_seconds")).toBeGreaterThan(0);
  expect(after.get("nodejs_heap_size_used_bytes")).toBeGreaterThan(0);

  // Nothing a visitor gets carries a secret or a token.
  for (const path of ["/", "/privacy", "/blog.data", "/metrics"]) {
    const text = await (await fetch(`${site.url}${path}`)).text();
    for (const secret of [OLD_SECRET, NEW_SECRET, TOKEN, NEXT_TOKEN, "whsec_"]) expect(text).not.toContain(secret);
  }
});

interface RawAnswer {
  status: string;
  headers: [string, string][];
  body: string;
}

/** One request written on a socket as given, and the answer as it came (the body de-chunked). */
function rawRequest(url: string, requestLines: string[]): Promise<RawAnswer> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      const [status = "", ...lines] = text.slice(0, split).split("\r\n");
      const headers = lines.map((line): [string, string] => {
        const colon = line.indexOf(":");
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
      });
      let body = text.slice(split + 4);
      if (headers.some(([name, value]) => name === "transfer-encoding" && value === "chunked")) body = dechunk(body);
      resolve({ status, headers, body: Buffer.from(body, "latin1").toString("utf8") });
    });
    socket.write([...requestLines, `Host: 127.0.0.1:${port}`, "Connection: close", "", ""].join("\r\n"));
  });
}

function dechunk(text: string): string {
  let body = "";
  let at = 0;
  for (;;) {
    const lineEnd = text.indexOf("\r\n", at);
    const size = Number.parseInt(text.slice(at, lineEnd), 16);
    if (!size) return body;
    body += text.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

/** What a visitor could compare, with what differs in every answer put aside. */
function comparable(answer: RawAnswer, pathShown = "/metrics"): RawAnswer {
  const policy = answer.headers.find(([name]) => name === "content-security-policy")?.[1] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  const withoutNonce = (text: string) => (nonce ? text.split(nonce).join("NONCE") : text);
  const headers = answer.headers.map(([name, value]): [string, string] => {
    if (name === "date") return [name, "DATE"];
    if (name === "x-request-id") return [name, "ID"];
    return [name, withoutNonce(value)];
  });
  return { status: answer.status, headers, body: withoutNonce(answer.body).split(pathShown).join("/metrics") };
}

test("without the right bearer token, or without METRICS_TOKEN, /metrics is the unknown-address 404, never kept", async ({
  isolatedSite,
}) => {
  test.setTimeout(60_000);
  const off = await spawnSite({
    ...liveContentEnv(isolatedSite.content),
    ...liveEventsEnv(isolatedSite.events),
    METRICS_TOKEN: "",
  });
  try {
    const entriesBefore = (await scrape(isolatedSite)).get("hub_page_cache_entries");
    // An unknown address of the same length, so its page differs only where it names its path.
    const unknown = comparable(await rawRequest(isolatedSite.url, ["GET /metricx HTTP/1.1"]), "/metricx");
    expect(unknown.status).toBe("HTTP/1.1 404 Not Found");
    expect(unknown.body).toContain("</html>");

    const refusals = {
      "no Authorization": await rawRequest(isolatedSite.url, ["GET /metrics HTTP/1.1"]),
      "a wrong token": await rawRequest(isolatedSite.url, [
        "GET /metrics HTTP/1.1",
        "Authorization: Bearer e2e-wrong-token-0123456789abcdef",
      ]),
      "the token and more": await rawRequest(isolatedSite.url, [
        "GET /metrics HTTP/1.1",
        `Authorization: Bearer ${TOKEN}0`,
      ]),
      "another scheme": await rawRequest(isolatedSite.url, [
        "GET /metrics HTTP/1.1",
        `Authorization: Basic ${Buffer.from(`prometheus:${TOKEN}`).toString("base64")}`,
      ]),
      "no METRICS_TOKEN on the server": await rawRequest(off.url, [
        "GET /metrics HTTP/1.1",
        `Authorization: Bearer ${TOKEN}`,
      ]),
    };
    for (const [what, answer] of Object.entries(refusals)) {
      expect(comparable(answer), what).toEqual(unknown);
      expect(
        answer.headers.map(([name]) => name),
        what,
      ).not.toContain("x-page-cache");
    }

    // The same through an ordinary client, and for HEAD.
    const viaFetch = await fetch(`${isolatedSite.url}/metrics`, { headers: { Authorization: "Bearer nope" } });
    expect(viaFetch.status).toBe(404);
    expect(await viaFetch.text()).toContain("</html>");
    const head = await rawRequest(isolatedSite.url, ["HEAD /metrics HTTP/1.1"]);
    const unknownHead = await rawRequest(isolatedSite.url, ["HEAD /metricx HTTP/1.1"]);
    expect(comparable(head)).toEqual(comparable(unknownHead, "/metricx"));

    // None of them left a page behind.
    expect((await scrape(isolatedSite)).get("hub_page_cache_entries")).toBe(entriesBefore);

    const granted = await rawRequest(isolatedSite.url, ["GET /metrics HTTP/1.1", `Authorization: Bearer ${TOKEN}`]);
    expect(granted.status).toBe("HTTP/1.1 200 OK");
    expect(granted.body).toContain("# TYPE hub_leads gauge");
  } finally {
    await off.stop();
  }
});
