import { type CompressionEffort, compressOnce } from "./precompressed-assets.ts";

/**
 * Rendered pages kept in memory (docs/architecture.md#the-page-cache): a page is rendered once per
 * content version and then sent from memory as it is, the same bytes to everyone: its inline scripts
 * are allowed by their hashes, not by a nonce (`page-cache-http.ts`), so it is compressed once.
 *
 * - The content version moves on with every `purge()`: the server purges when the content caches
 *   change (a refresh brought different content, or an entry was deleted or cleared, as the publish
 *   webhook does). A render that began under an older version is not kept.
 * - A page is fresh for `maxAgeMs`; after that the next request renders it again (so the content
 *   caches behind it get asked, and refresh) while others are still sent the kept copy, which stays
 *   until a re-render can be kept.
 * - While a page that is not kept yet is first rendered, other requests for it wait for that render
 *   rather than all rendering it at once (as after a purge, under load), unless its last first render
 *   could not be kept.
 * - A re-render that fails (a 5xx) leaves the kept page in place, and it is sent instead for up to
 *   `staleIfErrorMs` past its freshness.
 * - Pages whose address has a query string live in a smaller cache of their own, so a flood of made-up
 *   addresses cannot push the site's own pages out. Both are bounded by entries and by bytes, and drop
 *   their least recently used page when full.
 * - Each page is kept as its text, Brotli-compressed and gzipped (off the main thread: at their highest
 *   settings for a page without a query string, quickly for one with, `compressionEffortFor`); a
 *   re-render whose text is the kept page's takes the kept page's compressed bytes.
 * What may be kept is decided in `page-cache-http.ts`; this module only keeps pages.
 */

export interface PageCacheOptions {
  /** Pages whose address has no query string: at most this many, and this many bytes. */
  maxEntries: number;
  maxBytes: number;
  /** Pages whose address has a query string the route reads (`?page=2`), likewise. */
  maxQueryEntries: number;
  maxQueryBytes: number;
  maxAgeMs: number;
  /** How long past `maxAgeMs` a kept page is still sent while its re-renders fail (a 5xx). */
  staleIfErrorMs: number;
  now?: () => number;
}

export interface CachedPage {
  status: number;
  /** Every header the page is sent with, its Content-Security-Policy included. */
  headers: [string, string][];
  /** The body as it is sent, in each encoding. */
  body: { identity: Buffer; br: Buffer; gzip: Buffer };
  bytes: number;
}

export interface PageLookup {
  page: CachedPage;
  /** Older than `maxAgeMs`: send it, but let this request render a fresh one if nobody else is. */
  stale: boolean;
  /** Young enough to be sent instead of a re-render that failed (`staleIfErrorMs`). */
  servableOnError: boolean;
}

export interface PageCacheStats {
  version: number;
  entries: number;
  bytes: number;
  queryEntries: number;
  queryBytes: number;
}

export interface PageCache {
  /** Changes with every purge; a render records the version it began under. */
  readonly version: number;
  /** Forgets every page (the content changed). */
  purge(): void;
  lookup(key: string): PageLookup | null;
  /**
   * Claims a stale page's re-render for the caller; false when another request is on it. A claim
   * lapses after a while, so a re-render that could not be kept is tried again later, not at once.
   */
  claimRefresh(key: string): boolean;
  /** Keeps a rendered page, unless the content version moved on since the render began. */
  store(key: string, page: CachedPage, renderedUnderVersion: number): boolean;
  /** The page kept for `key`, if any, without counting it as used. */
  peek(key: string): CachedPage | null;
  /** Forgets one page (its address is no longer a page to keep). */
  forget(key: string): void;
  /**
   * Marks the first render of a page under way; the returned function ends it, saying whether the
   * render was kept. Meanwhile `renderUnderWay` gives other requests for the page something to wait
   * for, rather than all rendering it at once; but only while that wait is worth it: after a first
   * render that could not be kept (a section late or failed, a fallback shown), the next ones are
   * not waited for, since they will most likely not be kept either.
   */
  beginRender(key: string): (outcome: { kept: boolean }) => void;
  renderUnderWay(key: string): Promise<void> | undefined;
  stats(): PageCacheStats;
  readonly size: number;
}

interface Entry {
  page: CachedPage;
  storedAt: number;
  refreshingSince: number | null;
}

/** How long a claim to re-render a stale page holds: after that, another request may try. */
const REFRESH_TIMEOUT_MS = 10_000;
/** How long after a first render that could not be kept the next ones are not waited for. */
const UNKEEPABLE_MS = 60_000;
const MAX_UNKEEPABLE_KEYS = 1_000;

