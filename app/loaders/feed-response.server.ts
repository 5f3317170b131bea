import { isNotModified } from "~/seo/conditional-get";
import type { FeedLookup } from "~/services/feed-cache.server";

/**
 * A feed's HTTP answer (docs/architecture.md#feeds): the feed with its validators and a Cache-Control
 * a CDN may follow (docs/deploy.md#what-a-cdn-may-cache), 304 for a copy that is still current, 404
 * for no such feed, and 503 with Retry-After when there is nothing good to send: never an empty feed
 * in place of one that failed.
 */

/** A CDN, feed reader or calendar app may keep a feed this long (seconds). */
export const FEED_MAX_AGE_S = 300;
/** When to ask again after a 503 (seconds). */
const RETRY_AFTER_S = 120;

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

export function feedResponse(request: Request, lookup: FeedLookup, notFoundText: string): Response {
  if (lookup.status === "not-found") return plain(404, notFoundText);
  if (lookup.status === "unavailable") {
    return plain(503, "This feed is unavailable for a moment. Please try again later.", {
      "Retry-After": String(RETRY_AFTER_S),
    });
  }
  const { feed } = lookup;
  const validators = {
    ETag: feed.etag,
    "Last-Modified": feed.lastModified.toUTCString(),
    "Cache-Control": `public, max-age=${FEED_MAX_AGE_S}`,
  };
  if ((request.method === "GET" || request.method === "HEAD") && isNotModified(request.headers, feed)) {
    return new Response(null, { status: 304, headers: validators });
  }
  return new Response(feed.body, { headers: { "Content-Type": feed.contentType, ...validators } });
}
