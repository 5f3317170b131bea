import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { contentSecurityPolicy, createNonce, inlineScriptHashes, securityHeaders } from "./security.ts";

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

  it("allows inline scripts only with this response's nonce, and the scripts they add", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "abc123" }, base));
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
    expect(policy.get("frame-src")).toEqual(["https://booking.example"]);
  });

  it("allows a kept page's inline scripts by their hashes alone, and the scripts they add", () => {
    const policy = directives(contentSecurityPolicy({ hashes: ["sha256-a", "sha256-b"] }, base));
    expect(policy.get("script-src")).toEqual(["'self'", "'sha256-a'", "'sha256-b'", "'strict-dynamic'"]);
    expect(policy.get("script-src")?.join(" ")).not.toMatch(/nonce|unsafe-inline/);
  });

  it("allows Google Analytics only when analytics is configured", () => {
    expect(contentSecurityPolicy({ nonce: "n" }, base)).not.toContain("googletagmanager");
    const policy = directives(contentSecurityPolicy({ nonce: "n" }, { ...base, analytics: true }));
    expect(policy.get("script-src")).toContain("https://www.googletagmanager.com");
    expect(policy.get("connect-src")).toContain("https://*.google-analytics.com");
  });

  it("adds plain-http image origins (local stand-ins) and otherwise only https images and videos", () => {
    const policy = directives(
      contentSecurityPolicy({ nonce: "n" }, { ...base, insecureImages: ["http://127.0.0.1:4010"] }),
    );
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "https:", "http://127.0.0.1:4010"]);
    // A video uploaded to such a stand-in plays from the same origin as its poster.
    expect(policy.get("media-src")).toEqual(["'self'", "https:", "http://127.0.0.1:4010"]);
  });

  it("forbids frames when there is nothing to frame", () => {
    expect(directives(contentSecurityPolicy({ nonce: "n" }, { ...base, frames: [] })).get("frame-src")).toEqual([
      "'none'",
    ]);
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

describe("inlineScriptHashes", () => {
  const sha256 = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

  it("hashes each inline script a policy governs, once, in order, and no script with a src or data block", () => {
    const html = [
      "<head><script>a()</script>",
      '<script type="application/ld+json">{"@type":"Place"}</script>',
      '<script type="module">import "/x.js";</script>',
      '<script src="/assets/y.js"></script>',
      '<script id="_R_">a()</script><SCRIPT type="importmap">{}</SCRIPT>',
      "</head><body><script>café()</script></body>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([
      sha256("a()"),
      sha256('import "/x.js";'),
      sha256("{}"),
      sha256("café()"),
    ]);
  });

  it("hashes a script's text as the browser's parser leaves it, line ends as \\n", () => {
    expect(inlineScriptHashes("<script>a()\r\nb()\rc()</script>")).toEqual([sha256("a()\nb()\nc()")]);
  });

  it("refuses a page whose script a browser might end elsewhere (a comment or script tag inside it)", () => {
    expect(inlineScriptHashes('<script>var s="<!--";</script>')).toBeNull();
    expect(inlineScriptHashes('<script>var s="<script>";</script>')).toBeNull();
    expect(inlineScriptHashes('<script>var s="</script/x>";</script>')).toBeNull();
    expect(inlineScriptHashes("<p>no scripts</p>")).toEqual([]);
  });
});
