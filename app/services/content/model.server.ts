import type { EntriesQueries, EntryFieldTypes, EntrySkeletonType } from "contentful";
import { z } from "zod";

/** The content model the site reads: each content type as the SDK sees it, and as the site accepts it. */

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

// `siteImage` entries: pictures in fixed places, found by their key (docs/content.md#the-content-model).
export const SITE_IMAGE_TYPE = "siteImage";

export type SiteImageSkeleton = EntrySkeletonType<
  { key: EntryFieldTypes.Symbol; site: EntryFieldTypes.Symbol; image: AssetLink },
  typeof SITE_IMAGE_TYPE
>;

type AnySkeleton =
  | BlogPostSkeleton
  | SuccessStorySkeleton
  | PartnerSkeleton
  | GalleryImageSkeleton
  | PageHeroSkeleton
  | SiteImageSkeleton
  | SiteVideoSkeleton
  | LegalTextSkeleton;

export type ContentQuery<Skeleton extends EntrySkeletonType = AnySkeleton> = EntriesQueries<Skeleton, undefined>;

// Runtime shapes: what the service accepts from the content service. Anything else is dropped with a
// warning, so one malformed entry never takes a page down.
export const text = z.string().catch("");
export const optionalText = z.string().optional().catch(undefined);
export const textList = z.array(z.string()).catch([]);

export const assetSchema = z.object({
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

export const entrySchema = <Fields extends z.ZodRawShape>(fields: Fields) =>
  z.object({ sys: z.object({ id: z.string(), createdAt: z.string().optional() }), fields: z.object(fields) });

export const linkedAsset = z.unknown().optional();

export const blogPostSchema = entrySchema({
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

export const blogPostSummarySchema = z.object({
  sys: z.object({ id: z.string(), updatedAt: z.string().optional() }),
  fields: z.object({ slug: z.string().min(1), publishDate: z.string().min(1), tags: textList.optional() }),
});

export const successStorySchema = entrySchema({
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

export const partnerSchema = entrySchema({
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

export const galleryImageSchema = entrySchema({
  title: text,
  description: text,
  image: z.unknown(),
  tags: textList,
});

export const pageHeroSchema = entrySchema({
  slug: z.string(),
  site: z.string().optional().catch(undefined),
  backgroundImage: linkedAsset,
});

export const siteImageSchema = entrySchema({
  key: z.string().min(1),
  site: z.string().optional().catch(undefined),
  image: z.unknown(),
});

export const collectionSchema = z.object({ items: z.array(z.unknown()), total: z.number().int().nonnegative() });

// `siteVideo` entries: the site's videos, by their key (docs/content.md#the-content-model).
export type SiteVideoSkeleton = EntrySkeletonType<
  { key: EntryFieldTypes.Symbol; title: EntryFieldTypes.Symbol; video: AssetLink; videoUrl: EntryFieldTypes.Symbol },
  "siteVideo"
>;

export const siteVideoSchema = entrySchema({
  key: z.string().min(1),
  title: optionalText,
  video: linkedAsset,
  videoUrl: optionalText,
});

// `legalText` entries: legal texts, by their page's slug (docs/content.md#the-content-model).
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

export const legalTextSchema = entrySchema({
  slug: z.string().min(1),
  title: optionalText,
  dateLine: text,
  introduction: text,
  body: z.unknown().optional(),
});
