import { createHash, randomBytes } from "node:crypto";

/** Response headers that every page and asset carries (docs/architecture.md#the-request-path). */

export interface ContentSecurityOrigins {
  /** Origins the page may frame: booking widgets and video players. */
  frames: string[];
  /** Plain-http image and video origins (https: ones are always allowed), e.g. local demo stand-ins. */
  insecureImages: string[];
  /** Load Google Analytics (script and beacons). */
  analytics: boolean;
}

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

const analyticsScriptOrigins = ["https://www.googletagmanager.com"];
const analyticsBeaconOrigins = [
  "https://www.google-analytics.com",
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://www.googletagmanager.com",
];

/**
 * What the page's own inline scripts are allowed by: this answer's nonce (a page rendered for this
 * answer), or the hashes of exactly the scripts the page's render wrote (a page kept and sent as it
 * is to everyone: `readInlineScripts`).
 */
export type InlineScripts = { nonce: string } | { hashes: readonly string[] };

/**
 * `'strict-dynamic'`: a script the page's own scripts add (the modules they load, Google's gtag.js)
 * runs, and no other; `'self'` and the analytics origin are there for browsers older than that.
 */
export function contentSecurityPolicy(scripts: InlineScripts, origins: ContentSecurityOrigins): string {
  const allowed = "nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes.map((hash) => `'${hash}'`);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...allowed, "'strict-dynamic'", ...(origins.analytics ? analyticsScriptOrigins : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:", ...origins.insecureImages],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(origins.analytics ? analyticsBeaconOrigins : [])],
    "frame-src": origins.frames.length > 0 ? origins.frames : ["'none'"],
    "media-src": ["'self'", "https:", ...origins.insecureImages],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/**
 * Headers every answer carries: no content sniffing, and HSTS on an https site. `document` adds those
 * that only a document (a page, an error, a redirect) acts on: where it may be framed, who it opens
 * beside, what it tells the sites it links to, and which browser features it may use. The build's hashed
 * files are scripts and fonts, never documents: there they would only add bytes to each of a page's
 * many requests.
 */
export function securityHeaders({
  https,
  document = true,
}: {
  https: boolean;
  document?: boolean;
}): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    ...(document
      ? {
          "Referrer-Policy": "strict-origin-when-cross-origin",
          "X-Frame-Options": "SAMEORIGIN",
          "Cross-Origin-Opener-Policy": "same-origin",
          "Permissions-Policy": "camera=(), microphone=(), geolocation=(), browsing-topics=()",
        }
      : {}),
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** Script types a browser runs (or, for an import map and speculation rules, reads) only if the policy allows. */
const POLICED_SCRIPT_TYPES = new Set([
  "",
  "module",
  "text/javascript",
  "application/javascript",
  "importmap",
  "speculationrules",
]);

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * A rendered page's inline scripts, read for a policy that allows them by hash (a kept page's):
 * - `hashes`: the CSP hashes (`sha256-…`) of its inline scripts, in the order they come, each once;
 * - `unhashable`: a script's text is one whose end a browser might find elsewhere than this reading
 *   does (it holds `<!--`, `<script` or `</script`): such a page cannot be allowed by hashes;
 * - `without-nonce`: an inline script does not carry the render's nonce (`nonce`, when the page was
 *   rendered under one): the server did not write it, and the policy the render was sent with refused
 *   it. Allowing it by its hash would let it run for everyone after the first visitor, so such a page
 *   is not to be kept (docs/architecture.md#the-page-cache). `opening`: the script's first characters,
 *   to find where it came from.
 * A script with a `src`, and a data block (`application/ld+json`), are not inline scripts a policy
 * governs. A browser hashes the text as its parser left it: line ends made `\n`.
 */
export type InlineScriptReading =
  { kind: "hashes"; hashes: string[] } | { kind: "unhashable" } | { kind: "without-nonce"; opening: string };

export function readInlineScripts(html: string, nonce: string | null): InlineScriptReading {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.trim().toLowerCase() ?? "";
    if (!POLICED_SCRIPT_TYPES.has(type)) continue;
    if (nonce !== null && /\snonce\s*=\s*"([^"]*)"/i.exec(attributes)?.[1] !== nonce) {
      return { kind: "without-nonce", opening: text.trim().slice(0, 60) };
    }
    if (/<!--|<\/?script/i.test(text)) return { kind: "unhashable" };
    const source = text.replace(/\r\n?/g, "\n");
    hashes.add(`sha256-${createHash("sha256").update(source, "utf8").digest("base64")}`);
  }
  return { kind: "hashes", hashes: [...hashes] };
}

export function originOf(url: string): string {
  return new URL(url).origin;
}
