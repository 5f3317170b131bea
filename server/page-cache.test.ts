import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageCache, gzipBody, gzipIntact, identityBody, preparePage } from "./page-cache.ts";

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

  it("decompresses to the page whatever follows a nonce, runs of NUL characters of every length included", () => {
    for (let run = 1; run <= 64; run += 1) {
      const nul = "\u0000".repeat(run);
      const html = (nonce: string) =>
        `<html><head><script nonce="${nonce}">${nul}a</script></head><body>${nul}<p nonce="${nonce}">${nul}${nul}</p></body></html>`;
      const kept = preparePage({ status: 200, headers: [], html: html(renderedNonce), nonce: renderedNonce });
      for (const nonce of [answerNonce, randomBytes(16).toString("base64")]) {
        const gzipped = gzipBody(kept, nonce);
        expect(gzipped, `a run of ${run}`).not.toBeNull();
        expect(zlib.gunzipSync(gzipped!).toString("utf8"), `a run of ${run}`).toBe(html(nonce));
      }
    }
  });

  it("is kept and gzipped whole with nonces side by side, or one at the very start or end of the page", () => {
    for (const html of [
      `<p>${renderedNonce}${renderedNonce}</p>`,
      `${renderedNonce}<p>text</p>`,
      `<p>text</p>${renderedNonce}`,
      `${renderedNonce}${renderedNonce}`,
    ]) {
      const kept = preparePage({ status: 200, headers: [], html, nonce: renderedNonce });
      expect(gzipIntact(kept), html).toBe(true);
      expect(zlib.gunzipSync(gzipBody(kept, answerNonce)!).toString("utf8")).toBe(
        html.replaceAll(renderedNonce, answerNonce),
      );
    }
  });

  it("holds the bytes it counts: no piece is a view into a larger block of memory", () => {
    const kept = page();
    const pieces = [...kept.pieces, ...kept.deflatedPieces];
    expect(pieces.some((piece) => piece.length < 1024)).toBe(true);
    for (const piece of pieces) expect(piece.buffer.byteLength).toBe(piece.length);
    expect(pieces.reduce((sum, piece) => sum + piece.buffer.byteLength, 0)).toBe(kept.bytes);
  });

  it("handles a page without a nonce (no Content-Security-Policy)", () => {
    const kept = preparePage({ status: 200, headers: [], html: "<html>plain</html>", nonce: "" });
    expect(zlib.gunzipSync(gzipBody(kept, "")!).toString("utf8")).toBe("<html>plain</html>");
  });
});

describe("createPageCache", () => {
  const options = {
    maxEntries: 2,
    maxBytes: 10_000_000,
    maxQueryEntries: 1,
    maxQueryBytes: 10_000_000,
    maxAgeMs: 1_000,
    staleIfErrorMs: 5_000,
  };

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
    end({ kept: true });
    await underWay;
    expect(cache.renderUnderWay("/")).toBeUndefined();
  });

  it("does not make requests wait behind a render when the page's last first render could not be kept", async () => {
    let now = 0;
    const cache = createPageCache({ ...options, now: () => now });
    const endUnkept = cache.beginRender("/events");
    endUnkept({ kept: false });
    const endNext = cache.beginRender("/events");
    expect(cache.renderUnderWay("/events")).toBeUndefined();
    endNext({ kept: false });
    // A minute on, a render may be kept again (the service answers): it is worth waiting for.
    now = 61_000;
    cache.beginRender("/events");
    expect(cache.renderUnderWay("/events")).toBeDefined();
    // Another page is not affected.
    cache.beginRender("/tour");
    expect(cache.renderUnderWay("/tour")).toBeDefined();
  });

  it("after a purge, lets requests wait for a first render begun under the new version, not the one before", async () => {
    const cache = createPageCache(options);
    const endBefore = cache.beginRender("/coworking");
    const before = cache.renderUnderWay("/coworking");
    cache.purge();
    // The render begun before the purge is not worth waiting for: it cannot be kept.
    expect(cache.renderUnderWay("/coworking")).toBeUndefined();
    const endAfter = cache.beginRender("/coworking");
    const after = cache.renderUnderWay("/coworking");
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    // It fails the version check (not kept), which says nothing of the page: it is still waited for.
    endBefore({ kept: false });
    await before;
    expect(cache.renderUnderWay("/coworking")).toBe(after);
    endAfter({ kept: true });
    await after;
    const endNext = cache.beginRender("/coworking");
    expect(cache.renderUnderWay("/coworking")).toBeDefined();
    endNext({ kept: true });
  });

  it("is bounded by bytes as well as by entries, and reports both", () => {
    const one = page();
    const cache = createPageCache({ ...options, maxEntries: 100, maxBytes: one.bytes * 2 + 1 });
    cache.store("/a", page(), cache.version);
    cache.store("/b", page(), cache.version);
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: one.bytes * 2, queryEntries: 0, queryBytes: 0 });
    cache.store("/c", page(), cache.version);
    expect(cache.lookup("/a")).toBeNull();
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: one.bytes * 2 });
    cache.store("/blog?page=2", page(), cache.version);
    expect(cache.stats()).toMatchObject({ entries: 2, queryEntries: 1, queryBytes: one.bytes });
    cache.purge();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0, queryEntries: 0, queryBytes: 0 });
  });

  it("says how long a kept page may stand in for a failed re-render", () => {
    let now = 0;
    const cache = createPageCache({ ...options, now: () => now });
    cache.store("/", page(), cache.version);
    now = 5_000;
    expect(cache.lookup("/")).toMatchObject({ stale: true, servableOnError: true });
    now = 6_001;
    expect(cache.lookup("/")).toMatchObject({ stale: true, servableOnError: false });
  });

  it("refuses to keep a page whose gzip answer would not decompress to its text", () => {
    const cache = createPageCache(options);
    const corrupt = page();
    const last = corrupt.deflatedPieces.length - 1;
    corrupt.deflatedPieces[last] = Buffer.from(corrupt.deflatedPieces[last]!).fill(0x55, 0, 8);
    expect(gzipIntact(corrupt)).toBe(false);
    expect(cache.store("/", corrupt, cache.version)).toBe(false);
    expect(gzipIntact(page())).toBe(true);
  });
});
