import { createHmac, timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";

/**
 * Editors' draft preview. A preview link, `/preview?secret=…&path=/blog/slug`, carries a token signed
 * with a key derived from CONTENTFUL_PREVIEW_TOKEN (so only someone who holds that token can make
 * one) that expires; it is bound to one path, or, for Contentful's "Open preview" URL template, to
 * any path of the site. Opening it sets the `preview` cookie (signed, expiring, HttpOnly) and
 * redirects to the page. While the cookie is valid, pages read the Preview API, carry `noindex` and
 * `Cache-Control: private, no-store`, and show the preview bar with its exit link.
 */

export const PREVIEW_COOKIE = "preview";
/** How long a preview lasts once a link was opened. */
export const PREVIEW_SESSION_SECONDS = 2 * 60 * 60;
/** How long `npm run preview-link` links last unless told otherwise. */
export const DEFAULT_LINK_HOURS = 24;

const TOKEN_VERSION = "v1";
const ANY_PATH = "*";

export interface PreviewKeys {
  /** A preview link's secret for the path (or every path), valid until `expiresAt`. */
  linkSecret(path: string | typeof ANY_PATH, expiresAt: Date): string;
  /** Whether the secret opens `path` at `now`. */
  verifyLink(secret: string, path: string, now?: Date): boolean;
  cookieValue(expiresAt: Date): string;
  verifyCookie(value: string | undefined, now?: Date): boolean;
}

export function previewKeys(previewToken: string): PreviewKeys {
  const key = createHmac("sha256", previewToken).update("hub-site preview signing key").digest();
  const sign = (purpose: string, scope: string, expires: number) =>
    createHmac("sha256", key).update(`${purpose}\n${scope}\n${expires}`).digest("base64url");
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const sameSignature = (given: string, expected: string) => {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const parse = (value: string, parts: number) => {
    const fields = value.split(".");
    if (fields.length !== parts || fields[0] !== TOKEN_VERSION) return null;
    const expires = Number(fields[1]);
    return Number.isSafeInteger(expires) ? { expires, fields } : null;
  };

  return {
    linkSecret(path, expiresAt) {
      const scope = path === ANY_PATH ? "any" : "path";
      const expires = seconds(expiresAt);
      return [TOKEN_VERSION, expires, scope, sign("link", path, expires)].join(".");
    },
    verifyLink(secret, path, now = new Date()) {
      const parsed = parse(secret, 4);
      if (!parsed || parsed.expires <= seconds(now)) return false;
      const [, , scope, signature = ""] = parsed.fields;
      if (scope !== "any" && scope !== "path") return false;
      return sameSignature(signature, sign("link", scope === "any" ? ANY_PATH : path, parsed.expires));
    },
    cookieValue(expiresAt) {
      const expires = seconds(expiresAt);
      return [TOKEN_VERSION, expires, sign("cookie", "session", expires)].join(".");
    },
    verifyCookie(value, now = new Date()) {
      const parsed = value ? parse(value, 3) : null;
      if (!parsed || parsed.expires <= seconds(now)) return false;
      return sameSignature(parsed.fields[2] ?? "", sign("cookie", "session", parsed.expires));
    },
  };
}

/** A page of this site (`/blog/x?y`), never another origin (`//evil.example`, `/\evil`). */
export function isSitePath(path: unknown): path is string {
  return typeof path === "string" && /^\/(?![/\\])[^\s\\]*$/.test(path) && path.length <= 2_000;
}

/** The link an editor opens: `{siteUrl}/preview?secret=…&path=…`. */
export function previewLink(siteUrl: string, keys: PreviewKeys, path: string, expiresAt: Date): string {
  const url = new URL("/preview", siteUrl);
  url.searchParams.set("secret", keys.linkSecret(path, expiresAt));
  url.searchParams.set("path", path);
  return url.href;
}

/**
 * Contentful's "Open preview" URL for blog posts: a secret valid for any path until `expiresAt`, and
 * Contentful's `{entry.fields.slug}` placeholder (kept unencoded for Contentful to fill in).
 */
export function previewUrlTemplate(siteUrl: string, keys: PreviewKeys, expiresAt: Date): string {
  const url = new URL("/preview", siteUrl);
  url.searchParams.set("secret", keys.linkSecret(ANY_PATH, expiresAt));
  return `${url.href}&path=/blog/{entry.fields.slug}`;
}

export function cookieValueOf(request: Request, name: string): string | undefined {
  for (const part of (request.get("cookie") ?? "").split(";")) {
    const [cookieName, ...value] = part.trim().split("=");
    if (cookieName === name) return value.join("=");
  }
  return undefined;
}

export interface PreviewRoutes {
  /** `/preview` and `/preview/exit`. */
  routes: RequestHandler;
  /** Whether the request carries a valid preview cookie. */
  isPreview(request: Request): boolean;
  /** Makes every answer to a preview request private and unindexed, whichever route gives it. */
  markPreviewResponses: RequestHandler;
}

export function previewRoutes({ keys, https }: { keys: PreviewKeys | null; https: boolean }): PreviewRoutes {
  const isPreview = (request: Request) => keys?.verifyCookie(cookieValueOf(request, PREVIEW_COOKIE)) ?? false;
  const cookie = (value: string, maxAge: number) =>
    `${PREVIEW_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${https ? "; Secure" : ""}`;
  const answer = (response: Response, status: number, message: string) =>
    response.status(status).set("Cache-Control", "no-store").type("text/plain").send(message);

  const routes: RequestHandler = (request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    if (request.path === "/preview") {
      response.locals.route = "/preview";
      // The link's secret must not travel on to the page's own requests.
      response.set("Referrer-Policy", "no-referrer");
      if (!keys) return answer(response, 404, "Previews are not enabled on this site.");
      const { secret, path } = request.query;
      if (!isSitePath(path)) {
        return answer(response, 400, "The preview link's path must be a page of this site, such as /blog/my-post.");
      }
      if (typeof secret !== "string" || !keys.verifyLink(secret, path)) {
        return answer(
          response,
          401,
          "This preview link is not valid or has expired. Open the preview again from Contentful, or ask for a new link.",
        );
      }
      const expiresAt = new Date(Date.now() + PREVIEW_SESSION_SECONDS * 1000);
      response
        .set({
          "Cache-Control": "no-store",
          "Set-Cookie": cookie(keys.cookieValue(expiresAt), PREVIEW_SESSION_SECONDS),
        })
        .redirect(303, path);
      return;
    }
    if (request.path === "/preview/exit") {
      response.locals.route = "/preview/exit";
      const { path } = request.query;
      response
        .set({ "Cache-Control": "no-store", "Set-Cookie": cookie("", 0) })
        .redirect(303, isSitePath(path) ? path : "/");
      return;
    }
    next();
  };

  const markPreviewResponses: RequestHandler = (request, response, next) => {
    if (!isPreview(request)) return next();
    const writeHead = response.writeHead;
    response.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      this.setHeader("Cache-Control", "private, no-store");
      this.setHeader("X-Robots-Tag", "noindex");
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    next();
  };

  return { routes, isPreview, markPreviewResponses };
}
