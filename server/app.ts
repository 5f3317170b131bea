import { readdirSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { isbot } from "isbot";
import type { Logger } from "pino";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { type AppContext, appContext, requestContext } from "~/context";
import { seededRandom } from "~/domain/random";
import { clientKey, createRateLimiter, type RateLimiter } from "~/services/leads";
import { type DemoRoute, demoProxy } from "./demo-proxy.ts";
import { bearerToken, metricsEndpoint, observeResponses, type ServerMetrics } from "./metrics.ts";
import { precompressedAssets } from "./precompressed-assets.ts";
import type { Readiness } from "./readiness.ts";
import { reactRouterHandler } from "./react-router-handler.ts";
import type { PageCache } from "./page-cache.ts";
import { isPageCacheRefresh, skipPageCache } from "./page-cache-http.ts";
import type { PreviewRoutes } from "./preview.ts";
import { requestLogging } from "./request-log.ts";
import { requestTargets } from "./request-target.ts";
import { secretMatches } from "./secret-match.ts";
import type { ScriptPlanting } from "./test-planted-script.ts";
import { limitBody, refuse, refuseCrossSiteWrites } from "./requests.ts";
import { type ContentSecurityOrigins, contentSecurityPolicy, createNonce, securityHeaders } from "./security.ts";
import { untrustedProxyWarning } from "./untrusted-proxy.ts";

export interface AppOptions {
  context: AppContext;
  /** Loads the React Router server build (a fresh one per request in development). */
  build: () => Promise<ServerBuild>;
  mode: "development" | "production" | "test";
  clientDir: string;
  https: boolean;
  csp: ContentSecurityOrigins | null;
  /** Express's `trust proxy` setting: whose X-Forwarded-For to believe (TRUST_PROXY). */
  trustProxy: boolean | number | string | string[];
  /** The demo stand-ins' public pages and files, served under `/_demo/...`. */
  demoRoutes: DemoRoute[];
  /** Paths whose writes are limited by their own action rather than by the server-wide write limit. */
  writeLimitExemptPaths?: string[];
  /** Vite's dev middleware in development. */
  devMiddleware?: express.RequestHandler;
  /** Liveness (`/healthz`): cheap, no outside call. */
  health: () => Record<string, unknown>;
  /**
   * Readiness (`/readyz`): checks the lead store; `unavailable` answers 503. A caller with a metrics token
   * as the bearer gets a check made for the request, with its counts and the worker's identity; anyone
   * else (a load balancer) the status alone of the last check the timer made (`latestReadiness`), so
   * no request of theirs writes to the store.
   */
  readiness: () => Promise<Readiness>;
  latestReadiness: () => Promise<Readiness>;
  warn?: (message: string) => void;
  logger: Logger;
  /** Editors' draft preview: its routes, and how a preview request is recognised. */
  preview: PreviewRoutes;
  /** What loaders get in a preview (the Preview API's content service), or null when previews are off. */
  previewContext: AppContext | null;
  /** `POST /webhooks/contentful`, the publish webhook. */
  contentWebhook: express.RequestHandler;
  /** Rendered pages kept in memory (none in development). */
  pageCache?: PageCache;
  /** This instance's metrics, and the bearer tokens that may read them at `/metrics` (METRICS_TOKEN). */
  metrics?: { instance: ServerMetrics; tokens: readonly string[] };
  /**
   * The end-to-end tests' reset (TEST_RESET_ROUTE, test-reset.ts): with it, `POST /__test/reset` puts
   * the server back to how it started (the server's own write limit and proxy warning too); without
   * it, no such route exists.
   */
  testReset?: () => Promise<object>;
  /**
   * The end-to-end tests' planted script (TEST_RESET_ROUTE, test-planted-script.ts): with it,
   * `POST /__test/planted-script` puts an inline script without the nonce into a page's renders.
   */
  scriptPlanting?: ScriptPlanting;
}

const WRITE_LIMIT_PER_MINUTE = 30;

export function createApp(options: AppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy);

  const untrustedForwarding = warnAboutUntrustedForwarding(app.get("trust proxy fn"), options.warn ?? console.warn);
  const writes = createRateLimiter({ limit: WRITE_LIMIT_PER_MINUTE, windowMs: 60_000 });

  app.use(requestTargets());
  app.use(requestLogging(options.logger));
  if (options.metrics) app.use(observeResponses(options.metrics.instance));
  app.use(untrustedForwarding.handler);
  app.use(headers(options));
  // Flush on every write so streamed pages reach the browser section by section, not all at the end.
  app.use(
    compression({
      flush: zlib.constants.Z_SYNC_FLUSH,
      brotli: { flush: zlib.constants.BROTLI_OPERATION_FLUSH },
    }),
  );

  app.use(options.preview.markPreviewResponses);
  app.use(options.preview.routes);
  // Before the body limit: Contentful sends whole entries, which can pass 16 KB (it reads up to 1 MB).
  app.post("/webhooks/contentful", options.contentWebhook);

  app.get("/healthz", (_request, response) => {
    response.locals.route = "/healthz";
    response.set("Cache-Control", "no-store").json({ status: "ok", ...options.health() });
  });
  app.get("/readyz", async (request, response) => {
    response.locals.route = "/readyz";
    const tokens = options.metrics?.tokens ?? [];
    const staff = tokens.length > 0 && secretMatches(bearerToken(request.get("authorization")), tokens);
    const readiness = staff ? await options.readiness() : await options.latestReadiness();
    response
      .status(readiness.status === "unavailable" ? 503 : 200)
      .set("Cache-Control", "no-store")
      .json(staff ? readiness : { status: readiness.status });
  });

  // Without the token (or without metrics) this passes the request on, to the 404 of any unknown path.
  if (options.metrics) {
    app.get("/metrics", metricsEndpoint({ tokens: options.metrics.tokens, metrics: options.metrics.instance }));
  }

  if (options.testReset) {
    const reset = options.testReset;
    app.post("/__test/reset", async (_request, response) => {
      response.locals.route = "/__test/reset";
      const result = await reset();
      writes.clear();
      untrustedForwarding.reset();
      response.set("Cache-Control", "no-store").json({ reset: true, ...result });
    });
  }

  if (options.scriptPlanting) {
    const planting = options.scriptPlanting;
    app.post("/__test/planted-script", (request, response, next) => {
      response.locals.route = "/__test/planted-script";
      planting.route(request, response, next);
    });
  }

  // Browsers ask for /favicon.ico on pages that name no icon (the demo stand-ins' pages).
  app.get("/favicon.ico", (_request, response) => {
    response.locals.route = "/favicon.ico";
    response.set("Cache-Control", "public, max-age=86400").redirect(301, "/favicon.svg");
  });

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else {
    const assetsDir = path.join(options.clientDir, "assets");
    app.use("/assets", routeName("/assets/*"));
    app.use("/assets", precompressedAssets(assetsDir));
    // A folder is not a file the site serves: with `redirect` (the default) a folder's address without
    // its slash is sent to the address with it, which the site's own canonical address takes away again,
    // a redirect loop (/assets, /images, /events%2f..). Without it the folder falls to the not-found page.
    const files = { index: false, redirect: false } as const;
    app.use("/assets", express.static(assetsDir, { ...files, immutable: true, maxAge: "1y" }));
    app.use(
      onlyFilesIn(
        options.clientDir,
        routeName("(static file)"),
        express.static(options.clientDir, { ...files, maxAge: "1h" }),
      ),
    );
  }

  app.use(limitBody());
  app.use(refuseCrossSiteWrites(options.context.config.siteUrl));
  app.use(writeLimit(writes, options.writeLimitExemptPaths ?? []));
  if (options.demoRoutes.length > 0) app.use(demoProxy(options.demoRoutes));

  app.all(
    "/{*path}",
    reactRouterHandler({
      build: options.build,
      mode: options.mode,
      siteOrigin: new URL(options.context.config.siteUrl).origin,
      pageCache: options.pageCache,
      policy: options.csp ? (scripts) => contentSecurityPolicy(scripts, options.csp!) : null,
      ...(options.scriptPlanting ? { alterRender: options.scriptPlanting.alterRender } : {}),
      ...(options.warn ? { warn: options.warn } : {}),
      getLoadContext(request, response) {
        const context = new RouterContextProvider();
        const preview = options.previewContext !== null && options.preview.isPreview(request);
        context.set(appContext, preview && options.previewContext ? options.previewContext : options.context);
        const bot = isbot(request.get("user-agent") ?? "");
        // A draft is never a page to keep (the cache does not even look up a request with a preview
        // cookie, and the answer is no-store; this holds should either change).
        if (preview) skipPageCache(response, "a draft preview");
        context.set(requestContext, {
          nonce: String(response.locals.nonce ?? ""),
          clientAddress: request.ip ?? "unknown",
          dataRequest: request.path.endsWith(".data"),
          bot,
          awaitSections: bot || isPageCacheRefresh(response),
          skipPageCache: (reason) => skipPageCache(response, reason),
          preview,
          random: options.context.randomSeed
            ? seededRandom(`${options.context.randomSeed}:${request.path.replace(/\.data$/, "")}`)
            : Math.random,
        });
        return context;
      },
    }),
  );

  app.use((error: unknown, _request: Request, response: Response, _next: NextFunction) => {
    // A middleware's refusal of the request itself (e.g. the static files' 400 for a path that is not
    // percent-encoded properly) is the client's error, not the server's.
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === "number" && status >= 400 && status < 500 && !response.headersSent) {
      response.status(status).set("Cache-Control", "no-store").type("text/plain").send("Bad request.");
      return;
    }
    options.logger.error({ err: error }, "Unhandled server error");
    if (response.headersSent) return;
    response.status(500).set("Cache-Control", "no-store").type("text/plain").send("Something went wrong.");
  });

  return app;
}

