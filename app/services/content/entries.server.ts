import { BLOCKS, type Document, INLINES } from "@contentful/rich-text-types";
import type { ContentfulClientApi } from "contentful";
import type { z } from "zod";
import { blogPostPath } from "~/seo/blog-paths";
import type { ImageAsset } from "~/domain/cms-types";
import { assetSchema, collectionSchema, type ContentQuery } from "./model.server";
import type { ContentKind, ContentValue } from "./values.server";

/**
 * Reading the content service's entries (docs/architecture.md#content-and-its-caches): the generic entries query,
 * and what every kind of content shares on the way to a page (assets, rich text, video addresses,
 * skipping malformed entries, paging).
 */

export function normalizeContentError(error: unknown): Error {
  return error instanceof Error ? error : new Error("Failed to fetch entries");
}

/** Whether the SDK's error is the content service's error `name` (e.g. NotFound), mentioning `detail`. */
export function isContentError(error: unknown, name: string, detail?: string): boolean {
  return error instanceof Error && error.name === name && (detail === undefined || error.message.includes(detail));
}

/** Whether the space lacks the content type (the site's own are optional: docs/content.md#the-content-model). */
export function isUnknownContentType(error: unknown): boolean {
  return isContentError(error, "InvalidQuery", "unknownContentType");
}

export interface EntryReaderOptions {
  client: Pick<ContentfulClientApi<undefined>, "getEntries" | "getAsset">;
  /** Turns an asset's file URL into the URL pages use (see `assetUrlResolver`). */
  assetUrl: (fileUrl: string) => string;
  log: Pick<Console, "warn" | "error">;
}

export type EntryReader = ReturnType<typeof createEntryReader>;

export function createEntryReader({ client, assetUrl, log }: EntryReaderOptions) {
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

  return {
    client,
    toImageAsset,

    /**
     * Keeps rich text as it is, but reduces every link to what a page needs: embedded assets to images
     * with page URLs, links to posts to their address, and other embedded entries to nothing a page
     * could show (the renderer skips them). The SDK's resolved entries never reach a page.
     */
    normalizeRichText(value: unknown): Document | null {
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
    },

    /** The entries that fit `schema`, mapped; the others are skipped with a warning naming what was wrong. */
    parseItems<T, Shape extends z.ZodType>(
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
    },

    /** The generic entries query; a content type is required. */
    async getEntries(query: Record<string, unknown>): Promise<{ items: unknown[]; total: number }> {
      if (!query.content_type) throw new Error("Content type is required for Contentful queries");
      try {
        const response = await client.getEntries(query as ContentQuery);
        const parsed = collectionSchema.safeParse(response);
        if (!parsed.success) throw new Error("The content service answered with an unexpected shape");
        return parsed.data;
      } catch (error) {
        throw normalizeContentError(error);
      }
    },

    /**
     * A video address as pages use it: a file on the content service's own asset hosts (an uploaded
     * video's address, pasted into a URL field) is served like any asset; other addresses are kept.
     */
    videoAddress(value: string | undefined): string | null {
      const address = value?.trim();
      if (!address) return null;
      return CONTENT_HOSTED_FILE.test(address) ? assetUrl(address) : address;
    },
  };
}

/** Items a list can show, and whether asking for more would show at least one more. */
export interface Showable<T> {
  items: T[];
  hasMore: boolean;
}

export interface FetchedPage<T> {
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
export async function collectShowable<T>(
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

/**
 * A cached answer of one kind (values.server.ts), under `content:{kind's key}{id}`: loaded by `load`,
 * which must return what the kind's schema describes.
 */
export type CachedAnswer = <Kind extends ContentKind>(
  kind: Kind,
  id: string | null,
  load: () => Promise<ContentValue<Kind>>,
) => Promise<ContentValue<Kind>>;

/** What each kind of content reads through: the entry reader and the two caches (see `createContentService`). */
export interface ContentSource {
  reader: EntryReader;
  /** The site's own content: heroes, partners, stories, the latest posts. */
  cached: CachedAnswer;
  /** Answers to queries whose keys come from the address (a post slug, a tag, a gallery page). */
  lookedUp: CachedAnswer;
  /** The hub's own identifier in `PageHero.site` and `siteImage.site`. */
  contentSiteId: string;
  log: Pick<Console, "warn" | "error">;
}
