import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { type CachedPage, compressionEffortFor, createPageCache, preparePage } from "./page-cache.ts";

/** A page like the site's: a large head, scripts, text repeated across it. */
function renderedHtml(): string {
  const css = Array.from({ length: 400 }, (_, index) => `.c${index}{margin:${index}px}`).join("");
  const body = Array.from({ length: 200 }, (_, index) => `<p class="c${index}">Ozark Foundry ${index} – café</p>`);
  return [
    `<!DOCTYPE html><html><head><style>${css}</style><link rel="preload"/>`,
    `<script>document.documentElement.classList.add('js');</script></head><body>`,
    body.join(""),
    `<script>window.__reactRouterContext = {};</script>`,
    `<script>$RC("B:0","S:0")</script></body></html>`,
  ].join("");
}

const headers: [string, string][] = [["content-type", "text/html"]];
let kept: CachedPage;
/** A kept page (the same one each time: the cache's tests do not look inside it). */
const page = () => kept;

beforeAll(async () => {
  kept = await preparePage({ status: 200, headers, html: renderedHtml() });
});

describe("a kept page", () => {
  it("is its text, and the same compressed once with Brotli and gzip, each decompressing to the text", () => {
    expect(kept.body.identity.toString("utf8")).toBe(renderedHtml());
    expect(zlib.brotliDecompressSync(kept.body.br).toString("utf8")).toBe(renderedHtml());
    expect(zlib.gunzipSync(kept.body.gzip).toString("utf8")).toBe(renderedHtml());
    expect(kept.body.br.length).toBeLessThan(kept.body.gzip.length);
    expect(kept.body.gzip.length).toBeLessThan(kept.body.identity.length / 4);
  });

  it("keeps its status and headers", () => {
    expect(kept.status).toBe(200);
    expect(kept.headers).toEqual(headers);
  });

  it("holds the bytes it counts: no body is a view into a larger block of memory", () => {
    const bodies = Object.values(kept.body);
    for (const body of bodies) expect(body.buffer.byteLength).toBe(body.length);
    expect(bodies.reduce((sum, body) => sum + body.buffer.byteLength, 0)).toBe(kept.bytes);
  });

  it("takes a kept page's compressed bytes when re-rendered to the same text, and compresses a changed text", async () => {
    const again = await preparePage({ status: 200, headers, html: renderedHtml(), previous: kept });
    expect(again.body.br).toBe(kept.body.br);
    expect(again.body.gzip).toBe(kept.body.gzip);
    const changed = `${renderedHtml()}<!-- changed -->`;
    const other = await preparePage({ status: 200, headers, html: changed, previous: kept });
    expect(other.body.gzip).not.toBe(kept.body.gzip);
    expect(zlib.brotliDecompressSync(other.body.br).toString("utf8")).toBe(changed);
    expect(zlib.gunzipSync(other.body.gzip).toString("utf8")).toBe(changed);
  });
});

describe("how hard a kept page is compressed", () => {
  const brotli = (text: string, quality: number) =>
    zlib.brotliCompressSync(Buffer.from(text), {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });

  it("compresses a page everyone gets as small as it goes, and a page an address's query string chose quickly", async () => {
    expect(compressionEffortFor("/")).toBe("smallest");
    expect(compressionEffortFor("/blog/tag/events")).toBe("smallest");
    expect(compressionEffortFor("/gallery?tags=ext")).toBe("quick");
    expect(compressionEffortFor("/blog?page=2")).toBe("quick");

    const html = renderedHtml();
    expect(kept.body.br.equals(brotli(html, 11))).toBe(true);
    expect(kept.body.gzip.equals(zlib.gzipSync(Buffer.from(html), { level: 9 }))).toBe(true);
    const quick = await preparePage({ status: 200, headers, html, effort: "quick" });
    // Brotli 5 and gzip 6: byte for byte what those settings give.
    expect(quick.body.br.equals(brotli(html, 5))).toBe(true);
    expect(quick.body.gzip.equals(zlib.gzipSync(Buffer.from(html), { level: 6 }))).toBe(true);
    expect(zlib.brotliDecompressSync(quick.body.br).toString("utf8")).toBe(html);
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
    expect(cache.peek("/")).toBe(page());
    cache.forget("/");
    expect(cache.peek("/")).toBeNull();
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
});
