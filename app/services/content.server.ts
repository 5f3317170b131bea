import { BLOCKS, type Document, INLINES } from "@contentful/rich-text-types";
import {
  type ContentfulClientApi,
  createClient,
  type EntriesQueries,
  type EntryFieldTypes,
  type EntrySkeletonType,
} from "contentful";
import { z } from "zod";
import type {
  BlogPost,
  BlogPostSummary,
  GalleryImage,
  ImageAsset,
  PageHeroContent,
  Partner,
  SuccessStory,
} from "~/lib/cms-types";
import type { LegalDocument } from "~/content/legal";
import { absoluteAssetUrl } from "~/lib/images";
import { legalDocumentFromRichText } from "~/lib/legal-text";
import { websiteUrl } from "~/lib/website-url";
import type { Cache } from "./cache.server";
import { contentfulPreviewHost, type Env } from "./env.server";
import { blogPostPath } from "~/lib/blog-paths";

/** Content from the hosted content service (Contentful's Delivery API), SPEC.md section 7. */

export interface ContentConfig {
  spaceId: string;
  accessToken: string;
  environment: string;
  /** Host and optional port, without a scheme (the SDK ignores a value with one). */
  host: string;
  /** Plain http, for a local or test stand-in. */
  insecure: boolean;
  /** The hub's own identifier in `PageHero.site`. */
  contentSiteId: string;
  /**
   * Where this site serves the service's asset files itself (the demo stand-in's, under `/_demo/...`),
   * or null to link to the service's own asset host.
   */
  publicAssetPath: string | null;
  /** The Content Preview API (drafts included), or null when previews are off. */
  preview: { accessToken: string; host: string } | null;
}

/** The configured (live) Contentful space, or null when the environment names none. */
export function liveContentConfig(env: Env): ContentConfig | null {
  if (!env.CONTENTFUL_SPACE_ID || !env.CONTENTFUL_ACCESS_TOKEN) return null;
  return {
    spaceId: env.CONTENTFUL_SPACE_ID,
    accessToken: env.CONTENTFUL_ACCESS_TOKEN,
    environment: env.CONTENTFUL_ENVIRONMENT,
    host: env.CONTENTFUL_HOST,
    insecure: env.CONTENTFUL_INSECURE,
    contentSiteId: env.CONTENT_SITE_ID,
    publicAssetPath: null,
    preview: env.CONTENTFUL_PREVIEW_TOKEN
      ? { accessToken: env.CONTENTFUL_PREVIEW_TOKEN, host: contentfulPreviewHost(env) }
      : null,
  };
}

/** How asset file URLs (protocol-relative, `//host/space/...`) become the URLs pages link to. */
export function assetUrlResolver({
  insecure,
  publicAssetPath,
}: Pick<ContentConfig, "insecure" | "publicAssetPath">): (fileUrl: string) => string {
  if (publicAssetPath) return (fileUrl) => fileUrl.replace(/^(https?:)?\/\/[^/]+/, publicAssetPath);
  return (fileUrl) => absoluteAssetUrl(fileUrl, insecure ? "http:" : "https:");
}

export const BLOG_PAGE_SIZE = 6;
export const LATEST_POSTS_LIMIT = 10;
export const GALLERY_PAGE_SIZE = 12;
export const PARTNERS_LIMIT = 100;
export const SUCCESS_STORIES_LIMIT = 2;
const INDEX_PAGE_SIZE = 1_000;

/** Items a list can show, and whether asking for more would show at least one more. */
export interface Showable<T> {
  items: T[];
  hasMore: boolean;
}

interface FetchedPage<T> {
  /** The entries of the page that could be read. */
  items: T[];
  /** How many entries the service sent (malformed ones included). */
  received: number;
  total: number;
}

/**
 * Reads fixed-size pages (so each is cached on its own) until it has one more showable item than
 * `count`, or the service has no more: a "Load More" is offered only when it would add something.
 */
async function collectShowable<T>(
  count: number,
  pageSize: number,
  fetchPage: (skip: number) => Promise<FetchedPage<T>>,
): Promise<Showable<T>> {
  const collected: T[] = [];
  for (let skip = 0; collected.length <= count; skip += pageSize) {
    const page = await fetchPage(skip);
    collected.push(...page.items);
    if (page.received < pageSize || skip + page.received >= page.total) break;
  }
  return { items: collected.slice(0, count), hasMore: collected.length > count };
}

