import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { contentSecurityPolicy, createNonce, readInlineScripts, securityHeaders } from "./security.ts";

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

describe("readInlineScripts", () => {
  const sha256 = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
  const hashesOf = (html: string, nonce: string | null = null) => {
    const reading = readInlineScripts(html, nonce);
    return reading.kind === "hashes" ? reading.hashes : reading.kind;
  };

  it("hashes each inline script a policy governs, once, in order, and no script with a src or data block", () => {
    const html = [
      '<head><script nonce="n0nce">a()</script>',
      '<script type="application/ld+json">{"@type":"Place"}</script>',
      '<script type="module" nonce="n0nce">import "/x.js";</script>',
      '<script src="/assets/y.js"></script>',
      '<script id="_R_" nonce="n0nce">a()</script><SCRIPT type="importmap" NONCE="n0nce">{}</SCRIPT>',
      '</head><body><script nonce="n0nce">café()</script></body>',
    ].join("");
    const hashes = [sha256("a()"), sha256('import "/x.js";'), sha256("{}"), sha256("café()")];
    expect(hashesOf(html, "n0nce")).toEqual(hashes);
    // A page rendered without a policy (so without a nonce): every script is the render's.
    expect(hashesOf(html.replaceAll(' nonce="n0nce"', ""))).toEqual(hashes);
  });

  it("hashes a script's text as the browser's parser leaves it, line ends as \\n", () => {
    expect(hashesOf("<script>a()\r\nb()\rc()</script>")).toEqual([sha256("a()\nb()\nc()")]);
  });

  it("refuses a page whose script a browser might end elsewhere (a comment or script tag inside it)", () => {
    expect(hashesOf('<script>var s="<!--";</script>')).toBe("unhashable");
    expect(hashesOf('<script>var s="<script>";</script>')).toBe("unhashable");
    expect(hashesOf('<script>var s="</script/x>";</script>')).toBe("unhashable");
    expect(hashesOf("<p>no scripts</p>")).toEqual([]);
  });

  it("refuses a page holding a policed inline script without the render's nonce, or with another", () => {
    const ours = '<script nonce="n0nce">a()</script><script type="application/ld+json">{}</script>';
    expect(hashesOf(ours, "n0nce")).toEqual([sha256("a()")]);
    for (const planted of [
      "<script>steal()</script>",
      '<script nonce="guess">steal()</script>',
      '<script data-nonce="n0nce">steal()</script>',
      '<script type="module">steal()</script>',
      "<script nonce=n0nce>steal()</script>",
    ]) {
      expect(readInlineScripts(`${ours}${planted}`, "n0nce"), planted).toEqual({
        kind: "without-nonce",
        opening: "steal()",
      });
    }
    // A script the render wrote that its policy would refuse anyway: not there to refuse.
    expect(hashesOf(`${ours}<script src="/x.js"></script><script type="text/plain">x</script>`, "n0nce")).toEqual([
      sha256("a()"),
    ]);
  });
});