/** A per-client limit on writes (form posts), so one client cannot flood the server. */
function writeLimit(writes: RateLimiter, exemptPaths: string[]): express.RequestHandler {
  const exempt = new Set(exemptPaths.flatMap((path) => [path, `${path}.data`]));
  return (request, response, next) => {
    if (request.method === "GET" || request.method === "HEAD" || exempt.has(request.path)) return next();
    const client = clientKey(request.ip ?? "unknown");
    if (writes.attempt(client)) return next();
    refuse(request, response, 429, "Too many requests. Please wait a minute and try again.", {
      "Retry-After": String(writes.retryAfterSeconds(client)),
    });
  };
}

/**
 * Behind a load balancer that TRUST_PROXY does not name, every visitor seems to come from the proxy
 * and shares one rate limit. Say so once, the first time a request shows it.
 */
function warnAboutUntrustedForwarding(
  trusts: (address: string, hop: number) => boolean,
  warn: (message: string) => void,
): { handler: express.RequestHandler; reset(): void } {
  let warned = false;
  return {
    handler: (request, _response, next) => {
      if (!warned && request.get("x-forwarded-for") !== undefined) {
        const peer = request.socket.remoteAddress ?? "";
        if (!trusts(peer, 0)) {
          warned = true;
          warn(untrustedProxyWarning(peer));
        }
      }
      next();
    },
    reset: () => {
      warned = false;
    },
  };
}

