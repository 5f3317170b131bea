import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { PageCache } from "./page-cache.ts";
import { pageCacheAnswers, REFRESH_LOCAL, type RenderOutcome, recordPage, sendCachedPage } from "./page-cache-http.ts";
import { ABSOLUTE_FORM_LOCAL, canonicalPage } from "./request-target.ts";
import { routePatternFor } from "./route-pattern.ts";
import type { InlineScripts } from "./security.ts";

/** How long a request waits for another request's first render of the same page before rendering it. */
const FIRST_RENDER_WAIT_MS = 3_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Serves React Router from Express. It builds the Fetch request from the body `limitBody` already
 * read (so the size limit holds for every route), on the site's own origin (so no Host header a
 * client sends can reach a page). A `GET` or `HEAD` for another spelling of a canonical address is
 * redirected there; a page is rendered for its canonical address and the parameters it reads, and
 * with a page cache, pages it keeps are sent from memory (`page-cache-http.ts` says which).
 */
export function reactRouterHandler({
  build,
  mode,
  siteOrigin,
  getLoadContext,
  pageCache,
  policy = null,
  alterRender,
  warn = console.warn,
}: {
  build: () => Promise<ServerBuild>;
  mode: string;
  /** The origin of SITE_URL: every render's URL is on it. */
  siteOrigin: string;
  getLoadContext: (request: Request, response: Response) => RouterContextProvider;
  pageCache?: PageCache;
  /** The Content-Security-Policy a kept page is sent with, for its inline scripts; null for none. */
  policy?: ((scripts: InlineScripts) => string) | null;
  /**
   * The end-to-end tests' own change to a render before it is sent and kept (`TEST_RESET_ROUTE` only,
   * test-planted-script.ts); none otherwise.
   */
  alterRender?: (target: string, rendered: globalThis.Response) => globalThis.Response;
  warn?: (message: string) => void;
}) {
  const handle = createRequestHandler(build, mode);
  const render = async (request: Request, response: Response, target: string, origin = siteOrigin) => {
    // For the metrics: a render's time runs from here to the answer's last byte.
    response.locals.renderStartedAt ??= performance.now();
    const rendered = await handle(
      // Joined, not resolved: a target such as `//host/x` must stay a path on the site's origin.
      toFetchRequest(request, response, new URL(`${origin}${target}`).href),
      getLoadContext(request, response),
    );
    return alterRender ? alterRender(target, rendered) : rendered;
  };
  /** Routes whose page held an inline script without its render's nonce: said once each, not per render. */
  const scriptWarnings = new Set<string>();
  const warnOfScriptWithoutNonce = (route: string, key: string) => (opening: string) => {
    if (scriptWarnings.has(route)) return;
    scriptWarnings.add(route);
    warn(
      `The page of ${route} (${key}) holds an inline script its render did not write (no nonce): not kept, and the script is refused. It begins ${JSON.stringify(opening)}. (Said once per route.)`,
    );
  };

  async function throughCache(cache: PageCache, key: string, request: Request, response: Response) {
    let kept = cache.lookup(key);
    const underWay = kept ? undefined : cache.renderUnderWay(key);
    if (underWay) {
      await Promise.race([underWay, delay(FIRST_RENDER_WAIT_MS)]);
      kept = cache.lookup(key);
    }
    // Only a GET whose target came in origin form may leave a page behind (a HEAD has no body, and an
    // absolute-form target is answered but never trusted to name what is kept).
    const mayKeep = request.method === "GET" && response.locals[ABSOLUTE_FORM_LOCAL] !== true;
    if (kept && (!kept.stale || !mayKeep || !cache.claimRefresh(key))) {
      sendCachedPage(request, response, kept.page);
      return;
    }
    if (!mayKeep) {
      await send(response, await render(request, response, key));
      return;
    }
    response.locals.pageCache = kept ? "refresh" : "miss";
    // A re-render replaces a page that is already there: it waits for its sections rather than
    // streaming them, so that what it renders can be kept even when the machine is slow.
    if (kept) response.locals[REFRESH_LOCAL] = true;
    const endRender = kept ? () => {} : cache.beginRender(key);
    const version = cache.version;
    let rendered: globalThis.Response | undefined;
    let recording = false;
    try {
      rendered = await render(request, response, key);
      // A re-render that failed leaves the kept page in place, and the visitor gets it (stale-if-error).
      if (kept && rendered.status >= 500 && kept.servableOnError) {
        await rendered.body?.cancel();
        sendCachedPage(request, response, kept.page, "stale");
        return;
      }
      const onSettled = (outcome: RenderOutcome) => {
        endRender({ kept: outcome === "kept" });
        // The address no longer renders a page to keep (it is gone, say): the old page goes too. A
        // render that was merely incomplete, or failed, leaves the old page in place until a
        // re-render is kept (or it is too old to stand in).
        if (outcome === "not-a-page" && !(rendered!.status >= 500 && kept?.servableOnError)) cache.forget(key);
      };
      const recorded = recordPage({
        cache,
        key,
        response,
        rendered,
        version,
        policy,
        onSettled,
        onScriptWithoutNonce: warnOfScriptWithoutNonce(String(response.locals.route ?? key), key),
      });
      // From here `recordPage` settles the render: once the page is kept (compressed, after the answer
      // has gone), or when the visitor leaves first.
      recording = true;
      await send(response, recorded);
    } finally {
      // A render that failed before it could be recorded.
      if (!recording) endRender({ kept: false });
    }
  }

  return async (request: Request, response: Response, next: NextFunction) => {
    try {
      if (!URL.canParse(`${siteOrigin}${request.url}`)) {
        response.status(400).set("Cache-Control", "no-store").type("text/plain").send("Bad request target.");
        return;
      }
      const serverBuild = await build();
      // The route is known before the page cache answers, so a page sent from memory is logged under
      // its route like a rendered one.
      response.locals.route = routePatternFor(serverBuild, request.path) ?? undefined;
      const readsPage =
        (request.method === "GET" || request.method === "HEAD") && !answersRouter(request.path, serverBuild);
      if (!readsPage) {
        await send(response, await render(request, response, request.url, renderOrigin(request, siteOrigin)));
        return;
      }
      const canonical = canonicalPage(request.url, serverBuild);
      if (canonical.kind === "bad") {
        response.status(400).set("Cache-Control", "no-store").type("text/plain").send("Bad request target.");
        return;
      }
      if (canonical.kind === "redirect") {
        response.set("Cache-Control", "public, max-age=3600").redirect(301, canonical.location);
        return;
      }
      if (canonical.kind === "unmatched" || !canonical.page) {
        await send(response, await render(request, response, request.url));
        return;
      }
      const target = `${canonical.path}${canonical.search}`;
      if (pageCache && pageCacheAnswers(request)) await throughCache(pageCache, target, request, response);
      else await send(response, await render(request, response, target));
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The origin a form post is rendered on. React Router refuses an action whose `Origin` header is not
 * the request URL's origin; `refuseCrossSiteWrites` has already accepted the site's own origin and the
 * one the visitor reached (a test server's loopback address, a preview host), so such a post is
 * rendered on the origin it came from. Nothing a post answers is kept.
 */
function renderOrigin(request: Request, siteOrigin: string): string {
  const origin = request.get("origin");
  if (origin === undefined || origin === siteOrigin) return siteOrigin;
  return origin === `${request.protocol}://${request.host}` && URL.canParse(origin) ? origin : siteOrigin;
}

/**
 * React Router's own requests, which are not pages and read every parameter they are sent: a route's
 * data (`/privacy.data`) and the route manifest a client asks for before it navigates.
 */
function answersRouter(path: string, build: Pick<ServerBuild, "routeDiscovery">): boolean {
  return path.endsWith(".data") || path === (build.routeDiscovery?.manifestPath ?? "/__manifest");
}

function toFetchRequest(request: Request, response: Response, url: string): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  response.on("close", () => {
    if (!response.writableFinished) controller.abort();
  });
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new globalThis.Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: new Uint8Array(request.rawBody ?? []) } : {}),
  });
}

async function send(response: Response, fetchResponse: globalThis.Response): Promise<void> {
  if (response.destroyed || response.writableEnded) {
    await fetchResponse.body?.cancel();
    return;
  }
  response.statusMessage = fetchResponse.statusText;
  response.status(fetchResponse.status);
  for (const [name, value] of fetchResponse.headers) response.append(name, value);
  if (!fetchResponse.body) {
    response.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(fetchResponse.body, response);
  } catch (error) {
    if (!response.destroyed && !response.writableEnded) throw error;
  }
}