// Entry skeletons: the content types as the SDK sees them (field ids exactly as in the space).
type AssetLink = EntryFieldTypes.AssetLink;
type SymbolList = EntryFieldTypes.Array<EntryFieldTypes.Symbol>;

export type BlogPostSkeleton = EntrySkeletonType<
  {
    title: EntryFieldTypes.Symbol;
    slug: EntryFieldTypes.Symbol;
    publishDate: EntryFieldTypes.Date;
    author: EntryFieldTypes.Symbol;
    excerpt: EntryFieldTypes.Text;
    content: EntryFieldTypes.RichText;
    featuredImage: AssetLink;
    videoURL: EntryFieldTypes.Symbol;
    videoUrl: EntryFieldTypes.Symbol;
    tags: SymbolList;
    featured: EntryFieldTypes.Boolean;
  },
  "blogPost"
>;

export type SuccessStorySkeleton = EntrySkeletonType<
  {
    title: EntryFieldTypes.Symbol;
    description: EntryFieldTypes.Text;
    featuredImage: AssetLink;
    videoURL: EntryFieldTypes.Symbol;
    quote: EntryFieldTypes.Text;
    authorName: EntryFieldTypes.Symbol;
    authorRole: EntryFieldTypes.Symbol;
    companyName: EntryFieldTypes.Symbol;
    benefits: SymbolList;
    pageSlugs: SymbolList;
  },
  "successStory"
>;

export type PartnerSkeleton = EntrySkeletonType<
  {
    name: EntryFieldTypes.Symbol;
    type: EntryFieldTypes.Symbol;
    description: EntryFieldTypes.Text;
    longDescription: EntryFieldTypes.Text;
    logo: AssetLink;
    website: EntryFieldTypes.Symbol;
    location: EntryFieldTypes.Symbol;
    partnerSince: EntryFieldTypes.Symbol;
    benefits: SymbolList;
    initiatives: SymbolList;
    featured: EntryFieldTypes.Boolean;
    order: EntryFieldTypes.Integer;
  },
  "partners"
>;

export type GalleryImageSkeleton = EntrySkeletonType<
  {
    title: EntryFieldTypes.Symbol;
    description: EntryFieldTypes.Text;
    image: AssetLink;
    tags: SymbolList;
  },
  "galleryImage"
>;

export type PageHeroSkeleton = EntrySkeletonType<
  {
    slug: EntryFieldTypes.Symbol;
    site: EntryFieldTypes.Symbol;
    backgroundImage: AssetLink;
  },
  "PageHero"
>;

type AnySkeleton = BlogPostSkeleton | SuccessStorySkeleton | PartnerSkeleton | GalleryImageSkeleton | PageHeroSkeleton;

export type ContentQuery<Skeleton extends EntrySkeletonType = AnySkeleton> = EntriesQueries<Skeleton, undefined>;

/** A client of the Delivery API, or with `api: "preview"` of the Preview API (drafts included). */
export function createContentClient(
  config: ContentConfig,
  api: "delivery" | "preview" = "delivery",
): ContentfulClientApi<undefined> {
  const preview = api === "preview" ? config.preview : null;
  if (api === "preview" && !preview) throw new Error("Previews are not configured (CONTENTFUL_PREVIEW_TOKEN)");
  return createClient({
    space: config.spaceId,
    accessToken: preview?.accessToken ?? config.accessToken,
    environment: config.environment,
    host: preview?.host ?? config.host,
    insecure: config.insecure,
    timeout: 30_000,
    retryLimit: 5,
  });
}

// Runtime shapes: what the service accepts from the content service. Anything else is dropped with a
// warning, so one malformed entry never takes a page down.
const text = z.string().catch("");
const optionalText = z.string().optional().catch(undefined);
const textList = z.array(z.string()).catch([]);

