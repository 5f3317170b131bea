import type { z } from "zod";
import type { GalleryImage, Partner, SuccessStory } from "~/domain/cms-types";
import { websiteUrl } from "~/domain/website-url";
import { collectShowable, type ContentSource, type Showable } from "./entries.server";
import { galleryImageSchema, partnerSchema, successStorySchema } from "./model.server";

/** The hub's community: success stories (`successStory`), partners (`partners`) and the gallery (`galleryImage`). */

export const GALLERY_PAGE_SIZE = 12;
export const PARTNERS_LIMIT = 100;
export const SUCCESS_STORIES_LIMIT = 2;

/** The year a partnership began, from a year number or a date string. */
export function partnerSinceYear(value: number | string | undefined): number | null {
  if (typeof value === "number") return Number.isInteger(value) ? value : null;
  const year = value?.match(/^\s*(\d{4})/)?.[1];
  return year ? Number(year) : null;
}

export function communityContent({ reader, cached, lookedUp }: ContentSource) {
  const { getEntries, parseItems, toImageAsset } = reader;

  const toSuccessStory = (entry: z.infer<typeof successStorySchema>): SuccessStory => ({
    id: entry.sys.id,
    title: entry.fields.title,
    description: entry.fields.description,
    image: toImageAsset(entry.fields.featuredImage),
    videoUrl: reader.videoAddress(entry.fields.videoURL),
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

  return {
    getSuccessStories(pageSlug: string, limit = SUCCESS_STORIES_LIMIT): Promise<SuccessStory[]> {
      return cached("stories", `${pageSlug}:${limit}`, async () => {
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
      return cached("partners", null, async () => {
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
        return lookedUp("galleryPage", JSON.stringify(query), async () => {
          const { items, total } = await getEntries(query);
          return {
            items: parseItems(items, galleryImageSchema, "galleryImage", toGalleryImage),
            received: items.length,
            total,
          };
        });
      });
    },
  };
}