function headers(options: AppOptions): express.RequestHandler {
  const forDocuments = securityHeaders({ https: options.https });
  const forAssets = securityHeaders({ https: options.https, document: false });
  return (request, response, next) => {
    // The build's hashed files are scripts, styles and fonts, never documents: a policy and the other
    // document headers on them would only add most of a kilobyte to each of a page's many requests.
    if (request.path.startsWith("/assets/")) {
      response.set(forAssets);
      return next();
    }
    response.set(forDocuments);
    // Without a policy (development) a nonce would only make the server's and browser's HTML differ.
    if (options.csp) {
      const nonce = createNonce();
      response.locals.nonce = nonce;
      response.set("Content-Security-Policy", contentSecurityPolicy({ nonce }, options.csp));
    }
    next();
  };
}

/**
 * `handlers` (the static files) for a request for a file the folder held at start (the build's files do
 * not change while the server runs); every other request, every page among them, goes past them:
 * looking each one up on disk, and making the error that says it is not there, cost a page sent from
 * memory a fifth of its time.
 */
function onlyFilesIn(directory: string, ...handlers: express.RequestHandler[]): express.RequestHandler {
  const files = new Set(
    readdirSync(directory, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map(
        (entry) => `/${path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
      ),
  );
  const serve = express.Router().use(...handlers);
  return (request, response, next) => {
    let pathname: string;
    try {
      pathname = path.posix.normalize(decodeURIComponent(request.path));
    } catch {
      // Not percent-encoded properly: the static files answer it (a 400) as before.
      return serve(request, response, next);
    }
    if (files.has(pathname)) return serve(request, response, next);
    next();
  };
}

/** Names the route that answers, for the request log, unless a later handler names another. */
function routeName(route: string): express.RequestHandler {
  return (_request, response, next) => {
    response.locals.route = route;
    next();
  };
}
