import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { Request, RequestHandler, Response } from "express";

/**
 * Serves the public parts of the embedded demo stand-ins (asset files, event covers and pages,
 * booking calendars) through the site's own origin, under `/_demo/...`, so the demo works from any
 * device and behind HTTPS and no page carries a loopback address. Only the paths a visitor's browser
 * needs pass; the stand-ins' APIs (content delivery, token exchange, webhook) stay server-to-server.
 */

export interface DemoRoute {
  /** Where the site serves it, e.g. `/_demo/content`. */
  prefix: string;
  /** The stand-in's origin on loopback, e.g. `http://127.0.0.1:40123`. */
  target: string;
  /** Which requests may pass (method, and the path below the prefix). */
  allows(method: string, path: string): boolean;
  /** The Content-Security-Policy of its HTML pages (its files are not HTML). */
  pageSecurityPolicy?: string;
}

const FORWARDED_REQUEST_HEADERS = [
  "accept",
  "accept-language",
  "content-type",
  "if-none-match",
  "if-modified-since",
  "range",
  "user-agent",
] as const;

const DROPPED_RESPONSE_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "access-control-allow-origin",
  "set-cookie",
]);

export function demoProxy(routes: DemoRoute[]): RequestHandler {
  return (request, response, next) => {
    const route = routes.find((candidate) => request.path.startsWith(`${candidate.prefix}/`));
    if (!route) return next();
    response.locals.route = `${route.prefix}/*`;
    const path = request.originalUrl.slice(route.prefix.length);
    const pathOnly = path.split("?")[0] ?? "/";
    if (!route.allows(request.method, pathOnly)) {
      response.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found.");
      return;
    }
    forward(route, path, request, response);
  };
}

function forward(route: DemoRoute, path: string, request: Request, response: Response): void {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.get(name);
    if (value) headers[name] = value;
  }
  const body = request.rawBody;
  if (body) headers["content-length"] = String(body.length);

  const upstream = httpRequest(
    new URL(path, route.target),
    { method: request.method, headers, timeout: 10_000 },
    (answer) => {
      response.status(answer.statusCode ?? 502);
      for (const [name, value] of Object.entries(answer.headers as IncomingHttpHeaders)) {
        if (value !== undefined && !DROPPED_RESPONSE_HEADERS.has(name)) response.setHeader(name, value);
      }
      if (route.pageSecurityPolicy && String(answer.headers["content-type"] ?? "").startsWith("text/html")) {
        response.setHeader("Content-Security-Policy", route.pageSecurityPolicy);
      }
      answer.pipe(response);
    },
  );
  upstream.on("timeout", () => upstream.destroy(new Error("The demo stand-in did not answer in time")));
  upstream.on("error", (error) => {
    console.error(`Demo stand-in behind ${route.prefix} failed:`, error.message);
    if (!response.headersSent) {
      response.status(502).set("Cache-Control", "no-store").type("text/plain").send("The demo service is unavailable.");
    } else {
      response.destroy();
    }
  });
  upstream.end(body);
}
