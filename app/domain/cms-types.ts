import type { Document } from "@contentful/rich-text-types";

/**
 * Content as the pages use it: plain, serialisable objects built from the content service's entries
 * (docs/content.md#the-content-model). Asset URLs here are absolute.
 */

export interface ImageAsset {
  id: string;
  url: string;
  title: string;
  /** Alternative text; empty for a decorative image. */
  description: string;
  width: number | null;
  height: number | null;
  contentType: string;
}

export interface PageHeroContent {
  /** The site the hero belongs to (the `site` field of the entry). */
  site: string;
  /** Absolute URL of the background image, or "" when the content has none. */
  backgroundUrl: string;
  background: ImageAsset | null;
  /**
   * "error" when the content service could not be reached; the hero then shows its fallback image.
   * (Why it failed is in the server log; pages never carry upstream error text.)
   */
  status: "ok" | "error";
}

export interface BlogPost {
  id: string;
  title: string;
  slug: string;
  publishDate: string;
  author: string;
  excerpt: string;
  content: Document | null;
  featuredImage: ImageAsset | null;
  videoUrl: string | null;
  tags: string[];
  featured: boolean;
}

/** A post as a card shows it: everything but the body, which stays out of list pages' data. */
export type BlogPostCard = Omit<BlogPost, "content">;

export function toPostCard({ content: _body, ...card }: BlogPost): BlogPostCard {
  return card;
}

/** What the sitemap needs of a post. */
export interface BlogPostSummary {
  slug: string;
  publishDate: string;
  updatedAt: string | null;
  tags: string[];
}

export interface SuccessStory {
  id: string;
  title: string;
  description: string;
  image: ImageAsset | null;
  videoUrl: string | null;
  quote: string;
  authorName: string;
  authorRole: string;
  companyName: string;
  benefits: string[];
  pageSlugs: string[];
}

export interface Partner {
  id: string;
  name: string;
  type: string;
  description: string;
  longDescription: string;
  logo: ImageAsset | null;
  website: string | null;
  location: string;
  /** The year the partnership began. */
  partnerSince: number | null;
  benefits: string[];
  initiatives: string[];
  featured: boolean;
  order: number | null;
}

export interface GalleryImage {
  id: string;
  title: string;
  description: string;
  image: ImageAsset;
  tags: string[];
}