const assetSchema = z.object({
  sys: z.object({ id: z.string(), type: z.literal("Asset") }),
  fields: z.object({
    title: optionalText,
    description: optionalText,
    file: z.object({
      url: z.string().min(1),
      contentType: z.string().catch("application/octet-stream"),
      details: z.object({ image: z.object({ width: z.number(), height: z.number() }).optional() }).catch({}),
    }),
  }),
});

const entrySchema = <Fields extends z.ZodRawShape>(fields: Fields) =>
  z.object({ sys: z.object({ id: z.string(), createdAt: z.string().optional() }), fields: z.object(fields) });

const linkedAsset = z.unknown().optional();

const blogPostSchema = entrySchema({
  title: z.string().min(1),
  slug: z.string().min(1),
  publishDate: z.string().min(1),
  author: text,
  excerpt: text,
  content: z.unknown().optional(),
  featuredImage: linkedAsset,
  videoURL: optionalText,
  videoUrl: optionalText,
  tags: textList,
  featured: z.boolean().catch(false),
});

const blogPostSummarySchema = z.object({
  sys: z.object({ id: z.string(), updatedAt: z.string().optional() }),
  fields: z.object({ slug: z.string().min(1), publishDate: z.string().min(1), tags: textList.optional() }),
});

const successStorySchema = entrySchema({
  title: z.string().min(1),
  description: text,
  featuredImage: linkedAsset,
  videoURL: optionalText,
  quote: text,
  authorName: text,
  authorRole: text,
  companyName: text,
  benefits: textList,
  pageSlugs: textList,
});

const partnerSchema = entrySchema({
  name: z.string().min(1),
  type: text,
  description: text,
  longDescription: text,
  logo: linkedAsset,
  website: optionalText,
  location: text,
  partnerSince: z.union([z.number(), z.string()]).optional().catch(undefined),
  benefits: textList,
  initiatives: textList,
  featured: z.boolean().catch(false),
  order: z.number().optional().catch(undefined),
});

const galleryImageSchema = entrySchema({
  title: text,
  description: text,
  image: z.unknown(),
  tags: textList,
});

const pageHeroSchema = entrySchema({
  slug: z.string(),
  site: z.string().optional().catch(undefined),
  backgroundImage: linkedAsset,
});

const siteImageSchema = entrySchema({
  key: z.string().min(1),
  site: z.string().optional().catch(undefined),
  image: z.unknown(),
});

const collectionSchema = z.object({ items: z.array(z.unknown()), total: z.number().int().nonnegative() });

/** The year a partnership began, from a year number or a date string. */
export function partnerSinceYear(value: number | string | undefined): number | null {
  if (typeof value === "number") return Number.isInteger(value) ? value : null;
  const year = value?.match(/^\s*(\d{4})/)?.[1];
  return year ? Number(year) : null;
}

export function normalizeContentError(error: unknown): Error {
  return error instanceof Error ? error : new Error("Failed to fetch entries");
}

export interface ContentServiceOptions {
  client: Pick<ContentfulClientApi<undefined>, "getEntries" | "getAsset">;
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
  function toImageAsset(value: unknown): ImageAsset | null {
    const parsed = assetSchema.safeParse(value);
    if (!parsed.success) return null;
    const { sys, fields } = parsed.data;
    return {
      id: sys.id,
      url: assetUrl(fields.file.url),
      title: fields.title ?? "",
      description: fields.description ?? "",
      width: fields.file.details.image?.width ?? null,
      height: fields.file.details.image?.height ?? null,
      contentType: fields.file.contentType,
    };
  }

  /**
   * Keeps rich text as it is, but reduces every link to what a page needs: embedded assets to images
   * with page URLs, links to posts to their address, and other embedded entries to nothing a page
   * could show (the renderer skips them). The SDK's resolved entries never reach a page.
   */
  function normalizeRichText(value: unknown): Document | null {
    if (!value || typeof value !== "object" || (value as { nodeType?: unknown }).nodeType !== BLOCKS.DOCUMENT) {
      return null;
    }
    const visit = (node: unknown): unknown => {
      if (!node || typeof node !== "object") return node;
      const record = node as { nodeType?: string; data?: Record<string, unknown>; content?: unknown[] };
      const content = Array.isArray(record.content) ? record.content.map(visit) : record.content;
      switch (record.nodeType) {
        case BLOCKS.EMBEDDED_ASSET:
          return { ...record, data: { target: toImageAsset(record.data?.target) } };
        case INLINES.ENTRY_HYPERLINK:
          return { ...record, content, data: { target: null, href: postHref(record.data?.target) } };
        case BLOCKS.EMBEDDED_ENTRY:
        case INLINES.EMBEDDED_ENTRY:
        case BLOCKS.EMBEDDED_RESOURCE:
        case INLINES.EMBEDDED_RESOURCE:
        case INLINES.RESOURCE_HYPERLINK:
        case INLINES.ASSET_HYPERLINK:
          return { ...record, content, data: { target: null } };
        default:
          return { ...record, content };
      }
    };
    return visit(value) as Document;
  }

