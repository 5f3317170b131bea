import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { routePatternFor } from "./route-pattern.ts";

/**
 * Serves React Router from Express. It builds the Fetch request from the body `limitBody` already
 * read (so the size limit holds for every route) and from the host and protocol Express resolved
 * under its `trust proxy` setting.
 */
export function reactRouterHandler({
  build,
  mode,
  getLoadContext,
}: {
  build: () => Promise<ServerBuild>;
  mode: string;
  getLoadContext: (request: Request, response: Response) => RouterContextProvider;
}) {
  const handle = createRequestHandler(build, mode);
  return async (request: Request, response: Response, next: NextFunction) => {
    try {
      response.locals.route = routePatternFor(await build(), request.path) ?? undefined;
      const fetchResponse = await handle(toFetchRequest(request, response), getLoadContext(request, response));
      await send(response, fetchResponse);
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
