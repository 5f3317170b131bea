import { readdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { RequestHandler } from "express";

/** The encodings the build writes beside an asset (scripts/precompress-assets.ts), and their suffixes, best first. */
export const PRECOMPRESSED_ENCODINGS = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * How hard to compress, off the main thread:
 * - `smallest`: the smallest each encoder makes, for what is compressed once and sent many times (the
 *   build's assets, the pages everyone gets). Brotli's best took 150-190 ms of CPU for the 159 KB
 *   gallery page, eight times its render;
 * - `quick`: Brotli 5 and gzip 6, a tenth of a render (2-3 ms for that page) for 10 % more bytes: for
 *   what an address a visitor chooses makes (a page with a query string), so no request costs much
 *   more than the render it asked for (docs/architecture.md#the-page-cache).
 */
export type CompressionEffort = "smallest" | "quick";

const BROTLI_QUALITY: Record<CompressionEffort, number> = { smallest: zlib.constants.BROTLI_MAX_QUALITY, quick: 5 };
const GZIP_LEVEL: Record<CompressionEffort, number> = { smallest: zlib.constants.Z_BEST_COMPRESSION, quick: 6 };

export function compressOnce(
  encoding: "br" | "gzip",
  data: Buffer,
  effort: CompressionEffort = "smallest",
): Promise<Buffer> {
  if (encoding === "br") {
    return brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
  }
  return gzip(data, { level: GZIP_LEVEL[effort] });
}

/**
 * Serves an asset's precompressed file (`app.js.br`, `app.js.gz`, written by the build) to a client
 * that accepts its encoding, by pointing the request at it before `express.static` sees it; the
 * compression middleware leaves an answer that already has a Content-Encoding alone. Only the names
 * the folder held at start are served this way, so a request can name nothing else. Other requests
 * pass on unchanged (compressed per request, as before).
 */
export function precompressedAssets(directory: string): RequestHandler {
  const variants = new Map<string, Map<string, string>>();
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    names = [];
  }
  const present = new Set(names);
  for (const name of names) {
    for (const { encoding, suffix } of PRECOMPRESSED_ENCODINGS) {
      if (!present.has(name + suffix)) continue;
      if (!variants.has(name)) variants.set(name, new Map());
      variants.get(name)!.set(encoding, name + suffix);
    }
  }

  return (request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    const queryStart = request.url.indexOf("?");
    const pathname = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
    const available = variants.get(pathname.slice(1));
    if (!available) return next();
    // Caches keep one answer per Accept-Encoding, whichever this one is.
    response.vary("Accept-Encoding");
    const encoding = preferredEncoding(request.headers["accept-encoding"], [...available.keys()]);
    if (!encoding) return next();
    response.setHeader("Content-Encoding", encoding);
    response.type(path.extname(pathname));
    request.url = `/${available.get(encoding)}${queryStart === -1 ? "" : request.url.slice(queryStart)}`;
    next();
  };
}

/**
 * The encoding of `available` (in our order of preference) that the Accept-Encoding header rates
 * highest, or null. Browsers list gzip before br with the same weight: the tie goes to our order. No
 * header, or one naming none of them (nor `*`), gets the file itself.
 */
export function preferredEncoding(header: string | undefined, available: readonly string[]): string | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: string | null = null;
  let bestWeight = 0;
  for (const encoding of available) {
    const weight = weights.get(encoding) ?? weights.get("*") ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}
