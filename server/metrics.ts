import type { RequestHandler } from "express";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { INTAKE_OUTCOMES, type IntakeOutcome, type LeadStats, type PostOutcome } from "~/services/leads";
import type { PageCacheStats } from "./page-cache.ts";
import { secretMatches } from "./secret-match.ts";

/**
 * What an operator alerts on (docs/operations.md, Readiness and metrics; the rules: ops/prometheus/alerts.yml),
 * in Prometheus's text format at `GET /metrics`
 * for a bearer token (METRICS_TOKEN). Each server keeps its own registry, never prom-client's global
 * one, so every instance (and every server a test starts in one process) reports only its own
 * counters; the lead gauges are read from the shared store at each scrape, so every instance
 * reports the same for them.
 */

export type PageCacheResult = "hit" | "stale" | "miss" | "refresh";
export const PAGE_CACHE_RESULTS: readonly PageCacheResult[] = ["hit", "stale", "miss", "refresh"];

/** The outside services a page waits for: the Contentful client (and its preview client), the events service. */
export type UpstreamService = "content" | "content_preview" | "events";
/** An answer (2xx/3xx), an error status, no connection, or no answer in time. */
export type UpstreamOutcome = "ok" | "error" | "unreachable" | "timeout";
const UPSTREAM_OUTCOMES: readonly UpstreamOutcome[] = ["ok", "error", "unreachable", "timeout"];

/** A render: a page's HTML, a route's data for a client-side navigation, or a form post's action. */
export type RenderKind = "document" | "data" | "action";

export interface MetricsSources {
  /** The lead store's counts, read at each scrape. */
  leadStats: () => Promise<LeadStats>;
  /** The page cache's size, or null when there is none (development). */
  pageCacheStats?: () => PageCacheStats | null;
  /**
   * Told when a scrape cannot read the lead store after the last one could (the scrape still answers,
   * with `hub_lead_store_up 0`), so an outage is logged once, not at every scrape.
   */
  onStoreError?: (error: unknown) => void;
  /** Whether the last write probe of the lead store, made on a timer (readiness.ts), went through. */
  storeWritable: () => boolean;
  /**
   * Whether this instance's LISTEN connection is open, so it hears other instances' content purges;
   * absent without PostgreSQL (one instance hears its own webhook).
   */
  purgesListening?: () => boolean;
  /** prom-client's process metrics (event loop lag, heap, CPU, handles); off only in tests that need none. */
  processMetrics?: boolean;
  now?: () => number;
}

export type ServerMetrics = ReturnType<typeof createServerMetrics>;

