import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageCache, gzipBody, identityBody, preparePage } from "./page-cache.ts";

const renderedNonce = "cmVuZGVyZWQtbm9uY2UtMTI=";
const answerNonce = "YW5zd2VyLW5vbmNlLTEyMzQ=";

/** A page like the site's: a large head, the nonce on many scripts, text repeated across them. */
function renderedHtml(nonce: string): string {
  const css = Array.from({ length: 400 }, (_, index) => `.c${index}{margin:${index}px}`).join("");
  const body = Array.from({ length: 200 }, (_, index) => `<p class="c${index}">Ozark Foundry ${index} – café</p>`);
  return [
    `<!DOCTYPE html><html><head><style>${css}</style><link nonce="${nonce}" rel="preload"/>`,
    `<script nonce="${nonce}">document.documentElement.classList.add('js');</script></head><body>`,
    body.join(""),
    `<script nonce="${nonce}">window.__reactRouterContext = {};</script>`,
    `<script nonce="${nonce}">$RC("B:0","S:0")</script></body></html>`,
  ].join("");
}

const page = () =>
  preparePage({
    status: 200,
    headers: [["content-type", "text/html"]],
    html: renderedHtml(renderedNonce),
    nonce: renderedNonce,
  });

describe("a kept page", () => {
  it("is sent with the answer's own nonce wherever the rendered one stood", () => {
    expect(identityBody(page(), answerNonce).toString("utf8")).toBe(renderedHtml(answerNonce));
  });

  it("is sent gzipped without compressing anything, and decompresses to the page with the answer's nonce", () => {
    const kept = page();
    for (const nonce of [answerNonce, randomBytes(16).toString("base64"), randomBytes(16).toString("base64")]) {
      const gzipped = gzipBody(kept, nonce);
      expect(gzipped).not.toBeNull();
      expect(zlib.gunzipSync(gzipped!).toString("utf8")).toBe(renderedHtml(nonce));
    }
  });

  it("compresses about as well as one gzip stream of the whole page", () => {
    const html = renderedHtml(answerNonce);
    const whole = zlib.gzipSync(html, { level: 9 }).length;
    expect(gzipBody(page(), answerNonce)!.length).toBeLessThan(whole * 1.1);
  });

  it("cannot be gzipped with a nonce of another length (the compressed pieces counted on its length)", () => {
    expect(gzipBody(page(), "short")).toBeNull();
    expect(identityBody(page(), "short").toString("utf8")).toBe(renderedHtml("short"));
  });

  it("handles a page without a nonce (no Content-Security-Policy)", () => {
    const kept = preparePage({ status: 200, headers: [], html: "<html>plain</html>", nonce: "" });
    expect(zlib.gunzipSync(gzipBody(kept, "")!).toString("utf8")).toBe("<html>plain</html>");
  });
});

describe("createPageCache", () => {
  const options = { maxEntries: 2, maxQueryEntries: 1, maxAgeMs: 1_000 };

  it("keeps pages for a content version: a purge forgets them, and a render begun before it is not kept", () => {
    const cache = createPageCache(options);
    const version = cache.version;
    expect(cache.store("/", page(), version)).toBe(true);
    expect(cache.lookup("/")?.stale).toBe(false);
    const renderBegun = cache.version;
    cache.purge();
    expect(cache.lookup("/")).toBeNull();
    expect(cache.store("/", page(), renderBegun)).toBe(false);
    expect(cache.lookup("/")).toBeNull();
    expect(cache.store("/", page(), cache.version)).toBe(true);
  });

  it("drops the least recently used page, and keeps addresses with a query string apart", () => {
    const cache = createPageCache(options);
    cache.store("/a", page(), cache.version);
    cache.store("/b", page(), cache.version);
    cache.lookup("/a");
    cache.store("/c", page(), cache.version);
    expect(cache.lookup("/b")).toBeNull();
    expect(cache.lookup("/a")).not.toBeNull();
    for (let index = 0; index < 10; index += 1) cache.store(`/blog?page=${index}`, page(), cache.version);
    expect(cache.lookup("/a")).not.toBeNull();
    expect(cache.lookup("/c")).not.toBeNull();
    expect(cache.size).toBe(3);
  });

  it("lets one request re-render a stale page while the others are sent the kept one", () => {
    let now = 0;
    const cache = createPageCache({ ...options, now: () => now });
    cache.store("/", page(), cache.version);
    now = 1_500;
    expect(cache.lookup("/")?.stale).toBe(true);
    expect(cache.claimRefresh("/")).toBe(true);
    expect(cache.claimRefresh("/")).toBe(false);
    // A re-render that never finishes does not hold the page stale for ever.
    now += 10_000;
    expect(cache.claimRefresh("/")).toBe(true);
    cache.store("/", page(), cache.version);
    expect(cache.lookup("/")?.stale).toBe(false);
    cache.forget("/");
    expect(cache.lookup("/")).toBeNull();
  });

  it("lets requests for a page wait for its first render under way", async () => {
    const cache = createPageCache(options);
    expect(cache.renderUnderWay("/")).toBeUndefined();
    const end = cache.beginRender("/");
    const underWay = cache.renderUnderWay("/");
    expect(underWay).toBeDefined();
    end();
    await underWay;
    expect(cache.renderUnderWay("/")).toBeUndefined();
  });
});
