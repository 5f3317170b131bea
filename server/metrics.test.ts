import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { register as globalRegistry } from "prom-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LeadStats } from "~/services/leads";
import {
  bearerToken,
  contentfulOutcome,
  createServerMetrics,
  metricsEndpoint,
  observeResponses,
  type ServerMetrics,
} from "./metrics.ts";

const NOW = Date.parse("2026-05-01T12:00:00Z");
const stats = (overrides: Partial<LeadStats> = {}): LeadStats => ({
  pending: 5,
  retrying: 2,
  delivered: 40,
  spam: 7,
  oldestPendingAt: new Date(NOW - 20 * 60_000).toISOString(),
  ...overrides,
});

function metricsWith(leadStats: () => Promise<LeadStats> = async () => stats(), extra = {}) {
  return createServerMetrics({ leadStats, storeWritable: () => true, processMetrics: false, now: () => NOW, ...extra });
}

/** The value of one sample line (`name{labels} value`), or undefined when the scrape has none. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function listen(app: express.Express): Promise<string> {
  const server = createServer(app).listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the metrics of one server", () => {
  it("reads the lead gauges from the store at each scrape: waiting, failed, delivered, spam, and the oldest's age", async () => {
    let current = stats();
    const metrics = metricsWith(async () => current);
    let text = (await metrics.scrape()).body;
    expect(sample(text, 'hub_leads{status="waiting"}')).toBe(3);
    expect(sample(text, 'hub_leads{status="failed"}')).toBe(2);
    expect(sample(text, 'hub_leads{status="delivered"}')).toBe(40);
    expect(sample(text, 'hub_leads{status="spam"}')).toBe(7);
    expect(sample(text, "hub_lead_oldest_undelivered_age_seconds")).toBe(1200);
    expect(sample(text, "hub_lead_store_up")).toBe(1);

    current = stats({ pending: 0, retrying: 0, delivered: 45, oldestPendingAt: null });
    text = (await metrics.scrape()).body;
    expect(sample(text, 'hub_leads{status="waiting"}')).toBe(0);
    expect(sample(text, 'hub_leads{status="delivered"}')).toBe(45);
    expect(sample(text, "hub_lead_oldest_undelivered_age_seconds")).toBe(0);
  });

  it("reads the store once per scrape, however many gauges it feeds", async () => {
    const leadStats = vi.fn(async () => stats());
    const metrics = metricsWith(leadStats);
    await metrics.scrape();
    expect(leadStats).toHaveBeenCalledTimes(1);
    await metrics.scrape();
    expect(leadStats).toHaveBeenCalledTimes(2);
  });

  it("still answers when the store fails: hub_lead_store_up 0, no lead counts, the outage told once", async () => {
    let failing = true;
    const onStoreError = vi.fn();
    const metrics = metricsWith(
      async () => {
        if (failing) throw new Error("connection refused");
        return stats();
      },
      { onStoreError },
    );
    let text = (await metrics.scrape()).body;
    expect(sample(text, "hub_lead_store_up")).toBe(0);
    expect(text).not.toMatch(/^hub_leads\{/m);
    expect(sample(text, "hub_lead_oldest_undelivered_age_seconds")).toBeNaN();
    await metrics.scrape();
    expect(onStoreError).toHaveBeenCalledTimes(1);

    failing = false;
    text = (await metrics.scrape()).body;
    expect(sample(text, "hub_lead_store_up")).toBe(1);
    expect(sample(text, 'hub_leads{status="waiting"}')).toBe(3);
    failing = true;
    await metrics.scrape();
    expect(onStoreError).toHaveBeenCalledTimes(2);
  });

  it("says whether the store took the last write probe, and whether the instance hears purges, as each scrape finds them", async () => {
    let writable = true;
    let listening = true;
    const metrics = metricsWith(undefined, { storeWritable: () => writable, purgesListening: () => listening });
    let text = (await metrics.scrape()).body;
    expect(sample(text, "hub_lead_store_writable")).toBe(1);
    expect(sample(text, "hub_content_purges_listening")).toBe(1);
    writable = false;
    listening = false;
    text = (await metrics.scrape()).body;
    expect(sample(text, "hub_lead_store_writable")).toBe(0);
    expect(sample(text, "hub_content_purges_listening")).toBe(0);
    // Without PostgreSQL there is no connection to lose, and no series that could say so.
    expect((await metricsWith().scrape()).body).not.toContain("hub_content_purges_listening");
  });

  it("counts contact submissions by outcome, every outcome present from the start", async () => {
    const metrics = metricsWith();
    metrics.contactSubmission("stored");
    metrics.contactSubmission("failed");
    const text = (await metrics.scrape()).body;
    expect(sample(text, 'hub_contact_submissions_total{outcome="stored"}')).toBe(1);
    expect(sample(text, 'hub_contact_submissions_total{outcome="failed"}')).toBe(1);
    expect(sample(text, 'hub_contact_submissions_total{outcome="held"}')).toBe(0);
    expect(text).not.toContain('hub_contact_submissions_total{outcome="delivered"}');
  });

  it("counts posts by outcome (every outcome present from the start) and times deliveries", async () => {
    const metrics = metricsWith();
    let text = (await metrics.scrape()).body;
    for (const outcome of ["delivered", "rejected", "failed", "timed_out"]) {
      expect(sample(text, `hub_lead_posts_total{outcome="${outcome}"}`)).toBe(0);
    }
    metrics.leadPost("failed");
    metrics.leadPost("timed_out");
    metrics.leadPost("delivered");
    metrics.leadDelivered(90_000);
    text = (await metrics.scrape()).body;
    expect(sample(text, 'hub_lead_posts_total{outcome="failed"}')).toBe(1);
    expect(sample(text, 'hub_lead_posts_total{outcome="timed_out"}')).toBe(1);
    expect(sample(text, 'hub_lead_posts_total{outcome="delivered"}')).toBe(1);
    expect(sample(text, "hub_lead_delivery_seconds_count")).toBe(1);
    expect(sample(text, "hub_lead_delivery_seconds_sum")).toBe(90);
    expect(sample(text, 'hub_lead_delivery_seconds_bucket{le="60"}')).toBe(0);
    expect(sample(text, 'hub_lead_delivery_seconds_bucket{le="300"}')).toBe(1);
  });

  it("reports the page cache's size and what it answered", async () => {
    const metrics = metricsWith(undefined, {
      pageCacheStats: () => ({ version: 3, entries: 4, bytes: 4_000, queryEntries: 1, queryBytes: 500 }),
    });
    metrics.pageCacheRequest("miss");
    metrics.pageCacheRequest("hit");
    metrics.pageCacheRequest("hit");
    const text = (await metrics.scrape()).body;
    expect(sample(text, "hub_page_cache_bytes")).toBe(4_500);
    expect(sample(text, "hub_page_cache_entries")).toBe(5);
    expect(sample(text, 'hub_page_cache_requests_total{result="hit"}')).toBe(2);
    expect(sample(text, 'hub_page_cache_requests_total{result="miss"}')).toBe(1);
    expect(sample(text, 'hub_page_cache_requests_total{result="stale"}')).toBe(0);
  });

  it("keeps a registry of its own: two servers in one process count apart, and the global registry stays empty", async () => {
    const first = metricsWith();
    const second = metricsWith();
    first.leadPost("delivered");
    first.upstream("content", "timeout");
    expect(sample((await first.scrape()).body, 'hub_lead_posts_total{outcome="delivered"}')).toBe(1);
    expect(sample((await second.scrape()).body, 'hub_lead_posts_total{outcome="delivered"}')).toBe(0);
    expect(
      sample((await second.scrape()).body, 'hub_upstream_requests_total{service="content",outcome="timeout"}'),
    ).toBe(0);
    expect(await globalRegistry.metrics()).not.toContain("hub_");
  });

  it("includes the process metrics: event loop lag and heap", async () => {
    const metrics = createServerMetrics({ leadStats: async () => stats(), storeWritable: () => true });
    const text = (await metrics.scrape()).body;
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect((await metrics.scrape()).contentType).toBe("text/plain; version=0.0.4; charset=utf-8");
  });
});

describe("upstream requests", () => {
  it("counts a fetch's outcome: ok, an error status, no connection, no answer in time", async () => {
    const metrics = metricsWith();
    const app = express();
    app.get("/ok", (_request, response) => void response.json({}));
    app.get("/broken", (_request, response) => void response.status(502).end());
    app.get("/slow", (_request, response) => void setTimeout(() => response.end(), 2_000));
    const url = await listen(app);
    const counted = metrics.countingFetch("events");

    expect((await counted(`${url}/ok`)).status).toBe(200);
    expect((await counted(`${url}/broken`)).status).toBe(502);
    await expect(counted("http://127.0.0.1:9/")).rejects.toThrow();
    await expect(counted(`${url}/slow`, { signal: AbortSignal.timeout(100) })).rejects.toThrow();

    const text = (await metrics.scrape()).body;
    const events = (outcome: string) =>
      sample(text, `hub_upstream_requests_total{service="events",outcome="${outcome}"}`);
    expect([events("ok"), events("error"), events("unreachable"), events("timeout")]).toEqual([1, 1, 1, 1]);
  });

  it("reads the Contentful SDK's attempts: a response, an error with one, a timeout, no connection", () => {
    expect(contentfulOutcome({ status: 200, data: {} })).toBe("ok");
    expect(contentfulOutcome({ status: 404 })).toBe("error");
    expect(contentfulOutcome(Object.assign(new Error("Request failed"), { response: { status: 503 } }))).toBe("error");
    expect(contentfulOutcome(Object.assign(new Error("timeout of 30000ms exceeded"), { code: "ECONNABORTED" }))).toBe(
      "timeout",
    );
    expect(contentfulOutcome(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(
      "unreachable",
    );
    expect(contentfulOutcome(undefined)).toBe("unreachable");
  });
});

describe("GET /metrics", () => {
  const TOKENS = ["a-metrics-token-0123456789abcdef", "the-next-token-fedcba9876543210"];

  /** An app whose unknown addresses answer a fixed 404, as the site's own does. */
  async function site(tokens: string[] | null, metrics: ServerMetrics = metricsWith()) {
    const app = express();
    app.get("/metrics", metricsEndpoint({ tokens, metrics }));
    app.use((_request, response) => void response.status(404).type("text/html").send("<h1>Page not found</h1>"));
    return listen(app);
  }

  const get = (url: string, authorization?: string) =>
    fetch(`${url}/metrics`, { headers: authorization === undefined ? {} : { Authorization: authorization } });

  it("answers the scrape for either token, never cached", async () => {
    const url = await site(TOKENS);
    for (const token of TOKENS) {
      const response = await get(url, `Bearer ${token}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).toContain("# TYPE hub_lead_posts_total counter");
    }
    expect((await get(url, `bearer ${TOKENS[0]}`)).status).toBe(200);
  });

  it("passes anything else on to the unknown-address answer: no token, a wrong one, another scheme, no METRICS_TOKEN", async () => {
    const url = await site(TOKENS);
    const off = await site(null);
    const answers = [
      await get(url),
      await get(url, "Bearer wrong-token-0123456789abcdef"),
      await get(url, `Bearer ${TOKENS[0]}x`),
      await get(url, `Bearer ${TOKENS[0]} ${TOKENS[1]}`),
      await get(url, `Basic ${Buffer.from(`prometheus:${TOKENS[0]}`).toString("base64")}`),
      await get(url, TOKENS[0]),
      await get(off, `Bearer ${TOKENS[0]}`),
      await get(await site([]), `Bearer ${TOKENS[0]}`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe("<h1>Page not found</h1>");
    }
  });

  it("reads the bearer token of an Authorization header", () => {
    expect(bearerToken("Bearer abc")).toBe("abc");
    expect(bearerToken("BEARER  abc ")).toBe("abc");
    expect(bearerToken("Bearer")).toBeUndefined();
    expect(bearerToken("Bearer a b")).toBeUndefined();
    expect(bearerToken("Token abc")).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});

describe("what responses tell the metrics", () => {
  it("counts the page cache's answers and times renders not sent from it, by route and kind", async () => {
    const metrics = metricsWith();
    const app = express();
    app.use(observeResponses(metrics));
    app.all("/{*path}", (request, response) => {
      const cache = request.query.cache as "hit" | "miss" | undefined;
      if (cache) response.locals.pageCache = cache;
      if (cache !== "hit" && request.query.static === undefined) {
        response.locals.renderStartedAt = performance.now() - 50;
        response.locals.route = request.path.startsWith("/blog/") ? "/blog/:slug" : request.path.replace(/\.data$/, "");
      }
      response.end("ok");
    });
    const url = await listen(app);
    await fetch(`${url}/blog/a?cache=miss`);
    await fetch(`${url}/blog/b?cache=hit`);
    await fetch(`${url}/blog/b.data`);
    await fetch(`${url}/contact`, { method: "POST", body: "name=x" });
    await fetch(`${url}/favicon.svg?static`);

    const text = (await metrics.scrape()).body;
    expect(sample(text, 'hub_page_cache_requests_total{result="miss"}')).toBe(1);
    expect(sample(text, 'hub_page_cache_requests_total{result="hit"}')).toBe(1);
    expect(sample(text, 'hub_render_seconds_count{route="/blog/:slug",kind="document"}')).toBe(1);
    expect(sample(text, 'hub_render_seconds_count{route="/blog/:slug",kind="data"}')).toBe(1);
    expect(sample(text, 'hub_render_seconds_count{route="/contact",kind="action"}')).toBe(1);
    expect(sample(text, 'hub_render_seconds_bucket{le="0.025",route="/blog/:slug",kind="document"}')).toBe(0);
    expect(text.match(/^hub_render_seconds_count/gm)).toHaveLength(3);
  });
});

describe("the metrics table of docs/operations.md", () => {
  /** Each metric's type and labels, with the values a label takes where the table lists them. */
  type Described = Map<string, { type: string; labels: Map<string, Set<string> | null> }>;

  function documented(): Described {
    const docs = readFileSync(path.resolve(import.meta.dirname, "../docs/operations.md"), "utf8");
    const metrics: Described = new Map();
    for (const [, name, type, labels] of docs.matchAll(/^\| `(hub_\w+)` +\| (\w+) +\| (.*?) +\| .* \|$/gm)) {
      const byName = new Map<string, Set<string> | null>();
      for (const label of labels!.split("; ").filter(Boolean)) {
        const [, labelName, values] = /^`(\w+)`(?:: (.*)| \(.*\))?$/.exec(label) ?? [];
        expect(labelName, `${name}'s label ${label}`).toBeDefined();
        byName.set(labelName!, values ? new Set(values.split(", ").map((value) => value.replaceAll("`", ""))) : null);
      }
      metrics.set(name!, { type: type!, labels: byName });
    }
    return metrics;
  }

  async function scraped(): Promise<Described> {
    const metrics = metricsWith(undefined, {
      purgesListening: () => true,
      pageCacheStats: () => ({ version: 1, entries: 1, bytes: 1, queryEntries: 0, queryBytes: 0 }),
    });
    // Every label value that only appears once it happened.
    for (const kind of ["document", "data", "action"] as const) metrics.render(0.01, "/", kind);
    metrics.upstream("content_preview", "ok");
    metrics.leadDelivered(1_000);
    const text = (await metrics.scrape()).body;
    const found: Described = new Map();
    for (const [, name, type] of text.matchAll(/^# TYPE (hub_\w+) (\w+)$/gm)) {
      found.set(name!, { type: type!, labels: new Map() });
    }
    for (const [, series, labels] of text.matchAll(/^(hub_\w+?)(?:_bucket|_sum|_count)?(?:\{(.*)\})? \S+$/gm)) {
      const metric = found.get(series!);
      if (!metric) continue;
      for (const [, label, value] of (labels ?? "").matchAll(/(\w+)="([^"]*)"/g)) {
        if (label === "le") continue;
        if (!metric.labels.has(label!)) metric.labels.set(label!, new Set());
        metric.labels.get(label!)!.add(value!);
      }
    }
    return found;
  }

  it("names every metric /metrics has, with its type, labels and each label's values", async () => {
    const docs = documented();
    const scrape = await scraped();
    expect([...docs.keys()].sort()).toEqual([...scrape.keys()].sort());
    for (const [name, { type, labels }] of scrape) {
      const described = docs.get(name)!;
      expect(described.type, name).toBe(type);
      expect([...described.labels.keys()].sort(), name).toEqual([...labels.keys()].sort());
      for (const [label, values] of described.labels) {
        if (values) expect(values, `${name}{${label}}`).toEqual(labels.get(label));
      }
    }
  });
});
