import zlib from "node:zlib";

/**
 * Rendered pages kept in memory (DESIGN.md section 5, issue 16): a page is rendered once per content
 * version and then sent from memory, each time with the response's own CSP nonce in place of the one
 * it was rendered with.
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
 * - Each page is kept as its text between nonces, and the same pieces compressed, so a gzip answer is
 *   put together without compressing anything (see `gzipBody`).
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
  headers: [string, string][];
  /** The body's text between the places its nonce stood. */
  pieces: Buffer[];
  /** Each piece compressed on its own into raw DEFLATE blocks that end on a byte boundary. */
  deflatedPieces: Buffer[];
  /** The rendered nonce's length: a gzip answer needs a nonce of the same length (see `gzipBody`). */
  nonceLength: number;
  /** CRC-32 of the first piece (the part of the body before any nonce, the same in every answer). */
  firstPieceCrc: number;
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
  /**
   * Keeps a rendered page, unless the content version moved on since the render began, or its gzip
   * answer would not decompress to its text (checked here, so no answer from memory is corrupt).
   */
  store(key: string, page: CachedPage, renderedUnderVersion: number): boolean;
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
      if (renderedUnderVersion !== version || !gzipIntact(page)) return false;
      pagesFor(key).set(key, { page, storedAt: now(), refreshingSince: null });
      return true;
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

/** Splits a rendered page at its nonce and compresses the pieces once, for `gzipBody` and `identityBody`. */
export function preparePage({
  status,
  headers,
  html,
  nonce,
}: {
  status: number;
  headers: [string, string][];
  html: string;
  nonce: string;
}): CachedPage {
  const pieces = (nonce ? html.split(nonce) : [html]).map((piece) => ownCopy(Buffer.from(piece, "utf8")));
  const nonceLength = Buffer.byteLength(nonce, "utf8");
  // Each piece may refer back to the text before it (DEFLATE's 32 KB window), as one stream would,
  // except to the nonce, which differs in every answer: the compressor sees 0xFF bytes in its place.
  // No UTF-8 text contains that byte (a page may contain anything else, NUL included), so no match
  // the compressor finds can reach into a nonce.
  const nonceGap = Buffer.alloc(nonceLength, NEVER_IN_UTF8);
  let history = Buffer.alloc(0);
  const deflatedPieces = pieces.map((piece, index) => {
    const options: zlib.ZlibOptions = { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH };
    if (index > 0) {
      history = Buffer.concat([history, nonceGap]).subarray(-WINDOW_BYTES);
      options.dictionary = history;
    }
    history = Buffer.concat([history, piece]).subarray(-WINDOW_BYTES);
    return ownCopy(zlib.deflateRawSync(piece, options));
  });
  const bytes = pieces.reduce((sum, piece, index) => sum + piece.length + deflatedPieces[index]!.length, 0);
  return { status, headers, pieces, deflatedPieces, nonceLength, firstPieceCrc: crc32After(pieces[0]!, 0), bytes };
}

/**
 * The bytes in memory of their own. A small Buffer is often a view into a larger block (Node's pool for
 * short strings, zlib's output chunk of 64 KB), and a view kept for hours keeps its whole block: pages
 * kept as such views took about four times the bytes the cache counts.
 */
function ownCopy(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}

const WINDOW_BYTES = 32 * 1024;
const NEVER_IN_UTF8 = 0xff;

/** A nonce of the rendered one's length that no page contains, for `gzipIntact`. */
const probeNonce = (length: number) => "\u007f".repeat(length);

/**
 * Whether the kept page's gzip answer decompresses to its text, with a nonce other than the rendered
 * one: checked before a page is kept, so no answer from memory can be corrupt.
 */
export function gzipIntact(page: CachedPage): boolean {
  const nonce = probeNonce(page.nonceLength);
  const gzipped = gzipBody(page, nonce);
  if (!gzipped) return false;
  try {
    return zlib.gunzipSync(gzipped).equals(identityBody(page, nonce));
  } catch {
    return false;
  }
}

export function identityBody(page: CachedPage, nonce: string): Buffer {
  const separator = Buffer.from(nonce, "utf8");
  const parts: Buffer[] = [];
  page.pieces.forEach((piece, index) => {
    if (index > 0) parts.push(separator);
    parts.push(piece);
  });
  return Buffer.concat(parts);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** An empty stored block with BFINAL set: the end of the DEFLATE stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/**
 * The page as a gzip member, with `nonce` where the rendered nonce stood. Every compressed piece ends
 * on a byte boundary without a final block (a sync flush), so pieces can follow one another; each
 * nonce goes between them as a stored (uncompressed) block, and the trailer's CRC-32 and length cover
 * the whole text. Nothing is compressed per request. Null when the nonce is not as long as the
 * rendered one, which the compressed pieces counted on.
 */
export function gzipBody(page: CachedPage, nonce: string): Buffer | null {
  const separator = Buffer.from(nonce, "utf8");
  if (page.pieces.length > 1 && separator.length !== page.nonceLength) return null;
  const storedSeparator = storedBlock(separator);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = page.firstPieceCrc;
  let length = page.pieces[0]!.length;
  parts.push(page.deflatedPieces[0]!);
  for (let index = 1; index < page.pieces.length; index += 1) {
    const piece = page.pieces[index]!;
    parts.push(storedSeparator, page.deflatedPieces[index]!);
    crc = crc32After(piece, crc32After(separator, crc));
    length += separator.length + piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}

/**
 * The CRC-32 of the text so far followed by `data`. An empty piece (two nonces side by side, or one at
 * either end of the page) leaves it as it is: some Node versions' `zlib.crc32` answer 0 for empty
 * input whatever CRC they are given to continue.
 */
function crc32After(data: Buffer, crc: number): number {
  return data.length === 0 ? crc : zlib.crc32(data, crc);
}

/** A non-final stored DEFLATE block (at most 65,535 bytes; a nonce is 24). */
function storedBlock(data: Buffer): Buffer {
  if (data.length > 0xffff) throw new RangeError("A stored block holds at most 65,535 bytes.");
  const header = Buffer.from([
    0x00,
    data.length & 0xff,
    data.length >> 8,
    ~data.length & 0xff,
    (~data.length >> 8) & 0xff,
  ]);
  return Buffer.concat([header, data]);
}
