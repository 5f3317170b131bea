import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { type RenderToPipeableStreamOptions, renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { appContext, requestContext } from "./context";
import stylesheetCss from "./app.css?inline";
import { createDocumentRewriter } from "./first-seconds/document-rewriter";
import { NonceProvider } from "./first-seconds/nonce";
import { maskEmailsInPath } from "./services/leads";
import { documentStartScript, firstScript as makeFirstScript } from "./first-seconds/first-script";

export { streamTimeout } from "./loaders/streaming";
import { streamTimeout } from "./loaders/streaming";

/**
 * Pages are cached briefly by the browser; errors and not-found pages are not cached. A page differs
 * with the preview cookie, so a browser never answers a preview with the published page it cached.
 * An answer to a form post (the contact form's action, whatever its outcome) is for the one visitor
 * who sent it: never stored.
 */
function setDefaultCaching(headers: Headers, status: number, method: string): void {
  headers.append("Vary", "Cookie");
  if (method !== "GET" && method !== "HEAD") {
    headers.set("Cache-Control", "no-store");
    return;
  }
  if (headers.has("Cache-Control")) return;
  headers.set("Cache-Control", status === 200 ? "private, max-age=60" : "no-store");
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  setDefaultCaching(response.headers, response.status, request.method.toUpperCase());
  return response;
};

/**
 * A loader, action or render that threw: logged with its stack (the request id comes with the line),
 * and its path masked like the request log's.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(`Route error on ${request.method} ${maskEmailsInPath(new URL(request.url).pathname)}:`, error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    // The headers a GET would have, caching included: a CDN may keep what a HEAD tells it.
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    setDefaultCaching(responseHeaders, responseStatusCode, "HEAD");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestContext);
  const { gaMeasurementId } = loadContext.get(appContext).config;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell first and the rest as it streams.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // A section that is ready when the page is rendered stays in place in the HTML. (React would
        // otherwise move large finished sections to the end of the stream, to be put in place by a
        // script: invisible without JavaScript.)
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = documentStream(
            nonce,
            () => {
              clearTimeout(timeoutId);
              timeoutId = undefined;
            },
            gaMeasurementId,
          );
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          setDefaultCaching(responseHeaders, responseStatusCode, request.method.toUpperCase());
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** The first seconds' script (the same for every page: it is built once). */
const firstScript = makeFirstScript();
/** The document's start (the `js` mark, `gtag`) and the first script, by measurement id. */
const headScripts = new Map<string | null, string>();

/**
 * The rendered document on its way out, rewritten so that scripts wait for the first paint, the
 * document's start and the first script end the head and (in the production build) the stylesheet is inline: see
 * `createDocumentRewriter`. What React writes in one go (the shell, then each section as it resolves,
 * in many small writes) leaves as one piece: the compression after it flushes every piece so that a
 * streamed section reaches the browser at once, and a flush per small write would cost half as much
 * again in bytes.
 */
export function documentStream(nonce: string, onEnd: () => void, measurementId: string | null = null): Transform {
  let headScript = headScripts.get(measurementId);
  if (headScript === undefined) {
    headScript = documentStartScript(measurementId) + firstScript;
    headScripts.set(measurementId, headScript);
  }
  const rewriter = createDocumentRewriter({
    inlineCss: import.meta.env.PROD ? stylesheetCss : undefined,
    headScript,
    nonce,
  });
  const decoder = new StringDecoder("utf8");
  let pending = "";
  const stream = new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const hadPending = pending !== "";
      pending += rewriter.push(typeof chunk === "string" ? chunk : decoder.write(chunk));
      if (!hadPending && pending !== "") setImmediate(sendPending);
      callback();
    },
    flush(callback) {
      onEnd();
      const rest = pending + rewriter.push(decoder.end()) + rewriter.end();
      pending = "";
      callback(null, rest);
    },
  });
  function sendPending() {
    if (pending === "") return;
    const piece = pending;
    pending = "";
    stream.push(piece);
  }
  return stream;
}
