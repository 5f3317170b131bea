import path from "node:path";
import zlib from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { type AppContext, appContext, requestContext } from "~/context";
import { createRateLimiter } from "~/services/rate-limit.server";
import { type ContentSecurityOrigins, contentSecurityPolicy, createNonce, securityHeaders } from "./security.ts";

export interface AppOptions {
  context: AppContext;
  /** Loads the React Router server build (a fresh one per request in development). */
  build: () => Promise<ServerBuild>;
  clientDir: string;
  https: boolean;
  csp: ContentSecurityOrigins | null;
  /** Vite's dev middleware in development. */
  devMiddleware?: express.RequestHandler;
  health: () => Record<string, unknown>;
  log?: (line: string) => void;
}

const WRITE_LIMIT_PER_MINUTE = 30;

export function createApp(options: AppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy on the same machine, the client's address arrives in X-Forwarded-For.
  app.set("trust proxy", "loopback");

  app.use(accessLog(options.log ?? console.log));
  app.use(headers(options));
  // Flush on every write so streamed pages reach the browser section by section, not all at the end.
  app.use(
    compression({
      flush: zlib.constants.Z_SYNC_FLUSH,
      brotli: { flush: zlib.constants.BROTLI_OPERATION_FLUSH },
    }),
  );

  app.get("/healthz", (_request, response) => {
    response.set("Cache-Control", "no-store").json({ status: "ok", ...options.health() });
  });

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else {
    app.use(
      "/assets",
      express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));
  }

  const writes = createRateLimiter({ limit: WRITE_LIMIT_PER_MINUTE, windowMs: 60_000 });
  app.use((request, response, next) => {
    if (request.method === "GET" || request.method === "HEAD") return next();
    if (writes.attempt(request.ip ?? "unknown")) return next();
    response
      .status(429)
      .set("Retry-After", String(writes.retryAfterSeconds(request.ip ?? "unknown")))
      .type("text/plain")
      .send("Too many requests. Please wait a minute and try again.");
  });

  app.all(
    "/{*path}",
    createRequestHandler({
      build: options.build,
      getLoadContext(request, response) {
        const context = new RouterContextProvider();
        context.set(appContext, options.context);
        context.set(requestContext, {
          nonce: String(response.locals.nonce ?? ""),
          clientAddress: request.ip ?? "unknown",
        });
        return context;
      },
    }),
  );

  app.use((error: unknown, _request: Request, response: Response, _next: NextFunction) => {
    console.error("Unhandled server error:", error);
    if (response.headersSent) return;
    response.status(500).type("text/plain").send("Something went wrong.");
  });

  return app;
}

function headers(options: AppOptions): express.RequestHandler {
  const fixed = securityHeaders({ https: options.https });
  return (_request, response, next) => {
    response.set(fixed);
    // Without a policy (development) a nonce would only make the server's and browser's HTML differ.
    if (options.csp) {
      const nonce = createNonce();
      response.locals.nonce = nonce;
      response.set("Content-Security-Policy", contentSecurityPolicy(nonce, options.csp));
    }
    next();
  };
}

function accessLog(log: (line: string) => void): express.RequestHandler {
  return (request, response, next) => {
    const started = performance.now();
    response.on("finish", () => {
      if (request.path === "/healthz" || request.originalUrl.startsWith("/assets/")) return;
      const ms = Math.round(performance.now() - started);
      log(`${request.method} ${request.originalUrl} ${response.statusCode} ${ms}ms`);
    });
    next();
  };
}
