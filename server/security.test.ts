import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, securityHeaders } from "./security.ts";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split("; ").map((directive) => {
      const [name = "", ...values] = directive.split(" ");
      return [name, values];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  const base = { frames: ["https://booking.example"], insecureImages: [], analytics: false };

  it("allows inline scripts only with this response's nonce", () => {
    const policy = directives(contentSecurityPolicy("abc123", base));
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
    expect(policy.get("frame-src")).toEqual(["https://booking.example"]);
  });

  it("allows Google Analytics only when analytics is configured", () => {
    expect(contentSecurityPolicy("n", base)).not.toContain("googletagmanager");
    const policy = directives(contentSecurityPolicy("n", { ...base, analytics: true }));
    expect(policy.get("script-src")).toContain("https://www.googletagmanager.com");
    expect(policy.get("connect-src")).toContain("https://*.google-analytics.com");
  });

  it("adds plain-http image origins (local stand-ins) and otherwise only https images and videos", () => {
    const policy = directives(contentSecurityPolicy("n", { ...base, insecureImages: ["http://127.0.0.1:4010"] }));
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "https:", "http://127.0.0.1:4010"]);
    // A video uploaded to such a stand-in plays from the same origin as its poster.
    expect(policy.get("media-src")).toEqual(["'self'", "https:", "http://127.0.0.1:4010"]);
  });

  it("forbids frames when there is nothing to frame", () => {
    expect(directives(contentSecurityPolicy("n", { ...base, frames: [] })).get("frame-src")).toEqual(["'none'"]);
  });
});

describe("createNonce", () => {
  it("is random and unguessable", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    expect(createNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe("securityHeaders", () => {
  it("sends HSTS only for an https site", () => {
    expect(securityHeaders({ https: false })["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders({ https: true })["Strict-Transport-Security"]).toContain("max-age=31536000");
    expect(securityHeaders({ https: false })["X-Content-Type-Options"]).toBe("nosniff");
  });

  it("keeps the headers only a document acts on off the build's scripts and fonts", () => {
    const asset = securityHeaders({ https: true, document: false });
    expect(Object.keys(asset).sort()).toEqual(["Strict-Transport-Security", "X-Content-Type-Options"]);
    const page = securityHeaders({ https: true });
    for (const name of ["Referrer-Policy", "X-Frame-Options", "Cross-Origin-Opener-Policy", "Permissions-Policy"]) {
      expect(page[name], name).toBeTruthy();
    }
  });
});