  function parseItems<T, Shape extends z.ZodType>(
    items: unknown[],
    schema: Shape,
    contentType: string,
    map: (entry: z.infer<Shape>) => T | null,
  ): T[] {
    const results: T[] = [];
    for (const item of items) {
      const parsed = schema.safeParse(item);
      const mapped = parsed.success ? map(parsed.data) : null;
      if (mapped) results.push(mapped);
      else log.warn(`Skipping a malformed ${contentType} entry`, describeInvalid(item, parsed.error));
    }
    return results;
  }

  async function getEntries(query: Record<string, unknown>): Promise<{ items: unknown[]; total: number }> {
    if (!query.content_type) throw new Error("Content type is required for Contentful queries");
    try {
      const response = await client.getEntries(query as ContentQuery);
      const parsed = collectionSchema.safeParse(response);
      if (!parsed.success) throw new Error("The content service answered with an unexpected shape");
      return parsed.data;
    } catch (error) {
      throw normalizeContentError(error);
    }
  }

  /**
   * A video address as pages use it: a file on the content service's own asset hosts (an uploaded
   * video's address, pasted into a URL field) is served like any asset; other addresses are kept.
   */
  function videoAddress(value: string | undefined): string | null {
    const address = value?.trim();
    if (!address) return null;
    return CONTENT_HOSTED_FILE.test(address) ? assetUrl(address) : address;
  }

  const cached = <T>(key: string, load: () => Promise<T>) => cache.get(`content:${key}`, load);
  const lookedUp = <T>(key: string, load: () => Promise<T>) => lookupCache.get(`content:${key}`, load);

  const toBlogPost = (entry: z.infer<typeof blogPostSchema>): BlogPost => ({
    id: entry.sys.id,
    title: entry.fields.title,
    slug: entry.fields.slug,
    publishDate: entry.fields.publishDate,
    author: entry.fields.author,
    excerpt: entry.fields.excerpt,
    content: normalizeRichText(entry.fields.content),
    featuredImage: toImageAsset(entry.fields.featuredImage),
    videoUrl: videoAddress(entry.fields.videoURL ?? entry.fields.videoUrl),
    tags: entry.fields.tags,
    featured: entry.fields.featured,
  });

  const toBlogPostSummary = (entry: z.infer<typeof blogPostSummarySchema>): BlogPostSummary => ({
    slug: entry.fields.slug,
    publishDate: entry.fields.publishDate,
    updatedAt: entry.sys.updatedAt ?? null,
    tags: entry.fields.tags ?? [],
  });

  const toSuccessStory = (entry: z.infer<typeof successStorySchema>): SuccessStory => ({
    id: entry.sys.id,
    title: entry.fields.title,
    description: entry.fields.description,
    image: toImageAsset(entry.fields.featuredImage),
    videoUrl: videoAddress(entry.fields.videoURL),
    quote: entry.fields.quote,
    authorName: entry.fields.authorName,
    authorRole: entry.fields.authorRole,
    companyName: entry.fields.companyName,
    benefits: entry.fields.benefits,
    pageSlugs: entry.fields.pageSlugs,
  });

  const toPartner = (entry: z.infer<typeof partnerSchema>): Partner => ({
    id: entry.sys.id,
    name: entry.fields.name,
    type: entry.fields.type,
    description: entry.fields.description,
    longDescription: entry.fields.longDescription,
    logo: toImageAsset(entry.fields.logo),
    website: websiteUrl(entry.fields.website),
    location: entry.fields.location,
    partnerSince: partnerSinceYear(entry.fields.partnerSince),
    benefits: entry.fields.benefits,
    initiatives: entry.fields.initiatives,
    featured: entry.fields.featured,
    order: entry.fields.order ?? null,
  });

