import { createHash } from "node:crypto";

/**
 * The rendered feeds (the blog's Atom feeds, the events calendar), kept like the page cache keeps pages
 * (docs/architecture.md#feeds), in a small cache of their own, since the page cache keeps only HTML:
 * - a feed is rendered once per content version and sent as it is for up to `maxAgeMs`; then the next
 *   request renders it again (so the content and events caches behind it are asked, and refresh);
 * - `purge()` (a publish, or a refresh of the content or events caches that brought something new)
 *   moves the version on: the next request renders every feed again;
 * - a render that fails leaves the kept copy, which is then sent instead, however old: a feed reader or
 *   calendar app is better served the last good copy than an error, and never an empty feed;
 * - each copy carries its validators: a strong hash of its bytes as a weak `ETag` (the same bytes on
 *   every instance give the same tag; weak, since compression changes the bytes on the wire) and, as
 *   `Last-Modified`, when this instance first rendered those bytes.
 * Feeds whose key a visitor chooses (a tag) are bounded with the rest: the least recently used goes.
 */

export interface RenderedFeed {
  body: string;
  contentType: string;
  etag: string;
  /** When this instance first rendered these bytes (whole seconds, as HTTP dates carry them). */
  lastModified: Date;
  /** How many items (posts, events) the feed's source listed: an empty answer after a full one is suspect. */
  items: number;
}

/** What a render gives: the feed, or null when there is no such feed (a tag without posts). */
export type Render = (
  previous: RenderedFeed | null,
) => Promise<{ body: string; contentType: string; items: number } | null>;

export type FeedLookup =
  { status: "ok"; feed: RenderedFeed; stale: boolean } | { status: "not-found" } | { status: "unavailable" };

export interface FeedCacheOptions {
  maxEntries: number;
  maxAgeMs: number;
  now?: () => number;
  log?: Pick<Console, "warn">;
}

interface Entry {
  feed: RenderedFeed;
  storedAt: number;
  version: number;
}

export type FeedCache = ReturnType<typeof createFeedCache>;

export function entityTag(body: string): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

export function createFeedCache({ maxEntries, maxAgeMs, now = Date.now, log = console }: FeedCacheOptions) {
  const entries = new Map<string, Entry>();
  /** Renders under way, with the version each began under. */
  const rendering = new Map<string, { answer: Promise<FeedLookup>; version: number }>();
  let version = 0;

  function keep(key: string, entry: Entry): void {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  }

  async function renderAndKeep(key: string, render: Render): Promise<FeedLookup> {
    const kept = entries.get(key) ?? null;
    const renderedUnder = version;
    try {
      const rendered = await render(kept?.feed ?? null);
      if (!rendered) {
        entries.delete(key);
        return { status: "not-found" };
      }
      const etag = entityTag(rendered.body);
      const at = now();
      const feed: RenderedFeed = {
        ...rendered,
        etag,
        lastModified: kept?.feed.etag === etag ? kept.feed.lastModified : new Date(Math.floor(at / 1000) * 1000),
      };
      // A purge while it rendered: keep it as the last good copy, but render again at the next request
      // (unless a render begun after the purge has kept its copy already).
      if ((entries.get(key)?.version ?? -1) <= renderedUnder) keep(key, { feed, storedAt: at, version: renderedUnder });
      return { status: "ok", feed, stale: false };
    } catch (error) {
      if (kept) {
        log.warn(
          `Rendering the feed ${key} failed; sending the copy rendered ${new Date(kept.storedAt).toISOString()}.`,
          error,
        );
        return { status: "ok", feed: kept.feed, stale: true };
      }
      log.warn(`Rendering the feed ${key} failed, and there is no earlier copy to send.`, error);
      return { status: "unavailable" };
    }
  }

  return {
    /** The feed for `key`: the kept copy while it is fresh, else rendered now (one render at a time per key). */
    get(key: string, render: Render): Promise<FeedLookup> {
      const kept = entries.get(key);
      if (kept) {
        keep(key, kept);
        if (kept.version === version && now() - kept.storedAt < maxAgeMs) {
          return Promise.resolve({ status: "ok", feed: kept.feed, stale: false });
        }
      }
      // A render that began before a purge may read what the purge replaced: such a one is not joined.
      const running = rendering.get(key);
      if (running?.version === version) return running.answer;
      const started = { answer: renderAndKeep(key, render), version };
      rendering.set(key, started);
      void started.answer.finally(() => {
        if (rendering.get(key) === started) rendering.delete(key);
      });
      return started.answer;
    },
    /** Every feed is rendered again at its next request; the kept copies stay as the last good ones. */
    purge(): void {
      version += 1;
    },
    /** Forgets every copy (the end-to-end tests' reset). */
    clear(): void {
      entries.clear();
      version += 1;
    },
    get size() {
      return entries.size;
    },
  };
}
