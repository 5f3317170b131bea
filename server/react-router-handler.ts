import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { PageCache } from "./page-cache.ts";
import { pageCacheKey, REFRESH_LOCAL, type RenderOutcome, recordPage, sendCachedPage } from "./page-cache-http.ts";
import { routePatternFor } from "./route-pattern.ts";

/** How long a request waits for another request's first render of the same page before rendering it. */
const FIRST_RENDER_WAIT_MS = 3_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Serves React Router from Express. It builds the Fetch request from the body `limitBody` already
 * read (so the size limit holds for every route) and from the host and protocol Express resolved
 * under its `trust proxy` setting. With a page cache, pages it keeps are sent from memory
 * (`page-cache-http.ts` says which).
 */
export function reactRouterHandler({
  build,
  mode,
  getLoadContext,
  pageCache,
}: {
  build: () => Promise<ServerBuild>;
  mode: string;
  getLoadContext: (request: Request, response: Response) => RouterContextProvider;
  pageCache?: PageCache;
}) {
  const handle = createRequestHandler(build, mode);
  const render = (request: Request, response: Response) =>
    handle(toFetchRequest(request, response), getLoadContext(request, response));

  async function throughCache(cache: PageCache, key: string, request: Request, response: Response) {
    let kept = cache.lookup(key);
    const underWay = kept ? undefined : cache.renderUnderWay(key);
    if (underWay) {
      await Promise.race([underWay, delay(FIRST_RENDER_WAIT_MS)]);
      kept = cache.lookup(key);
    }
    if (kept && (!kept.stale || !cache.claimRefresh(key))) {
      response.locals.pageCache = "hit";
      sendCachedPage(request, response, kept.page);
      return;
    }
    response.locals.pageCache = kept ? "refresh" : "miss";
    // A re-render replaces a page that is already there: it waits for its sections rather than
    // streaming them, so that what it renders can be kept even when the machine is slow.
    if (kept) response.locals[REFRESH_LOCAL] = true;
    const endRender = kept ? () => {} : cache.beginRender(key);
    const version = cache.version;
    try {
      const rendered = await render(request, response);
      const onSettled = (outcome: RenderOutcome) => {
        endRender();
        // The address no longer renders a page to keep (it is gone, say): the old page goes too. A
        // render that was merely incomplete leaves the old page in place until a re-render is kept.
        if (outcome === "not-a-page") cache.forget(key);
      };
      await send(response, recordPage({ cache, key, response, rendered, version, onSettled }));
    } finally {
      // Also when the visitor left before the page was sent, and the render never reached its end.
      endRender();
    }
  }

  return async (request: Request, response: Response, next: NextFunction) => {
    try {
      const serverBuild = await build();
      // The route is known before the page cache answers, so a page sent from memory is logged under
      // its route like a rendered one.
      response.locals.route = routePatternFor(serverBuild, request.path) ?? undefined;
      const key = pageCache ? pageCacheKey(request, serverBuild) : null;
      if (pageCache && key) await throughCache(pageCache, key, request, response);
      else await send(response, await render(request, response));
    } catch (error) {
      next(error);
    }
  };
}

function toFetchRequest(request: Request, response: Response): globalThis.Request {
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
  return new globalThis.Request(requestUrl(request), {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: new Uint8Array(request.rawBody ?? []) } : {}),
  });
}

function requestUrl(request: Request): string {
  const path = request.originalUrl.startsWith("/") ? request.originalUrl : "/";
  try {
    return new URL(path, `${request.protocol}://${request.host}`).href;
  } catch {
    // A Host header that is not a host name; the page's own links never depend on it.
    return new URL(path, "http://localhost").href;
  }
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
