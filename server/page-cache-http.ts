import type { Request, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { RouteHandle } from "~/lib/route-handle";
import { type CachedPage, gzipBody, identityBody, type PageCache, preparePage } from "./page-cache.ts";

/**
 * Which requests the page cache answers and which responses it keeps (issue 16):
 * - only `GET` requests for a page (a route with a component; not data requests, resource routes or
 *   the contact form's action), without a `preview` cookie, whose query string names only parameters
 *   the page reads (a route lists them in `handle.searchParams`);
 * - only complete `200` HTML answers that set no cookie, are not `no-store`, and whose loaders did not
 *   ask to be left out (`skipPageCache`: a section that streamed or failed, a hero shown in its
 *   fallback because the content service failed).
 */

/** Set on a response whose page must not be kept, with the reason. */
export const SKIP_LOCAL = "pageCacheSkip";

export function skipPageCache(response: Response, reason: string): void {
  response.locals[SKIP_LOCAL] ??= reason;
}

const routeTrees = new WeakMap<ServerBuild["routes"], RouteObject[]>();

function routeTree(build: Pick<ServerBuild, "routes">): RouteObject[] {
  const known = routeTrees.get(build.routes);
  if (known) return known;
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const nodes = new Map<string, RouteObject>(
    routes.map((route) => [
      route.id,
      route.index
        ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: [] },
    ]),
  );
  const roots: RouteObject[] = [];
  for (const route of routes) {
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent?.children) parent.children.push(node);
    else roots.push(node);
  }
  routeTrees.set(build.routes, roots);
  return roots;
}

/** The key a request's page is kept under, or null when the cache must not answer it. */
export function pageCacheKey(
  request: Pick<Request, "method" | "path" | "originalUrl" | "get">,
  build: Pick<ServerBuild, "routes">,
): string | null {
  if (request.method !== "GET") return null;
  if (request.path.endsWith(".data")) return null;
  if (/(?:^|;)\s*preview=/.test(request.get("cookie") ?? "")) return null;
  const url = new URL(request.originalUrl, "http://page-cache.invalid");
  const matches = matchRoutes(routeTree(build), url.pathname);
  const leaf = matches?.at(-1);
  if (!matches || !leaf) return null;
  const module = (id: string | undefined) => (id === undefined ? undefined : build.routes[id]?.module);
  if (!module(leaf.route.id)?.default) return null;
  const readable = new Set(
    matches.flatMap((match) => (module(match.route.id)?.handle as RouteHandle | undefined)?.searchParams ?? []),
  );
  for (const name of url.searchParams.keys()) if (!readable.has(name)) return null;
  return `${url.pathname}${url.search}`;
}

/** Sends a kept page with this response's nonce, gzipped when the client takes gzip. */
export function sendCachedPage(request: Request, response: Response, page: CachedPage): void {
  const nonce = String(response.locals.nonce ?? "");
  response.status(page.status);
  for (const [name, value] of page.headers) response.setHeader(name, value);
  response.setHeader("X-Page-Cache", "hit");
  response.vary("Accept-Encoding");
  const acceptsGzip = Boolean(request.get("accept-encoding")) && request.acceptsEncodings("gzip") === "gzip";
  const gzipped = acceptsGzip ? gzipBody(page, nonce) : null;
  const body = gzipped ?? identityBody(page, nonce);
  if (gzipped) response.setHeader("Content-Encoding", "gzip");
  response.setHeader("Content-Length", String(body.length));
  response.end(body);
}

/** Headers a kept page is sent with again; the rest belong to one answer or are set per answer. */
const KEPT_HEADERS = new Set(["content-type", "cache-control", "content-language", "link", "x-robots-tag"]);

/**
 * The render's response, passed on as it streams, and kept in the cache when it ends, if it may be.
 * `onSettled` learns whether it was kept.
 */
export function recordPage({
  cache,
  key,
  response,
  rendered,
  version,
  onSettled,
}: {
  cache: PageCache;
  key: string;
  response: Response;
  rendered: globalThis.Response;
  version: number;
  onSettled: (kept: boolean) => void;
}): globalThis.Response {
  const headers = rendered.headers;
  const cacheControl = headers.get("cache-control") ?? "";
  const keepable =
    rendered.status === 200 &&
    (headers.get("content-type") ?? "").startsWith("text/html") &&
    !headers.has("set-cookie") &&
    !/no-store/i.test(cacheControl) &&
    rendered.body !== null;
  if (!keepable || !rendered.body) {
    onSettled(false);
    return rendered;
  }
  const nonce = String(response.locals.nonce ?? "");
  const chunks: Uint8Array[] = [];
  let settled = false;
  const settle = (kept: boolean) => {
    if (settled) return;
    settled = true;
    onSettled(kept);
  };
  const recorder = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      chunks.push(chunk);
      controller.enqueue(chunk);
    },
    flush() {
      const html = Buffer.concat(chunks).toString("utf8");
      // React's `$RX` is a section it gave up on and left to the browser: not the page as it should be.
      const complete = html.trimEnd().endsWith("</html>") && !html.includes("$RX(");
      if (!complete || response.locals[SKIP_LOCAL] !== undefined) {
        settle(false);
        return;
      }
      const page = preparePage({
        status: rendered.status,
        headers: [...headers].filter(([name]) => KEPT_HEADERS.has(name.toLowerCase())),
        html,
        nonce,
      });
      settle(cache.store(key, page, version));
    },
  });
  const body = rendered.body.pipeThrough(recorder);
  // A visitor who leaves before the page has streamed leaves nothing to keep.
  response.on("close", () => {
    if (!response.writableFinished) settle(false);
  });
  return new Response(body, { status: rendered.status, statusText: rendered.statusText, headers });
}
