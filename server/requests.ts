import type { Request, RequestHandler, Response } from "express";

/**
 * Request plumbing that runs before the router: the body-size limit and refusals shaped for the
 * kind of request (a page, or a data request from a script-enhanced form or navigation).
 */

export const MAX_BODY_BYTES = 16 * 1024;

declare module "express-serve-static-core" {
  interface Request {
    /** The request body, read in full by `limitBody` (only for methods that carry one). */
    rawBody?: Buffer;
  }
}

/** React Router's data requests (`/path.data`, `/_.data`) and clients that asked for JSON. */
export function isDataRequest(request: Request): boolean {
  return request.path.endsWith(".data") || (request.get("accept") ?? "").includes("application/json");
}

/** Refuses a request with a message a person can read: JSON for data requests, plain text otherwise. */
export function refuse(
  request: Request,
  response: Response,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  response.status(status).set({ "Cache-Control": "no-store", ...headers });
  if (isDataRequest(request)) response.json({ error: message, status });
  else response.type("text/plain").send(message);
}

const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Past this many bytes an oversized body is no longer read to its end: the connection is dropped. */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

/**
 * Reads the body of every request that may carry one, refusing more than `limit` bytes with 413. An
 * oversized body is still read to its end (up to a megabyte) before the answer, because answering
 * while a client is still sending makes most clients see a broken connection instead of the 413.
 */
export function limitBody(limit = MAX_BODY_BYTES): RequestHandler {
  return (request, response, next) => {
    if (BODYLESS_METHODS.has(request.method)) return next();
    const tooLarge = () =>
      refuse(request, response, 413, `The request is too large (at most ${limit / 1024} KB).`, {
        Connection: "close",
      });
    const declared = Number(request.get("content-length"));
    if (Number.isFinite(declared) && declared > DRAIN_LIMIT_BYTES) {
      tooLarge();
      response.on("finish", () => request.destroy());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let answered = false;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > DRAIN_LIMIT_BYTES && !answered) {
        answered = true;
        tooLarge();
        response.on("finish", () => request.destroy());
      }
    });
    request.on("end", () => {
      if (answered) return;
      answered = true;
      if (size > limit) return tooLarge();
      request.rawBody = Buffer.concat(chunks);
      next();
    });
    request.on("error", (error) => {
      if (!answered) next(error);
    });
  };
}

/**
 * Refuses writes (form posts) that another site's page sent: a cross-site `Sec-Fetch-Site`, or an
 * `Origin` that is neither this request's own origin nor SITE_URL's. Requests without those headers
 * (non-browser clients) pass; they cannot carry a visitor's credentials anyway.
 */
export function refuseCrossSiteWrites(siteUrl: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (request, response, next) => {
    if (BODYLESS_METHODS.has(request.method)) return next();
    const fetchSite = request.get("sec-fetch-site");
    const origin = request.get("origin");
    const ownOrigin = `${request.protocol}://${request.host}`;
    const crossSite =
      (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") ||
      (origin !== undefined && origin !== ownOrigin && origin !== siteOrigin);
    if (!crossSite) return next();
    refuse(request, response, 403, "This form can only be sent from this website.");
  };
}
