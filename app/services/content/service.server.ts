import type { Cache } from "../cache.server";
import { communityContent } from "./community.server";
import { createEntryReader, type EntryReaderOptions } from "./entries.server";
import { SITE_IMAGE_TYPE } from "./model.server";
import { blogPostContent } from "./posts.server";
import { siteContent } from "./site.server";
import { contentCacheKey, type ContentKind, type ContentValue } from "./values.server";

/** Content from Contentful's Delivery API, as pages use it (docs/architecture.md#content-and-its-caches). */

export interface ContentServiceOptions {
  client: EntryReaderOptions["client"];
  contentSiteId: string;
  /** Turns an asset's file URL into the URL pages use (see `assetUrlResolver`). */
  assetUrl: (fileUrl: string) => string;
  /** The site's own content: heroes, partners, stories, the latest posts. */
  cache: Cache;
  /** Answers to queries whose keys come from the address (a post slug, a tag, a gallery page). */
  lookupCache: Cache;
  log?: Pick<Console, "warn" | "error">;
}

export type ContentService = ReturnType<typeof createContentService>;

export function createContentService({
  client,
  contentSiteId,
  assetUrl,
  cache,
  lookupCache,
  log = console,
}: ContentServiceOptions) {
  const reader = createEntryReader({ client, assetUrl, log });
  const through =
    (store: Cache) =>
    <Kind extends ContentKind>(kind: Kind, id: string | null, load: () => Promise<ContentValue<Kind>>) =>
      store.get(contentCacheKey(kind, id), load);
  const source = { reader, cached: through(cache), lookedUp: through(lookupCache), contentSiteId, log };
  return {
    /** The generic entries query; a content type is required. */
    getEntries: reader.getEntries,
    ...siteContent(source),
    ...blogPostContent(source),
    ...communityContent(source),
  };
}

/**
 * Which of the content service's cache keys a change to one content type affects (for the publish
 * webhook's purge). Assets, and any type not listed, can appear anywhere: everything.
 */
export function contentKeysAffectedBy(contentType: string): ((key: string) => boolean) | "all" {
  const prefixes = CACHE_PREFIXES_BY_TYPE[contentType];
  if (!prefixes) return "all";
  return (key) => prefixes.some((prefix) => key.startsWith(prefix));
}

const CACHE_PREFIXES_BY_TYPE: Record<string, string[]> = {
  blogPost: ["content:posts:", "content:post-list:", "content:post:"],
  successStory: ["content:stories:"],
  partners: ["content:partners"],
  galleryImage: ["content:gallery:"],
  PageHero: ["content:hero:"],
  [SITE_IMAGE_TYPE]: ["content:site-images"],
  siteVideo: ["content:site-videos"],
  legalText: ["content:legal:"],
};
