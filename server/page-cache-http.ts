import type { Request, Response } from "express";
import { type CachedPage, compressionEffortFor, type PageCache, preparePage } from "./page-cache.ts";
import { preferredEncoding } from "./precompressed-assets.ts";
import { type InlineScripts, readInlineScripts } from "./security.ts";

/**
 * Which requests the page cache answers and which responses it keeps (docs/architecture.md#the-page-cache):
 * - only `GET` and `HEAD` requests for a page (a route with a component; not data requests, resource
 *   routes or the contact form's action) at its canonical address (`request-target.ts`), without a
 *   `preview` cookie, keyed by that address and the parameters the page reads (a route lists them in
 *   `handle.searchParams`; others do not change the page);
 * - kept only from a `GET` whose target came in origin form;
 * - only complete `200` HTML answers that set no cookie, are not `no-store` (as rendered, nor as sent:
 *   a draft preview's answer becomes `private, no-store` on its way out), and whose loaders did not
 *   ask to be left out (`skipPageCache`: a section that streamed, failed or was late, a hero shown in
 *   its fallback because the content service failed, a draft preview), and only if every inline script
 *   in it carries the render's nonce and can be allowed by its hash (`readInlineScripts`). A page with
 *   an inline script the render did not write (no nonce, or another) is not kept, and said once per
 *   route in the log: kept, its policy would have to allow that script for everyone.
 * A kept page is the same bytes for everyone (docs/decisions/031-page-cache-with-hashed-scripts.md): it is kept without the nonce it was rendered
 * with, and sent with a Content-Security-Policy that allows the render's inline scripts by their
 * hashes, and marked `public` where the render said `private` (that was for its nonce, which was for
 * one answer). The answer that renders a page still carries its nonce, and stays `private`.
 */

/** Set on a response whose page must not be kept, with the reason. */
export const SKIP_LOCAL = "pageCacheSkip";

/** Set on a response that re-renders a kept page: its sections are awaited, not streamed. */
export const REFRESH_LOCAL = "pageCacheRefresh";

export function skipPageCache(response: Response, reason: string): void {
  response.locals[SKIP_LOCAL] ??= reason;
}

export function isPageCacheRefresh(response: Response): boolean {
  return response.locals[REFRESH_LOCAL] === true;
}

/** Whether the request may be answered from the page cache, given that it asks for a page (`canonicalPage`). */
export function pageCacheAnswers(request: { method: string; get(name: string): string | undefined }): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  return !/(?:^|;)\s*preview=/.test(request.get("cookie") ?? "");
}

/** The encodings a kept page is held in, best first. */
const KEPT_ENCODINGS = ["br", "gzip"] as const;

/**
 * Sends a kept page as it is, in the best encoding the client takes. `X-Page-Cache` says `hit`, or
 * `stale` when it stands in for a re-render that failed.
 */
export function sendCachedPage(
  request: Request,
  response: Response,
  page: CachedPage,
  answer: "hit" | "stale" = "hit",
): void {
  response.locals.pageCache = answer;
  const encoding = preferredEncoding(request.headers["accept-encoding"], KEPT_ENCODINGS) as
    (typeof KEPT_ENCODINGS)[number] | null;
  const body = page.body[encoding ?? "identity"];
  response.statusCode = page.status;
  for (const [name, value] of page.headers) response.setHeader(name, value);
  response.setHeader("X-Page-Cache", answer);
  response.vary("Accept-Encoding");
  if (encoding) response.setHeader("Content-Encoding", encoding);
  response.setHeader("Content-Length", String(body.length));
  response.end(body);
}

/** Headers a kept page is sent with again; the rest belong to one answer or are set per answer. */
const KEPT_HEADERS = new Set(["content-type", "cache-control", "content-language", "link", "x-robots-tag", "vary"]);

