import { BLOCKS, type Document } from "@contentful/rich-text-types";
import { z } from "zod";

/**
 * What the content caches hold, kind by kind: the key each kind of answer is cached under and the
 * schema of its value. The content service's loaders are typed by these schemas (a loader of a kind
 * must return what its schema describes), and a snapshot's values are checked with the same schemas
 * before they are restored (see caches.server.ts): a value that does not fit is never served.
 */

const imageAsset = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string(),
  description: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  contentType: z.string(),
});

const richText = z.custom<Document>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    (value as { nodeType?: unknown }).nodeType === BLOCKS.DOCUMENT &&
    Array.isArray((value as { content?: unknown }).content),
  "a rich-text document",
);

const blogPost = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  publishDate: z.string(),
  author: z.string(),
  excerpt: z.string(),
  content: richText.nullable(),
  featuredImage: imageAsset.nullable(),
  videoUrl: z.string().nullable(),
  tags: z.array(z.string()),
  featured: z.boolean(),
});

const blogPostSummary = z.object({
  slug: z.string(),
  publishDate: z.string(),
  updatedAt: z.string().nullable(),
  tags: z.array(z.string()),
});

const successStory = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  image: imageAsset.nullable(),
  videoUrl: z.string().nullable(),
  quote: z.string(),
  authorName: z.string(),
  authorRole: z.string(),
  companyName: z.string(),
  benefits: z.array(z.string()),
  pageSlugs: z.array(z.string()),
});

const partner = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  description: z.string(),
  longDescription: z.string(),
  logo: imageAsset.nullable(),
  website: z.string().nullable(),
  location: z.string(),
  partnerSince: z.number().nullable(),
  benefits: z.array(z.string()),
  initiatives: z.array(z.string()),
  featured: z.boolean(),
  order: z.number().nullable(),
});

const galleryImage = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  image: imageAsset,
  tags: z.array(z.string()),
});

const legalDocument = z.object({
  dateLine: z.string(),
  introduction: z.string(),
  sections: z.array(
    z.object({
      heading: z.string(),
      blocks: z.array(
        z.union([
          z.object({ paragraph: z.string() }),
          z.object({ list: z.array(z.string()), ordered: z.boolean().optional() }),
          z.object({ subheading: z.string() }),
        ]),
      ),
    }),
  ),
});

/** One page of a list read a page at a time: the items that could be read, and the service's counts. */
const fetchedPage = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), received: z.number(), total: z.number() });

/**
 * Every kind of cached answer. `key` is the start of its cache key after `content:` (the whole key for
 * a kind without an id); the purges of the publish webhook go by the same keys (`contentKeysAffectedBy`).
 */
export const contentValues = {
  hero: {
    key: "hero:",
    schema: z.object({
      site: z.string(),
      backgroundUrl: z.string(),
      background: imageAsset.nullable(),
      status: z.enum(["ok", "error"]),
    }),
  },
  asset: { key: "asset:", schema: imageAsset.nullable() },
  siteImages: { key: "site-images", schema: z.record(z.string(), imageAsset) },
  siteVideos: { key: "site-videos", schema: z.record(z.string(), z.string().nullable()) },
  legalText: { key: "legal:", schema: legalDocument.nullable() },
  postIndex: { key: "posts:index", schema: z.array(blogPostSummary) },
  latestPosts: { key: "posts:latest", schema: z.array(blogPost) },
  posts: { key: "posts:", schema: z.array(blogPost) },
  postListPage: { key: "post-list:", schema: fetchedPage(blogPost) },
  post: { key: "post:", schema: z.array(blogPost) },
  stories: { key: "stories:", schema: z.array(successStory) },
  partners: { key: "partners", schema: z.array(partner) },
  galleryPage: { key: "gallery:", schema: fetchedPage(galleryImage) },
} as const satisfies Record<string, { key: string; schema: z.ZodType }>;

export type ContentKind = keyof typeof contentValues;
export type ContentValue<Kind extends ContentKind> = z.output<(typeof contentValues)[Kind]["schema"]>;

/** The cache key of one answer: `content:` + the kind's key + the id (none for a kind without one). */
export function contentCacheKey(kind: ContentKind, id: string | null = null): string {
  return `content:${contentValues[kind].key}${id ?? ""}`;
}

/** The schema of the value cached under `key`, or null for a key no kind has (not this site's). */
export function contentValueSchema(key: string): z.ZodType | null {
  if (!key.startsWith("content:")) return null;
  const rest = key.slice("content:".length);
  const kinds = Object.values(contentValues);
  // A whole key first ("posts:index"), then the longest start ("post-list:" rather than "post").
  const exact = kinds.find((kind) => !kind.key.endsWith(":") && kind.key === rest);
  if (exact) return exact.schema;
  const byStart = kinds
    .filter((kind) => kind.key.endsWith(":") && rest.startsWith(kind.key))
    .sort((a, b) => b.key.length - a.key.length)[0];
  return byStart?.schema ?? null;
}