  const toGalleryImage = (entry: z.infer<typeof galleryImageSchema>): GalleryImage | null => {
    const image = toImageAsset(entry.fields.image);
    if (!image) return null;
    return {
      id: entry.sys.id,
      title: entry.fields.title || image.title,
      description: entry.fields.description || image.description,
      image,
      tags: entry.fields.tags,
    };
  };

  async function queryBlogPosts(query: Record<string, unknown>): Promise<BlogPost[]> {
    const { items } = await getEntries({ content_type: "blogPost", order: ["-fields.publishDate"], ...query });
    return parseItems(items, blogPostSchema, "blogPost", toBlogPost);
  }

  return {
    /** The generic entries query (SPEC.md section 7); a content type is required. */
    getEntries,

    /**
     * The background of a page's hero. Never throws: on failure the hero shows its fallback image,
     * so the error is logged and the hero reports `status: "error"`.
     */
    async getPageHero(slug: string): Promise<PageHeroContent> {
      try {
        return await cached(`hero:${slug}`, async (): Promise<PageHeroContent> => {
          const { items } = await getEntries({
            content_type: "PageHero",
            "fields.slug": slug,
            "fields.site": contentSiteId,
            limit: 1,
            include: 1,
          });
          const [hero] = parseItems(items, pageHeroSchema, "PageHero", (entry) => entry);
          const background = toImageAsset(hero?.fields.backgroundImage);
          return {
            site: hero?.fields.site ?? contentSiteId,
            backgroundUrl: background?.url ?? "",
            background,
            status: "ok",
          };
        });
      } catch (error) {
        log.error("Error loading page hero:", error);
        return {
          site: contentSiteId,
          backgroundUrl: "",
          background: null,
          status: "error",
        };
      }
    },

    getBlogPosts({
      limit = BLOG_PAGE_SIZE,
      skip = 0,
      tag,
      featured,
    }: { limit?: number; skip?: number; tag?: string; featured?: boolean } = {}): Promise<BlogPost[]> {
      const query: Record<string, unknown> = { limit, skip, include: 2 };
      if (tag) query["fields.tags[in]"] = tag;
      if (featured !== undefined) query["fields.featured"] = featured;
      return lookedUp(`posts:${JSON.stringify(query)}`, () => queryBlogPosts(query));
    },

    /**
     * The newest `count` posts (optionally with a tag) for the blog list, and whether showing more
     * would add at least one post.
     */
    getBlogPostList({ count, tag }: { count: number; tag?: string }): Promise<Showable<BlogPost>> {
      return collectShowable(count, BLOG_PAGE_SIZE, (skip) => {
        const query: Record<string, unknown> = {
          content_type: "blogPost",
          order: ["-fields.publishDate"],
          limit: BLOG_PAGE_SIZE,
          skip,
          include: 2,
        };
        if (tag) query["fields.tags[in]"] = tag;
        return lookedUp(`post-list:${JSON.stringify(query)}`, async () => {
          const { items, total } = await getEntries(query);
          return { items: parseItems(items, blogPostSchema, "blogPost", toBlogPost), received: items.length, total };
        });
      });
    },

    /** Every post's address, date and tags, for the sitemap. */
    getBlogPostIndex(): Promise<BlogPostSummary[]> {
      return cached("posts:index", async () => {
        const posts: BlogPostSummary[] = [];
        for (let skip = 0; ; skip += INDEX_PAGE_SIZE) {
          const { items, total } = await getEntries({
            content_type: "blogPost",
            order: ["-fields.publishDate"],
            select: ["sys.id", "sys.updatedAt", "fields.slug", "fields.publishDate", "fields.tags"],
            limit: INDEX_PAGE_SIZE,
            skip,
          });
          posts.push(...parseItems(items, blogPostSummarySchema, "blogPost", toBlogPostSummary));
          if (items.length === 0 || skip + items.length >= total) return posts;
        }
      });
    },

    async getBlogPostBySlug(slug: string): Promise<BlogPost | null> {
      const posts = await lookedUp(`post:${slug}`, () => queryBlogPosts({ "fields.slug": slug, limit: 1, include: 2 }));
      return posts[0] ?? null;
    },

    getLatestBlogPosts(): Promise<BlogPost[]> {
      return cached("posts:latest", () => queryBlogPosts({ limit: LATEST_POSTS_LIMIT, include: 2 }));
    },

    getSuccessStories(pageSlug: string, limit = SUCCESS_STORIES_LIMIT): Promise<SuccessStory[]> {
      return cached(`stories:${pageSlug}:${limit}`, async () => {
        const { items } = await getEntries({
          content_type: "successStory",
          "fields.pageSlugs[in]": pageSlug,
          order: ["-sys.createdAt"],
          limit,
          include: 1,
        });
        return parseItems(items, successStorySchema, "successStory", toSuccessStory);
      });
    },

    getPartners(): Promise<Partner[]> {
      return cached("partners", async () => {
        const { items } = await getEntries({
          content_type: "partners",
          order: ["fields.order", "fields.name"],
          limit: PARTNERS_LIMIT,
          include: 1,
        });
        return parseItems(items, partnerSchema, "partners", toPartner);
      });
    },

    /**
     * The newest `count` gallery images with any of the tags (all images when none), and whether
     * showing more would add at least one image. Malformed entries are skipped, never counted.
     */
    getGalleryImages({ count, tags = [] }: { count: number; tags?: string[] }): Promise<Showable<GalleryImage>> {
      return collectShowable(count, GALLERY_PAGE_SIZE, (skip) => {
        const query: Record<string, unknown> = {
          content_type: "galleryImage",
          order: ["-sys.createdAt"],
          limit: GALLERY_PAGE_SIZE,
          skip,
          include: 1,
        };
        if (tags.length > 0) query["fields.tags[in]"] = tags.join(",");
        return lookedUp(`gallery:${JSON.stringify(query)}`, async () => {
          const { items, total } = await getEntries(query);
          return {
            items: parseItems(items, galleryImageSchema, "galleryImage", toGalleryImage),
            received: items.length,
            total,
          };
        });
      });
    },

    /** An asset by id, or null when the space has none with that id (cached like any answer). */
    getAsset(id: string): Promise<ImageAsset | null> {
      return cached(`asset:${id}`, async () => {
        try {
          return toImageAsset(await client.getAsset(id));
        } catch (error) {
          if (isContentError(error, "NotFound")) return null;
          throw normalizeContentError(error);
        }
      });
    },

    /**
     * The site's images that editors choose (benefit photos, the home page's Think Lounge picture):
     * `siteImage` entries of this site, by `key`. A space without that content type has none.
     */
    getSiteImages(): Promise<Record<string, ImageAsset>> {
      return cached("site-images", async () => {
        let items: unknown[];
        try {
          ({ items } = await getEntries({
            content_type: SITE_IMAGE_TYPE,
            "fields.site": contentSiteId,
            limit: SITE_IMAGES_LIMIT,
            include: 1,
          }));
        } catch (error) {
          if (isContentError(error, "InvalidQuery", "unknownContentType")) return {};
          throw error;
        }
        const images: Record<string, ImageAsset> = {};
        for (const entry of parseItems(items, siteImageSchema, SITE_IMAGE_TYPE, (entry) => entry)) {
          const image = toImageAsset(entry.fields.image);
          if (image && !(entry.fields.key in images)) images[entry.fields.key] = image;
        }
        return images;
      });
    },

    // Site videos (beyond SPEC.md): the video tours' addresses, editable in the content service.

    /**
     * The addresses of the site's video tours, by key (`siteVideo` entries): an uploaded video file
     * wins over a pasted address; an entry with neither gives null (the tour shows its poster without
     * Play). A key without an entry is absent, and the page uses its built-in address.
     */
    getSiteVideos(): Promise<Record<string, string | null>> {
      return cached("site-videos", async () => {
        let items: unknown[];
        try {
          ({ items } = await getEntries({ content_type: "siteVideo", limit: SITE_VIDEOS_LIMIT, include: 1 }));
        } catch (error) {
          // A space without the type: every tour keeps its built-in address.
          if (isContentError(error, "InvalidQuery", "unknownContentType")) return {};
          throw error;
        }
        const videos: Record<string, string | null> = {};
        for (const entry of parseItems(items, siteVideoSchema, "siteVideo", (found) => found)) {
          const file = toImageAsset(entry.fields.video);
          const uploaded = file?.contentType.startsWith("video/") ? file.url : null;
          videos[entry.fields.key] = uploaded ?? videoAddress(entry.fields.videoUrl);
        }
        return videos;
      });
    },

    // Legal texts (beyond SPEC.md): the Terms and the Privacy Policy, owned by the hub's editors.

    /** The legal text for a page (`legalText` entry with this slug), or null when there is none or it has no body. */
    getLegalText(slug: string): Promise<LegalDocument | null> {
      return cached(`legal:${slug}`, async () => {
        let items: unknown[];
        try {
          ({ items } = await getEntries({ content_type: "legalText", "fields.slug": slug, limit: 1 }));
        } catch (error) {
          // A space without the type: the built-in text.
          if (isContentError(error, "InvalidQuery", "unknownContentType")) return null;
          throw error;
        }
        const [entry] = parseItems(items, legalTextSchema, "legalText", (found) => found);
        if (!entry) return null;
        const document = legalDocumentFromRichText({
          dateLine: entry.fields.dateLine,
          introduction: entry.fields.introduction,
          body: normalizeRichText(entry.fields.body),
        });
        if (document.sections.length > 0) return document;
        // A page of legal text with no text is worse than the built-in one.
        log.warn(`The ${slug} legal text has no body; showing the built-in one.`, { id: entry.sys.id });
        return null;
      });
    },
  };
}

