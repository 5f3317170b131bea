import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import { hostname } from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { AppContext } from "~/context";
import { type Cache, createCache } from "~/services/cache.server";
import {
  assetUrlResolver,
  type ContentConfig,
  contentKeysAffectedBy,
  createContentClient,
  createContentCaches,
  createContentService,
  contentValueSchema,
  type PurgeScope,
  startPurgeBroadcast,
} from "~/services/content";
import { EnvError, parseEnv, siteOrigin } from "~/services/env.server";
import { createEventCoverService } from "~/services/event-covers.server";
import { createEventRevisions } from "~/services/event-revisions.server";
import { createEventsService } from "~/services/events.server";
import { createFeedCache } from "~/services/feed-cache.server";
import { createFeedService } from "~/services/feeds.server";
import {
  createFormTokens,
  createLeadDelivery,
  createLeadIntake,
  describeDatabaseUrl,
  type LeadStore,
  openLeadStore,
  startLeadHousekeeping,
} from "~/services/leads";
import { createApp } from "./app.ts";
import { createServerMetrics } from "./metrics.ts";
import { createPageCache } from "./page-cache.ts";
import { leadReadiness, type Readiness, startReadinessChecks } from "./readiness.ts";
import { DemoFilesMissingError, type Integrations, resolveIntegrations } from "./integrations.ts";
import { bridgeConsole, createLogger, logFormatFor } from "./logger.ts";
import { refuseConnect, withOriginFormTargets } from "./request-target.ts";
import { originOf } from "./security.ts";
import { gracefulClose, SHUTDOWN_GRACE_MS } from "./shutdown.ts";
import { contentfulWebhook } from "./content-webhook.ts";
import { previewKeys, previewRoutes } from "./preview.ts";
import { createTestReset } from "./test-reset.ts";
import { createScriptPlanting } from "./test-planted-script.ts";

/**
 * The production server (and, with Vite's middleware, the development server): parses the
 * environment, starts demo stand-ins for unconfigured integrations, builds the services, serves the
 * site and shuts down gracefully on SIGTERM.
 */

export interface StartOptions {
  projectRoot: string;
  vite?: ViteDevServer;
}

/** How long a stopping worker waits for a delivery under way (one webhook call's timeout and a bit). */
const WORKER_STOP_WAIT_MS = 11_000;
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * A page is re-rendered at least every half minute (so the content caches behind it, fresh for a
 * minute, are asked and refresh); a couple of hundred pages and fifty list addresses with a query
 * (`?page=2`) fit in a few tens of megabytes.
 */
const PAGE_CACHE_LIMITS = {
  // A page is about 100 KB kept (its text and its gzip): 200 pages take about 20 MB.
  maxEntries: 200,
  maxBytes: 48 * 1024 * 1024,
  maxQueryEntries: 50,
  maxQueryBytes: 12 * 1024 * 1024,
  maxAgeMs: 30_000,
  // As long as the content caches serve stale content while the content service fails.
  staleIfErrorMs: 24 * 60 * 60_000,
};

/**
 * Rendered feeds (the blog's, its tags', the events calendar) are rendered again after as long as a
 * page; a few hundred tags' feeds fit in a few megabytes.
 */
const FEED_CACHE_LIMITS = { maxEntries: 200, maxAgeMs: PAGE_CACHE_LIMITS.maxAgeMs };