const LEAD_DELIVERY_BUCKETS_S = [0.5, 1, 5, 15, 60, 300, 900, 3_600, 4 * 3_600, 24 * 3_600];
const RENDER_BUCKETS_S = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createServerMetrics({
  leadStats,
  storeWritable,
  purgesListening,
  pageCacheStats = () => null,
  onStoreError = () => {},
  processMetrics = true,
  now = Date.now,
}: MetricsSources) {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  // One read of the store per scrape, shared by the gauges below (a scrape collects them at once).
  let statsUnderWay: Promise<LeadStats | null> | null = null;
  let storeWasUp = true;
  const scrapeLeadStats = () => {
    statsUnderWay ??= leadStats()
      .then((stats) => {
        storeWasUp = true;
        return stats;
      })
      .catch((error: unknown) => {
        if (storeWasUp) onStoreError(error);
        storeWasUp = false;
        return null;
      })
      .finally(() => {
        statsUnderWay = null;
      });
    return statsUnderWay;
  };

  new Gauge({
    name: "hub_leads",
    help: "Stored leads by status: waiting (never failed yet), failed (waiting after a failed post), delivered, spam (held, never posted); read from the shared store, so the same on every instance.",
    labelNames: ["status"],
    registers,
    async collect() {
      const stats = await scrapeLeadStats();
      this.reset();
      if (!stats) return;
      this.set({ status: "waiting" }, stats.pending - stats.retrying);
      this.set({ status: "failed" }, stats.retrying);
      this.set({ status: "delivered" }, stats.delivered);
      this.set({ status: "spam" }, stats.spam);
    },
  });
  new Gauge({
    name: "hub_lead_oldest_undelivered_age_seconds",
    help: "How long the oldest lead that is waiting or failed has been stored (0 when none waits; NaN when the store cannot be read).",
    registers,
    async collect() {
      const stats = await scrapeLeadStats();
      if (!stats) return this.set(Number.NaN);
      const oldest = stats.oldestPendingAt ? Date.parse(stats.oldestPendingAt) : null;
      this.set(oldest === null ? 0 : Math.max(0, (now() - oldest) / 1000));
    },
  });
  new Gauge({
    name: "hub_lead_store_up",
    help: "1 when this scrape could read the lead store, else 0 (then hub_leads is absent and the oldest's age NaN).",
    registers,
    async collect() {
      this.set((await scrapeLeadStats()) ? 1 : 0);
    },
  });
  new Gauge({
    name: "hub_lead_store_writable",
    help: "1 when this instance's last write probe of the lead store (one a second, on a timer) went through; 0 when it failed or has not answered for 5 s: the contact form then fails.",
    registers,
    collect() {
      this.set(storeWritable() ? 1 : 0);
    },
  });
  if (purgesListening) {
    new Gauge({
      name: "hub_content_purges_listening",
      help: "1 while this instance's LISTEN connection to PostgreSQL is open, so it hears the content purges other instances receive; 0 while it is lost and being reopened.",
      registers,
      collect() {
        this.set(purgesListening() ? 1 : 0);
      },
    });
  }

  const leadPosts = new Counter({
    name: "hub_lead_posts_total",
    help: "Posts of leads to the lead webhook by this instance: delivered (a 2xx), rejected (a 4xx refusing the lead itself), failed (another answer, a redirect, or no connection), timed_out.",
    labelNames: ["outcome"],
    registers,
  });
  for (const outcome of ["delivered", "rejected", "failed", "timed_out"] satisfies PostOutcome[]) {
    leadPosts.inc({ outcome }, 0);
  }
  const contactSubmissions = new Counter({
    name: "hub_contact_submissions_total",
    help: "Contact form sends this instance answered: stored (a new lead, to be posted to the webhook), held (a hard spam signal: stored, never posted), confirm (a soft signal: the visitor asked to send again, nothing stored), repeat (the same form sent again), folded (the same enquiry from another form within the hour), limited (over CONTACT_RATE_LIMIT), failed (the store refused it).",
    labelNames: ["outcome"],
    registers,
  });
  for (const outcome of INTAKE_OUTCOMES) contactSubmissions.inc({ outcome }, 0);
  const leadDelivery = new Histogram({
    name: "hub_lead_delivery_seconds",
    help: "From a lead stored to its delivery recorded, for the leads this instance delivered.",
    buckets: LEAD_DELIVERY_BUCKETS_S,
    registers,
  });

  const pageCacheRequests = new Counter({
    name: "hub_page_cache_requests_total",
    help: "Page requests the page cache was asked about: hit (sent from memory), miss (rendered, none kept), refresh (rendered again, the kept one too old), stale (the kept one sent because its re-render failed).",
    labelNames: ["result"],
    registers,
  });
  for (const result of PAGE_CACHE_RESULTS) pageCacheRequests.inc({ result }, 0);
  new Gauge({
    name: "hub_page_cache_bytes",
    help: "Bytes of the pages kept in memory (text and gzip), query-string pages included.",
    registers,
    collect() {
      const stats = pageCacheStats();
      this.set(stats ? stats.bytes + stats.queryBytes : 0);
    },
  });
  new Gauge({
    name: "hub_page_cache_entries",
    help: "Pages kept in memory, query-string pages included.",
    registers,
    collect() {
      const stats = pageCacheStats();
      this.set(stats ? stats.entries + stats.queryEntries : 0);
    },
  });

  const renders = new Histogram({
    name: "hub_render_seconds",
    help: "Renders not served from the page cache, from the start of the render to the last byte sent, by route pattern and kind (document, data, action).",
    labelNames: ["route", "kind"],
    buckets: RENDER_BUCKETS_S,
    registers,
  });

  const upstream = new Counter({
    name: "hub_upstream_requests_total",
    help: "HTTP requests to outside services (content: Contentful, content_preview: its Preview API, events) by outcome: ok, error (an error status), unreachable, timeout.",
    labelNames: ["service", "outcome"],
    registers,
  });
  for (const service of ["content", "events"] satisfies UpstreamService[]) {
    for (const outcome of UPSTREAM_OUTCOMES) upstream.inc({ service, outcome }, 0);
  }

  return {
    registry,
    leadPost(outcome: PostOutcome): void {
      leadPosts.inc({ outcome });
    },
    contactSubmission(outcome: IntakeOutcome): void {
      contactSubmissions.inc({ outcome });
    },
    leadDelivered(waitedMs: number): void {
      leadDelivery.observe(Math.max(0, waitedMs) / 1000);
    },
    pageCacheRequest(result: PageCacheResult): void {
      pageCacheRequests.inc({ result });
    },
    render(seconds: number, route: string, kind: RenderKind): void {
      renders.observe({ route, kind }, seconds);
    },
    upstream(service: UpstreamService, outcome: UpstreamOutcome): void {
      upstream.inc({ service, outcome });
    },
    /** `fetch` that counts each request's outcome for `service`. */
    countingFetch(service: UpstreamService, fetchImpl: typeof fetch = fetch): typeof fetch {
      return async (input, init) => {
        try {
          const response = await fetchImpl(input, init);
          upstream.inc({ service, outcome: response.status < 400 ? "ok" : "error" });
          return response;
        } catch (error) {
          const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
          upstream.inc({ service, outcome: timedOut ? "timeout" : "unreachable" });
          throw error;
        }
      };
    },
    /** The Contentful SDK's `responseLogger`: told of every HTTP attempt it makes, retries included. */
    contentfulResponses(service: UpstreamService): (answer: unknown) => void {
      return (answer) => upstream.inc({ service, outcome: contentfulOutcome(answer) });
    },
    /** The scrape: every metric in Prometheus's text format. */
    async scrape(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/** What the Contentful SDK's axios made of one attempt: a response, or an error with or without one. */
export function contentfulOutcome(answer: unknown): UpstreamOutcome {
  const { status, response, code, message } = (answer ?? {}) as {
    status?: unknown;
    response?: { status?: unknown };
    code?: unknown;
    message?: unknown;
  };
  if (typeof status === "number") return status < 400 ? "ok" : "error";
  if (typeof response?.status === "number") return "error";
  if (code === "ECONNABORTED" || code === "ETIMEDOUT" || /timeout/i.test(String(message ?? ""))) return "timeout";
  return "unreachable";
}

/**
 * `GET /metrics`: the scrape, for `Authorization: Bearer <one of tokens>`. Without tokens, or without
 * the right one, it passes the request on, so it gets exactly what any unknown address gets (the
 * site's 404 page): nothing tells a visitor that metrics exist.
 */
export function metricsEndpoint({
  tokens,
  metrics,
}: {
  tokens: readonly string[] | null;
  metrics: Pick<ServerMetrics, "scrape">;
}): RequestHandler {
  return async (request, response, next) => {
    if (!tokens || tokens.length === 0 || !secretMatches(bearerToken(request.get("authorization")), tokens)) {
      return next();
    }
    response.locals.route = "/metrics";
    try {
      const { contentType, body } = await metrics.scrape();
      response.status(200).set("Cache-Control", "no-store").type(contentType).send(body);
    } catch (error) {
      next(error);
    }
  };
}

declare module "express-serve-static-core" {
  interface Locals {
    /** When React Router began rendering the answer (`performance.now()`); unset for a page sent from memory. */
    renderStartedAt?: number;
  }
}

/**
 * Counts what the page cache answered and times every render not served from it, when a response
 * has been sent (a visitor who left early is not a render's time).
 */
export function observeResponses(metrics: Pick<ServerMetrics, "pageCacheRequest" | "render">): RequestHandler {
  return (request, response, next) => {
    response.on("finish", () => {
      const cache = response.locals.pageCache;
      if (cache) metrics.pageCacheRequest(cache);
      const started = response.locals.renderStartedAt;
      if (started === undefined || cache === "hit" || cache === "stale") return;
      const path = (request.originalUrl ?? request.url).split("?")[0] ?? "/";
      const kind: RenderKind = request.method === "POST" ? "action" : path.endsWith(".data") ? "data" : "document";
      metrics.render((performance.now() - started) / 1000, response.locals.route ?? "(none)", kind);
    });
    next();
  };
}

/** The token of an `Authorization: Bearer <token>` header (the scheme in any case), else undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer[ \t]+([^\s]+)[ \t]*$/i.exec(header ?? "")?.[1];
}
