import { randomUUID } from "node:crypto";
import type { Request, RequestHandler } from "express";
import type { Logger } from "pino";
import { maskEmailsInPath } from "~/services/leads";
import { requestLogContext } from "./logger.ts";

/**
 * One log line per request: time, level, method, route pattern, path (no query string: queries can
 * carry what a visitor typed), status, duration, request id and bytes sent, and, for a page the page
 * cache may keep, whether it came from memory. The request id is the trusted proxy's `X-Request-Id`
 * when it sent a sane one, else made here; it goes back to the client in `X-Request-Id` and onto
 * every line logged while the request runs.
 */

/** Load balancers' probes and Prometheus's scrapes: logged only when they fail, or they would drown the log. */
const PROBE_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

const INCOMING_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

declare module "express-serve-static-core" {
  interface Locals {
    /** The route pattern that answered (`/blog/:slug`, `/assets/*`), for the request log. */
    route?: string;
    /**
     * For a page the page cache may keep: sent from memory (`hit`), rendered because none was kept
     * (`miss`), rendered to replace a kept page that grew old (`refresh`), or sent from memory in
     * place of such a re-render that failed (`stale`).
     */
    pageCache?: "hit" | "stale" | "miss" | "refresh";
  }
}

export function requestId(request: Request): string {
  const offered = request.get("x-request-id")?.trim();
  if (!offered || !INCOMING_ID.test(offered)) return randomUUID();
  // Express's `trust proxy` decides whether the immediate peer is a proxy we believe.
  const trusts = request.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  return trusts(request.socket.remoteAddress, 0) ? offered : randomUUID();
}

export function requestLogging(logger: Logger): RequestHandler {
  return (request, response, next) => {
    const id = requestId(request);
    const started = performance.now();
    const bytesBefore = request.socket.bytesWritten;
    response.setHeader("X-Request-Id", id);

    let logged = false;
    const log = () => {
      if (logged) return;
      logged = true;
      const status = response.writableFinished ? response.statusCode : 499;
      // originalUrl, not path: by the time the response finishes, a mounted handler (the static files
      // under /assets) has made request.path relative to its mount point.
      const fullPath = (request.originalUrl ?? request.url).split("?")[0] ?? "/";
      if (PROBE_PATHS.has(fullPath) && status < 400) return;
      const path = maskEmailsInPath(fullPath).slice(0, 200);
      const line = {
        method: request.method,
        route: response.locals.route ?? null,
        path,
        status,
        durationMs: Math.round(performance.now() - started),
        bytes: Math.max(0, request.socket.bytesWritten - bytesBefore),
        requestId: id,
        ...(response.locals.pageCache ? { pageCache: response.locals.pageCache } : {}),
      };
      const message = `${request.method} ${path} ${status}`;
      if (status >= 500) logger.error(line, message);
      else logger.info(line, message);
    };
    response.on("finish", log);
    response.on("close", log);
    requestLogContext.run({ requestId: id }, next);
  };
}