export const SITE_IMAGE_TYPE = "siteImage";
const SITE_IMAGES_LIMIT = 200;

/** Whether the SDK's error is the content service's error `name` (e.g. NotFound), mentioning `detail`. */
function isContentError(error: unknown, name: string, detail?: string): boolean {
  return error instanceof Error && error.name === name && (detail === undefined || error.message.includes(detail));
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

// Site videos (beyond SPEC.md section 3): `siteVideo` entries, found by their key.
export type SiteVideoSkeleton = EntrySkeletonType<
  { key: EntryFieldTypes.Symbol; title: EntryFieldTypes.Symbol; video: AssetLink; videoUrl: EntryFieldTypes.Symbol },
  "siteVideo"
>;

const siteVideoSchema = entrySchema({
  key: z.string().min(1),
  title: optionalText,
  video: linkedAsset,
  videoUrl: optionalText,
});

const SITE_VIDEOS_LIMIT = 100;

// Legal texts (beyond SPEC.md section 3): `legalText` entries, found by their page's slug.
export type LegalTextSkeleton = EntrySkeletonType<
  {
    slug: EntryFieldTypes.Symbol;
    title: EntryFieldTypes.Symbol;
    dateLine: EntryFieldTypes.Symbol;
    introduction: EntryFieldTypes.Text;
    body: EntryFieldTypes.RichText;
  },
  "legalText"
>;

const legalTextSchema = entrySchema({
  slug: z.string().min(1),
  title: optionalText,
  dateLine: text,
  introduction: text,
  body: z.unknown().optional(),
});

/** A file on one of Contentful's asset hosts (images, videos, assets, downloads). */
const CONTENT_HOSTED_FILE = /^(https?:)?\/\/[a-z0-9-]+\.ctfassets\.net\//i;

/** The address of a linked blog post, or null for any other entry. */
function postHref(target: unknown): string | null {
  const entry = target as { sys?: { contentType?: { sys?: { id?: unknown } } }; fields?: { slug?: unknown } } | null;
  const slug = entry?.fields?.slug;
  return entry?.sys?.contentType?.sys?.id === "blogPost" && typeof slug === "string" && slug
    ? blogPostPath(slug)
    : null;
}

function describeInvalid(item: unknown, error: z.ZodError | undefined): Record<string, unknown> {
  const id = (item as { sys?: { id?: unknown } } | null)?.sys?.id;
  return { id: typeof id === "string" ? id : undefined, problems: error?.issues.map((issue) => issue.path.join(".")) };
}