export async function startServer({ projectRoot, vite }: StartOptions): Promise<void> {
  // Before anything else, so even a configuration error is a proper log line.
  const logger = createLogger({ format: logFormatFor(process.env) });
  bridgeConsole(logger);
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let integrations: Integrations;
  try {
    integrations = await resolveIntegrations(env, { projectRoot });
  } catch (error) {
    if (error instanceof DemoFilesMissingError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let leadStore: LeadStore;
  try {
    leadStore = await openLeadStore({ dataDir: path.resolve(env.DATA_DIR), databaseUrl: env.DATABASE_URL });
  } catch (error) {
    const where = env.DATABASE_URL ? describeDatabaseUrl(env.DATABASE_URL) : env.DATA_DIR;
    console.error(`Cannot start: the lead store (${where}) cannot be opened: ${(error as Error).message}`);
    await integrations.close();
    process.exit(1);
  }
  // The contact form's tokens: signed with FORM_TOKEN_SECRET, or with a secret the first instance made
  // and kept in the lead store, which every instance then reads.
  let formTokenSecrets: string[];
  try {
    formTokenSecrets = env.FORM_TOKEN_SECRET ?? [
      await leadStore.sharedSecret("form-token", () => randomBytes(32).toString("base64url")),
    ];
  } catch (error) {
    console.error(
      `Cannot start: the form token secret cannot be read from the lead store: ${(error as Error).message}`,
    );
    await leadStore.close().catch(() => undefined);
    await integrations.close();
    process.exit(1);
  }
  // Rendered pages, once per content version (not in development, where every edit must show). Every
  // way the content behind them changes purges them:
  // - a purge of the content caches: the publish webhook's, or another instance's heard through
  //   PostgreSQL (`contentCaches.onPurge`, below);
  // - a refresh of the content or events caches that brought different content, or a value removed
  //   (the caches' `onContentChange`), which also covers a load after a purge that was too slow for
  //   the first render after it, and a snapshot's values replaced by the service's.
  // A page whose loaders met a failure (a negative-cache entry included) or a late section is never
  // kept (`skipPageCache`), and the snapshot is restored before the first page is rendered.
  const pageCache = vite ? undefined : createPageCache(PAGE_CACHE_LIMITS);
  // Only with METRICS_TOKEN: without it nobody may read them, so nothing is counted. The store's write
  // probe and the purges' connection are read from what the readiness checks and the purge broadcast,
  // made below, know at each scrape.
  const metrics = env.METRICS_TOKEN
    ? createServerMetrics({
        leadStats: () => leadStore.stats(),
        storeWritable: () => readinessChecks.storeWritable(),
        ...(env.DATABASE_URL ? { purgesListening: () => purgeBroadcast?.state().listening ?? false } : {}),
        pageCacheStats: () => pageCache?.stats() ?? null,
        onStoreError: (error) => console.warn("Metrics: the lead store cannot be read (hub_lead_store_up 0).", error),
      })
    : null;
  const leadDelivery = createLeadDelivery({
    store: leadStore,
    webhookUrl: integrations.leads.webhookUrl,
    mirrorUrl: integrations.leads.mirrorUrl,
    signingSecrets: integrations.leads.signingSecrets,
    firstRetryMs: env.LEAD_RETRY_AFTER,
    onPostOutcome: metrics?.leadPost,
    onDelivered: metrics?.leadDelivered,
  });
  const contentConfig = integrations.content.config;

  // The feeds are kept and purged like the pages, in a cache of their own (the page cache keeps HTML).
  const feedCache = createFeedCache({ ...FEED_CACHE_LIMITS, maxAgeMs: vite ? 0 : FEED_CACHE_LIMITS.maxAgeMs });
  const purgePages = () => {
    pageCache?.purge();
    feedCache.purge();
  };
  const cacheTimings = {
    freshMs: 60_000,
    staleIfErrorMs: 24 * 60 * 60_000,
    waitMs: 4_000,
    retryAfterFailureMs: 15_000,
    onBackgroundError: (key: string, error: unknown) =>
      console.warn(`Refreshing ${key} failed; serving the cached copy.`, error),
    onContentChange: purgePages,
  };
  const contentCaches = createContentCaches({
    // A look-up that failed with nothing cached is answered from memory for 15 s, not retried per view.
    timings: { ...cacheTimings, failureTtlMs: 15_000 },
    maxEntries: 500,
    maxLookupEntries: 2_000,
    snapshot: { file: path.resolve(env.DATA_DIR, "content-cache.json"), source: contentSource(integrations.content) },
    keysAffectedBy: contentKeysAffectedBy,
    valueSchema: contentValueSchema,
  });
  const { cache: contentCache, lookupCache: contentLookupCache } = contentCaches;
  contentCaches.onPurge(purgePages);
  // With several instances on one database, a purge reaches all of them.
  const purgeBroadcast = env.DATABASE_URL
    ? startPurgeBroadcast({
        databaseUrl: env.DATABASE_URL,
        instanceId: randomUUID(),
        onPurge: (scope) => contentCaches.purge(scope, "peer"),
      })
    : null;
  const purgeContent = (scope: PurgeScope) => {
    const event = contentCaches.purge(scope, "webhook");
    void purgeBroadcast?.publish(scope);
    return event;
  };

  const contentService = (api: "delivery" | "preview", caches: { cache: Cache; lookupCache: Cache }) =>
    createContentService({
      client: createContentClient(contentConfig, api, {
        onAttempt: metrics?.contentfulResponses(api === "preview" ? "content_preview" : "content"),
      }),
      contentSiteId: contentConfig.contentSiteId,
      assetUrl: assetUrlResolver(contentConfig),
      ...caches,
    });

  const eventsCache = createCache({ ...cacheTimings, maxEntries: 10 });
  const deliveredContent = contentService("delivery", { cache: contentCache, lookupCache: contentLookupCache });
  const events = createEventsService({
    ...integrations.events.config,
    cache: eventsCache,
    ...(metrics ? { fetch: metrics.countingFetch("events") } : {}),
  });
  const context: AppContext = {
    services: {
      content: deliveredContent,
      events,
      eventCovers: createEventCoverService({
        publicUrl: integrations.events.config.publicUrl,
        sourceUrl: integrations.events.coverSourceUrl,
      }),
      feeds: createFeedService({
        content: deliveredContent,
        events,
        revisions: createEventRevisions({ store: leadStore }),
        cache: feedCache,
        siteUrl: siteOrigin(env),
        timeZone: env.TZ_SITE,
      }),
      leads: createLeadIntake({
        store: leadStore,
        formTokens: createFormTokens({ secrets: formTokenSecrets }),
        onStored: () => leadDelivery.nudge(),
        ...(metrics ? { onOutcome: metrics.contactSubmission } : {}),
        limit: env.CONTACT_RATE_LIMIT,
      }),
    },
    config: {
      siteUrl: siteOrigin(env),
      contentSiteId: contentConfig.contentSiteId,
      timeZone: env.TZ_SITE,
      gaMeasurementId: integrations.analytics.measurementId,
      bookingWidgetUrl: integrations.booking.widgetUrl,
      eventsPublicUrl: integrations.events.config.publicUrl,
    },
    errorTestRoute: env.ERROR_TEST_ROUTE,
    randomSeed: env.RANDOM_SEED ?? null,
  };

  // Previews read the Preview API (drafts included) with caches of their own: a second at most, never
  // shared with visitors' pages and never written to disk.
  const previewTimings = { freshMs: 1_000, staleIfErrorMs: 1_000, waitMs: 8_000, retryAfterFailureMs: 0 };
  const previewCaches = {
    cache: createCache({ ...previewTimings, maxEntries: 200 }),
    lookupCache: createCache({ ...previewTimings, maxEntries: 200 }),
  };
  const previewContext: AppContext | null = contentConfig.preview
    ? { ...context, services: { ...context.services, content: contentService("preview", previewCaches) } }
    : null;
  const preview = previewRoutes({
    keys: contentConfig.preview ? previewKeys(contentConfig.preview.accessToken) : null,
    https: context.config.siteUrl.startsWith("https:"),
  });

  // Plain-http image hosts exist only when an integration is configured that way (a local service).
  const insecureImageOrigins = [
    integrations.content.mode === "live" && contentConfig.insecure ? `http://${contentConfig.host}` : null,
    integrations.events.config.publicUrl.startsWith("http:") ? originOf(integrations.events.config.publicUrl) : null,
  ].filter((origin): origin is string => origin !== null);

  const checkReadiness = async (): Promise<Readiness> => {
    const leads = await leadReadiness({
      store: leadStore,
      delivery: leadDelivery,
      alertAfterMs: env.LEAD_ALERT_AFTER,
    });
    const purges = purgeBroadcast?.state() ?? { channel: "local" as const };
    // An instance that hears no purges serves what editors have changed: worth an alert, not a restart.
    const deaf = "listening" in purges && !purges.listening;
    return {
      ...leads,
      status: leads.status === "ok" && deaf ? "degraded" : leads.status,
      content: {
        ...contentCaches.state(),
        purges,
        pages: pageCache
          ? {
              ...pageCache.stats(),
              maxEntries: PAGE_CACHE_LIMITS.maxEntries,
              maxBytes: PAGE_CACHE_LIMITS.maxBytes,
              maxQueryEntries: PAGE_CACHE_LIMITS.maxQueryEntries,
              maxQueryBytes: PAGE_CACHE_LIMITS.maxQueryBytes,
            }
          : null,
      },
    };
  };
  // `/readyz` for anyone without the metrics token, and the store-writable metric, read these: one
  // check (one probe write) a second, however often they are asked.
  const readinessChecks = startReadinessChecks({
    check: checkReadiness,
    onChange: (readiness, before) => {
      if (!before && readiness.status === "ok") return;
      const problem = (readiness.leads as { problem?: string } | undefined)?.problem;
      const line = `Readiness: ${readiness.status}${before ? ` (was ${before.status})` : ""}${problem ? `: ${problem}` : ""}.`;
      if (readiness.status === "unavailable") console.error(line);
      else if (readiness.status === "degraded") console.warn(line);
      else console.log(line);
    },
  });

  const scriptPlanting = env.TEST_RESET_ROUTE ? createScriptPlanting() : undefined;
  const startedAt = Date.now();
  const app = createApp({
    context,
    build: vite
      ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
      : () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
    mode: env.NODE_ENV,
    clientDir: path.join(projectRoot, "build", "client"),
    https: context.config.siteUrl.startsWith("https:"),
    trustProxy: env.TRUST_PROXY,
    demoRoutes: integrations.demoRoutes,
    // The contact form's action has its own limit (CONTACT_RATE_LIMIT), which the page can show.
    writeLimitExemptPaths: ["/contact"],
    csp: vite
      ? null
      : {
          frames: [
            integrations.booking.mode === "live" ? originOf(integrations.booking.widgetUrl) : "'self'",
            "https://www.youtube-nocookie.com",
            "https://www.youtube.com",
            "https://player.vimeo.com",
          ],
          insecureImages: insecureImageOrigins,
          analytics: integrations.analytics.mode === "live",
        },
    devMiddleware: vite?.middlewares,
    pageCache,
    ...(metrics && env.METRICS_TOKEN ? { metrics: { instance: metrics, tokens: env.METRICS_TOKEN } } : {}),
    testReset: env.TEST_RESET_ROUTE
      ? createTestReset({
          delivery: leadDelivery,
          store: leadStore,
          forget: [
            () => contentCache.clear(),
            () => contentLookupCache.clear(),
            () => previewCaches.cache.clear(),
            () => previewCaches.lookupCache.clear(),
            () => eventsCache.clear(),
            () => context.services.events.forgetToken(),
            () => context.services.eventCovers.clear(),
            () => context.services.leads.resetLimit(),
            () => pageCache?.purge(),
            () => scriptPlanting?.clear(),
            () => feedCache.clear(),
          ],
        })
      : undefined,
    scriptPlanting,
    logger,
    preview,
    previewContext,
    contentWebhook: contentfulWebhook({
      secrets: env.CONTENTFUL_WEBHOOK_SECRET ?? null,
      purge: purgeContent,
    }),
    health: () => ({
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      integrations: {
        content: integrations.content.mode,
        events: integrations.events.mode,
        leads: integrations.leads.mode,
        booking: integrations.booking.mode,
        analytics: integrations.analytics.mode,
      },
      ...healthWarnings(
        integrations.leads.mode === "unconfigured" &&
          "LEAD_WEBHOOK_URL is not set: leads are stored and wait for delivery until it is.",
        env.SITE_MODE === "production" && integrations.leads.signingSecrets.length === 0 && UNSIGNED_POSTS_WARNING,
      ),
    }),
    readiness: checkReadiness,
    latestReadiness: () => readinessChecks.latest(),
  });

  const server = http.createServer(withOriginFormTargets(app));
  const connections = gracefulClose(server);
  server.on("connect", refuseConnect);
  // Longer than load balancers' idle timeouts (60 s on most), so they never reuse a connection we closed.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  server.on("error", async (error: NodeJS.ErrnoException) => {
    console.error(listenErrorMessage(error, env.HOST, env.PORT));
    await leadStore.close().catch(() => undefined);
    await integrations.close();
    await vite?.close();
    process.exit(1);
  });
  server.listen(env.PORT, env.HOST, () => {
    const { port } = server.address() as AddressInfo;
    for (const line of integrations.summary()) console.log(line);
    if (env.SITE_MODE === "production" && integrations.leads.signingSecrets.length === 0) {
      console.warn(UNSIGNED_POSTS_WARNING);
    }
    console.log(
      env.METRICS_TOKEN
        ? `metrics   on: GET /metrics answers with one of METRICS_TOKEN's ${env.METRICS_TOKEN.length} token(s) as the bearer`
        : "metrics   off: METRICS_TOKEN not set; GET /metrics answers like any unknown address",
    );
    leadDelivery.start();
    housekeeping = startLeadHousekeeping({
      store: leadStore,
      retentionDays: env.LEAD_RETENTION_DAYS,
      instance: `${hostname()}:${process.pid}`,
      leftovers: { dataDir: path.resolve(env.DATA_DIR), usesPostgres: Boolean(env.DATABASE_URL) },
    });
    console.log(
      env.FORM_TOKEN_SECRET
        ? `Contact form tokens signed with FORM_TOKEN_SECRET (${env.FORM_TOKEN_SECRET.length} secret(s); the first signs).`
        : "Contact form tokens signed with a secret kept in the lead store (FORM_TOKEN_SECRET not set).",
    );
    leadStore
      .stats()
      .then(({ pending }) => console.log(`Leads stored in ${leadStore.location}; ${pending} waiting for delivery.`))
      .catch((error: unknown) => console.error(`The lead store (${leadStore.location}) cannot be read:`, error));
    console.log(`Ozark Foundry site listening on ${context.config.siteUrl} (${env.HOST}:${port})`);
  });

  let housekeeping: ReturnType<typeof startLeadHousekeeping> | null = null;
  let stopping = false;
  const shutdown = (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    console.log(`${reason}: finishing open requests, then stopping.`);
    const forceExit = setTimeout(() => {
      console.error("Open connections or a lead delivery did not finish in time; stopping anyway.");
      contentCaches.close();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forceExit.unref();
    void connections.close().then(async () => {
      // A delivery under way finishes (or its lead is retried after the restart); nothing pending is lost.
      await leadDelivery.stop(WORKER_STOP_WAIT_MS);
      readinessChecks.stop();
      await housekeeping?.stop();
      await leadStore.close().catch(() => undefined);
      contentCaches.close();
      await purgeBroadcast?.close();
      await integrations.close();
      await vite?.close();
      process.exit(exitCode);
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM received", 0));
  process.on("SIGINT", () => shutdown("SIGINT received", 0));
  // A promise nobody awaited failed: the process may be in a state no one planned for. Say where, and
  // stop (non-zero) so the supervisor starts a clean one; stored leads are picked up again on start.
  process.on("unhandledRejection", (reason) => {
    console.error("Unhandled promise rejection; stopping so the supervisor restarts the site:", reason);
    shutdown("Unhandled promise rejection", 1);
  });
}

const UNSIGNED_POSTS_WARNING =
  "LEAD_WEBHOOK_SECRET is not set: lead posts are not signed, so the receiver cannot tell them from forgeries (docs/deploy.md, Verifying deliveries).";

function healthWarnings(...warnings: (string | false)[]): { warnings?: string[] } {
  const present = warnings.filter((warning): warning is string => warning !== false);
  return present.length > 0 ? { warnings: present } : {};
}

/** Names the content a snapshot holds: the same space, environment and site, served the same way. */
function contentSource({ mode, config }: { mode: string; config: ContentConfig }): string {
  const served = config.publicAssetPath ?? (config.insecure ? "http" : "https");
  const host = mode === "live" ? config.host : "embedded";
  return [mode, config.spaceId, config.environment, host, config.contentSiteId, served].join("|");
}

function listenErrorMessage(error: NodeJS.ErrnoException, host: string, port: number): string {
  const where = `${host}:${port}`;
  switch (error.code) {
    case "EADDRINUSE":
      return `Cannot start: port ${port} is already in use (${where}). Stop the other server or set PORT to a free port.`;
    case "EACCES":
      return `Cannot start: no permission to listen on port ${port} (${where}). Choose a port above 1023 with PORT.`;
    case "EADDRNOTAVAIL":
      return `Cannot start: ${host} is not an address of this machine (${where}). Check HOST.`;
    default:
      return `Cannot start: listening on ${where} failed: ${error.message}`;
  }
}
