/**
 * Content: what editors publish in Contentful, as the site reads it (docs/architecture.md#content-and-its-caches).
 *
 * - `liveContentConfig`, `createContentClient`, `assetUrlResolver` (client.server.ts): which space, and
 *   how asset addresses become the addresses pages use.
 * - `createContentService` (service.server.ts): everything pages show, by kind: the hub's own pages
 *   (site.server.ts: heroes, assets, site images and videos, legal texts), blog posts (posts.server.ts)
 *   and the community (community.server.ts: success stories, partners, gallery). Each reads through
 *   entries.server.ts (the entries query, skipping malformed entries) and the model in model.server.ts.
 * - `createContentCaches` (caches.server.ts): the two caches, the purge every publish goes through, and
 *   the snapshot of the last good content in DATA_DIR.
 * - `contentValueSchema` (values.server.ts): each kind of cached answer's key and schema, which type the
 *   loaders and check a snapshot before it is restored.
 * - `startPurgeBroadcast` (purge-broadcast.server.ts): purges shared by every instance through PostgreSQL.
 * - `checkContent` (check.server.ts): `npm run content:check`, a space against the model.
 *
 * HTTP around it lives in server/: the publish webhook (content-webhook.ts) and previews (preview.ts).
 */

export {
  type ContentCacheState,
  type ContentCaches,
  type ContentCachesOptions,
  createContentCaches,
  DEFAULT_SNAPSHOT_MAX_BYTES,
  type PurgeEvent,
  type PurgeScope,
} from "./caches.server";
export { type ContentModel, type ContentProblem, checkContent, formatProblems, type Severity } from "./check.server";
export { assetUrlResolver, type ContentConfig, createContentClient, liveContentConfig } from "./client.server";
export { GALLERY_PAGE_SIZE, PARTNERS_LIMIT, partnerSinceYear, SUCCESS_STORIES_LIMIT } from "./community.server";
export { normalizeContentError, type Showable } from "./entries.server";
export { type ContentQuery, SITE_IMAGE_TYPE } from "./model.server";
export { BLOG_PAGE_SIZE, LATEST_POSTS_LIMIT } from "./posts.server";
export {
  PURGE_CHANNEL,
  type PurgeBroadcast,
  type PurgeBroadcastState,
  startPurgeBroadcast,
} from "./purge-broadcast.server";
export {
  type ContentService,
  type ContentServiceOptions,
  contentKeysAffectedBy,
  createContentService,
} from "./service.server";
export { type ContentKind, type ContentValue, contentValueSchema } from "./values.server";
