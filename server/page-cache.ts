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
 *   rather than all rendering it at once (as after a purge, under load).
 * - Pages whose address has a query string live in a smaller cache of their own, so a flood of made-up
 *   addresses cannot push the site's own pages out. Both drop their least recently used page when full.
 * - Each page is kept as its text between nonces, and the same pieces compressed, so a gzip answer is
 *   put together without compressing anything (see `gzipBody`).
 * What may be kept is decided in `page-cache-http.ts`; this module only keeps pages.
 */

export interface PageCacheOptions {
  /** Pages whose address has no query string. */
  maxEntries: number;
  /** Pages whose address has a query string the route reads (`?page=2`). */
  maxQueryEntries: number;
  maxAgeMs: number;
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
  /** Forgets one page (its address is no longer a page to keep). */
  forget(key: string): void;
  /**
   * Marks the first render of a page under way; the returned function ends it. Meanwhile
   * `renderUnderWay` gives other requests for the page something to wait for, rather than all
   * rendering it at once.
   */
  beginRender(key: string): () => void;
  renderUnderWay(key: string): Promise<void> | undefined;
  readonly size: number;
}

interface Entry {
  page: CachedPage;
  storedAt: number;
  refreshingSince: number | null;
}

/** How long a claim to re-render a stale page holds: after that, another request may try. */
const REFRESH_TIMEOUT_MS = 10_000;

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const plain = new Map<string, Entry>();
  const withQuery = new Map<string, Entry>();
  const rendering = new Map<string, Promise<void>>();
  let version = 0;

  const mapFor = (key: string) => (key.includes("?") ? withQuery : plain);
  const limitFor = (key: string) => (key.includes("?") ? options.maxQueryEntries : options.maxEntries);

  return {
    get version() {
      return version;
    },
    purge() {
      version += 1;
      plain.clear();
      withQuery.clear();
    },
    lookup(key) {
      const map = mapFor(key);
      const entry = map.get(key);
      if (!entry) return null;
      // Most recently used last: a Map iterates in insertion order, so the first key is the least used.
      map.delete(key);
      map.set(key, entry);
      return { page: entry.page, stale: now() - entry.storedAt > options.maxAgeMs };
    },
    claimRefresh(key) {
      const entry = mapFor(key).get(key);
      if (!entry) return true;
      if (entry.refreshingSince !== null && now() - entry.refreshingSince < REFRESH_TIMEOUT_MS) return false;
      entry.refreshingSince = now();
      return true;
    },
    store(key, page, renderedUnderVersion) {
      if (renderedUnderVersion !== version) return false;
      const map = mapFor(key);
      map.delete(key);
      map.set(key, { page, storedAt: now(), refreshingSince: null });
      while (map.size > limitFor(key)) {
        const leastRecent = map.keys().next().value;
        if (leastRecent === undefined) break;
        map.delete(leastRecent);
      }
      return true;
    },
    forget(key) {
      mapFor(key).delete(key);
    },
    beginRender(key) {
      let end = () => {};
      const underWay = new Promise<void>((resolve) => {
        end = resolve;
      });
      rendering.set(key, underWay);
      return () => {
        if (rendering.get(key) === underWay) rendering.delete(key);
        end();
      };
    },
    renderUnderWay(key) {
      return rendering.get(key);
    },
    get size() {
      return plain.size + withQuery.size;
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
  const pieces = (nonce ? html.split(nonce) : [html]).map((piece) => Buffer.from(piece, "utf8"));
  const nonceLength = Buffer.byteLength(nonce, "utf8");
  // Each piece may refer back to the text before it (DEFLATE's 32 KB window), as one stream would,
  // except to the nonce, which differs in every answer: the compressor sees zero bytes in its place,
  // which no HTML contains, so nothing it refers to overlaps a nonce.
  const nonceGap = Buffer.alloc(nonceLength);
  let history = Buffer.alloc(0);
  const deflatedPieces = pieces.map((piece, index) => {
    const options: zlib.ZlibOptions = { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH };
    if (index > 0) {
      history = Buffer.concat([history, nonceGap]).subarray(-WINDOW_BYTES);
      options.dictionary = history;
    }
    history = Buffer.concat([history, piece]).subarray(-WINDOW_BYTES);
    return zlib.deflateRawSync(piece, options);
  });
  const bytes = pieces.reduce((sum, piece, index) => sum + piece.length + deflatedPieces[index]!.length, 0);
  return { status, headers, pieces, deflatedPieces, nonceLength, firstPieceCrc: zlib.crc32(pieces[0]!), bytes };
}

const WINDOW_BYTES = 32 * 1024;

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
    crc = zlib.crc32(piece, zlib.crc32(separator, crc));
    length += separator.length + piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
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