/** The render's headers a kept page is sent with, and the policy that allows its inline scripts by hash. */
function keptHeaders(
  rendered: Headers,
  hashes: readonly string[],
  policy: ((scripts: InlineScripts) => string) | null,
): [string, string][] {
  const headers = [...rendered]
    .filter(([name]) => KEPT_HEADERS.has(name.toLowerCase()))
    .map(([name, value]): [string, string] =>
      name.toLowerCase() === "cache-control" ? [name, value.replace(/\bprivate\b/i, "public")] : [name, value],
    );
  if (policy) headers.push(["Content-Security-Policy", policy({ hashes })]);
  return headers;
}

/**
 * What became of a render: kept; not kept although it is a page (it was incomplete, or its loaders
 * asked to be left out); or not a page to keep at all (another status, a cookie, `no-store`).
 */
export type RenderOutcome = "kept" | "not-kept" | "not-a-page";

/** The render's response, passed on as it streams, and kept in the cache when it ends, if it may be. */
export function recordPage({
  cache,
  key,
  response,
  rendered,
  version,
  policy,
  onSettled,
  onScriptWithoutNonce,
}: {
  cache: PageCache;
  key: string;
  response: Response;
  rendered: globalThis.Response;
  version: number;
  /** The Content-Security-Policy for given inline scripts, or null where the site sends none. */
  policy: ((scripts: InlineScripts) => string) | null;
  onSettled: (outcome: RenderOutcome) => void;
  /** Told of a page not kept for an inline script without the render's nonce (its first characters). */
  onScriptWithoutNonce?: (opening: string) => void;
}): globalThis.Response {
  const headers = rendered.headers;
  const cacheControl = headers.get("cache-control") ?? "";
  const keepable =
    rendered.status === 200 &&
    (headers.get("content-type") ?? "").startsWith("text/html") &&
    !headers.has("set-cookie") &&
    !/no-store/i.test(cacheControl);
  if (!keepable || !rendered.body) {
    onSettled("not-a-page");
    return rendered;
  }
  const nonce = String(response.locals.nonce ?? "");
  const chunks: Uint8Array[] = [];
  let settled = false;
  const settle = (outcome: RenderOutcome) => {
    if (settled) return;
    settled = true;
    onSettled(outcome);
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
      // Every page is `private` (its nonce is for one answer only), so that says nothing; `no-store`
      // set on the way out (a draft preview's answer) does.
      const sentNoStore = /no-store/i.test(String(response.getHeader("cache-control") ?? ""));
      if (!complete || sentNoStore || response.locals[SKIP_LOCAL] !== undefined) {
        settle("not-kept");
        return;
      }
      // Only the scripts the render wrote (with its nonce) are allowed, by their hashes.
      const scripts = readInlineScripts(html, policy && nonce ? nonce : null);
      if (scripts.kind !== "hashes") {
        if (scripts.kind === "without-nonce") onScriptWithoutNonce?.(scripts.opening);
        settle("not-kept");
        return;
      }
      // The nonce was for this answer only; every other answer of the page is allowed by hashes.
      const shared = nonce ? html.replaceAll(` nonce="${nonce}"`, "") : html;
      // Compressed off the main thread, after this answer has gone: until it is kept, requests for
      // the page wait for it (`renderUnderWay`) or render it, as during any first render.
      preparePage({
        status: rendered.status,
        headers: keptHeaders(headers, scripts.hashes, policy),
        html: shared,
        previous: cache.peek(key),
        effort: compressionEffortFor(key),
      }).then(
        (page) => settle(cache.store(key, page, version) ? "kept" : "not-kept"),
        () => settle("not-kept"),
      );
    },
  });
  const body = rendered.body.pipeThrough(recorder);
  // A visitor who leaves before the page has streamed leaves nothing to keep.
  response.on("close", () => {
    if (!response.writableFinished) settle("not-kept");
  });
  if (response.destroyed) settle("not-kept");
  return new Response(body, { status: rendered.status, statusText: rendered.statusText, headers });
}
