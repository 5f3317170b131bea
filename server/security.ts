import { randomBytes } from "node:crypto";

/** Response headers that every page and asset carries (DESIGN.md section 2, issue #2). */

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

export function contentSecurityPolicy(nonce: string, origins: ContentSecurityOrigins): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...(origins.analytics ? analyticsScriptOrigins : [])],
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

export function originOf(url: string): string {
  return new URL(url).origin;
}
