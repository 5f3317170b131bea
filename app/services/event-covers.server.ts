import sharp from "sharp";

/**
 * Event covers in the size they are shown. The events service hands out one full-size file per
 * event; a phone showing it 380 px wide should not download all of it. The site fetches the cover
 * once, scales it to one of `eventCoverWidths` as WebP and keeps the result in memory.
 */

export interface EventCoverOptions {
  /** Where cover URLs point, as pages see them (EVENTS_PUBLIC_URL, or `/_demo/events` in demo mode). */
  publicUrl: string;
  /** Where the server itself fetches them from: the same base when live, the stand-in in demo mode. */
  sourceUrl: string;
  fetch?: typeof fetch;
  log?: Pick<Console, "warn">;
  timeoutMs?: number;
  /** A cover larger than this is not read (it is not a cover a page should show). */
  maxSourceBytes?: number;
  /** Scaled covers kept in memory, least recently used dropped first. */
  maxEntries?: number;
}

export type EventCoverService = ReturnType<typeof createEventCoverService>;

const MAX_REDIRECTS = 3;

export function createEventCoverService({
  publicUrl,
  sourceUrl,
  fetch: fetchImpl = fetch,
  log = console,
  timeoutMs = 8_000,
  maxSourceBytes = 10 * 1024 * 1024,
  maxEntries = 100,
}: EventCoverOptions) {
  const publicBase = publicUrl.replace(/\/+$/, "");
  const sourceBase = sourceUrl.replace(/\/+$/, "");
  const scaled = new Map<string, Promise<Buffer | null>>();

  function sourceOf(coverUrl: string): string {
    return coverUrl.startsWith(`${publicBase}/`) ? `${sourceBase}${coverUrl.slice(publicBase.length)}` : coverUrl;
  }

  /** Follows at most a few redirects, and only on the cover's own host: never to another one. */
  async function fetchCover(url: string): Promise<Response | null> {
    let target = new URL(url);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const response = await fetchImpl(target, { redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) return response;
      await response.body?.cancel();
      const next = new URL(location, target);
      if (next.host !== target.host || !/^https?:$/.test(next.protocol)) {
        log.warn(`An event cover redirected to another host (${next.host}); not followed.`);
        return null;
      }
      target = next;
    }
    log.warn("An event cover redirected too many times; not followed.");
    return null;
  }

  async function download(url: string): Promise<Buffer | null> {
    let response: Response | null;
    try {
      response = await fetchCover(url);
    } catch (error) {
      log.warn(`An event cover could not be fetched (${error instanceof Error ? error.name : "unknown error"}).`);
      return null;
    }
    if (!response) return null;
    if (!response.ok || !response.body) {
      log.warn(`An event cover answered ${response.status}.`);
      await response.body?.cancel();
      return null;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > maxSourceBytes) {
        log.warn(`An event cover is larger than ${maxSourceBytes} bytes; it is not scaled.`);
        return null;
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }

  async function scale(coverUrl: string, width: number): Promise<Buffer | null> {
    const original = await download(sourceOf(coverUrl));
    if (!original) return null;
    try {
      return await sharp(original, { limitInputPixels: 50_000_000 })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 70 })
        .toBuffer();
    } catch {
      log.warn("An event cover is not an image that can be scaled.");
      return null;
    }
  }

  return {
    /** The cover at `width` pixels (never wider than the original) as WebP, or null when it cannot be had. */
    scaled(coverUrl: string, width: number): Promise<Buffer | null> {
      const key = `${width} ${coverUrl}`;
      const kept = scaled.get(key);
      if (kept) {
        scaled.delete(key);
        scaled.set(key, kept);
        return kept;
      }
      const result = scale(coverUrl, width).then((image) => {
        // A failure is not kept: the next visitor tries again.
        if (!image && scaled.get(key) === result) scaled.delete(key);
        return image;
      });
      scaled.set(key, result);
      if (scaled.size > maxEntries) scaled.delete(scaled.keys().next().value!);
      return result;
    },

    /** Forgets every scaled cover (the end-to-end tests' reset). */
    clear(): void {
      scaled.clear();
    },
  };
}