/** Entries, most recently used last (a Map iterates in insertion order), bounded by count and bytes. */
function boundedPages(maxEntries: number, maxBytes: number) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  return {
    entries,
    get bytes() {
      return bytes;
    },
    touch(key: string, entry: Entry) {
      entries.delete(key);
      entries.set(key, entry);
    },
    set(key: string, entry: Entry) {
      this.delete(key);
      entries.set(key, entry);
      bytes += entry.page.bytes;
      while (entries.size > maxEntries || bytes > maxBytes) {
        const leastRecent = entries.keys().next().value;
        if (leastRecent === undefined) break;
        this.delete(leastRecent);
      }
    },
    delete(key: string) {
      const entry = entries.get(key);
      if (!entry) return;
      entries.delete(key);
      bytes -= entry.page.bytes;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const plain = boundedPages(options.maxEntries, options.maxBytes);
  const withQuery = boundedPages(options.maxQueryEntries, options.maxQueryBytes);
  const rendering = new Map<string, Promise<void>>();
  /** Pages whose last first render could not be kept, and when. */
  const unkeepable = new Map<string, number>();
  let version = 0;

  const pagesFor = (key: string) => (key.includes("?") ? withQuery : plain);

  return {
    get version() {
      return version;
    },
    purge() {
      version += 1;
      plain.clear();
      withQuery.clear();
      unkeepable.clear();
      // A first render begun before the purge cannot be kept: the next request begins one under the new
      // version, and the others wait for that one instead.
      rendering.clear();
    },
    lookup(key) {
      const pages = pagesFor(key);
      const entry = pages.entries.get(key);
      if (!entry) return null;
      pages.touch(key, entry);
      const age = now() - entry.storedAt;
      return {
        page: entry.page,
        stale: age > options.maxAgeMs,
        servableOnError: age <= options.maxAgeMs + options.staleIfErrorMs,
      };
    },
    claimRefresh(key) {
      const entry = pagesFor(key).entries.get(key);
      if (!entry) return true;
      if (entry.refreshingSince !== null && now() - entry.refreshingSince < REFRESH_TIMEOUT_MS) return false;
      entry.refreshingSince = now();
      return true;
    },
    store(key, page, renderedUnderVersion) {
      if (renderedUnderVersion !== version) return false;
      pagesFor(key).set(key, { page, storedAt: now(), refreshingSince: null });
      return true;
    },
    peek(key) {
      return pagesFor(key).entries.get(key)?.page ?? null;
    },
    forget(key) {
      pagesFor(key).delete(key);
    },
    beginRender(key) {
      let end = () => {};
      const underWay = new Promise<void>((resolve) => {
        end = resolve;
      });
      rendering.set(key, underWay);
      const begunUnder = version;
      let ended = false;
      return ({ kept }) => {
        if (ended) return;
        ended = true;
        if (rendering.get(key) === underWay) rendering.delete(key);
        // Not kept because the content changed meanwhile says nothing of whether the page can be kept.
        if (begunUnder !== version) {
          end();
          return;
        }
        unkeepable.delete(key);
        if (!kept) {
          unkeepable.set(key, now());
          if (unkeepable.size > MAX_UNKEEPABLE_KEYS) unkeepable.delete(unkeepable.keys().next().value!);
        }
        end();
      };
    },
    renderUnderWay(key) {
      const since = unkeepable.get(key);
      if (since !== undefined && now() - since < UNKEEPABLE_MS) return undefined;
      return rendering.get(key);
    },
    stats() {
      return {
        version,
        entries: plain.entries.size,
        bytes: plain.bytes,
        queryEntries: withQuery.entries.size,
        queryBytes: withQuery.bytes,
      };
    },
    get size() {
      return plain.entries.size + withQuery.entries.size;
    },
  };
}

/**
 * How hard a page kept under `key` is compressed: the pages everyone gets (no query string: a few
 * dozen, each compressed once per content version and refresh) as small as the encoders make them; a
 * page with a query string (`?page=2`, `?tags=ext`: as many as the values a route reads, any of which
 * a stranger may ask for first) quickly, for a small part of its render's cost.
 */
export function compressionEffortFor(key: string): CompressionEffort {
  return key.includes("?") ? "quick" : "smallest";
}

/**
 * A rendered page as it is kept: its text and the same compressed once in each encoding, or, when the
 * text is `previous`'s (a re-render that changed nothing), `previous`'s compressed bytes.
 */
export async function preparePage({
  status,
  headers,
  html,
  previous,
  effort = "smallest",
}: {
  status: number;
  headers: [string, string][];
  html: string;
  previous?: CachedPage | null;
  effort?: CompressionEffort;
}): Promise<CachedPage> {
  const identity = ownCopy(Buffer.from(html, "utf8"));
  const unchanged = previous?.body.identity.equals(identity) ? previous.body : null;
  const [br, gzip] = unchanged
    ? [unchanged.br, unchanged.gzip]
    : (await Promise.all([compressOnce("br", identity, effort), compressOnce("gzip", identity, effort)])).map(ownCopy);
  return {
    status,
    headers,
    body: { identity: unchanged?.identity ?? identity, br: br!, gzip: gzip! },
    bytes: identity.length + br!.length + gzip!.length,
  };
}

/**
 * The bytes in memory of their own. A Buffer is often a view into a larger block (Node's pool for short
 * strings, zlib's output chunks), and a view kept for hours keeps its whole block: pages kept as such
 * views took about four times the bytes the cache counts.
 */
function ownCopy(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}
