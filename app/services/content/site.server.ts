import type { LegalDocument } from "~/content/legal";
import type { ImageAsset, PageHeroContent } from "~/domain/cms-types";
import { legalDocumentFromRichText } from "~/domain/legal-text";
import { type ContentSource, isContentError, isUnknownContentType, normalizeContentError } from "./entries.server";
import { legalTextSchema, pageHeroSchema, SITE_IMAGE_TYPE, siteImageSchema, siteVideoSchema } from "./model.server";

/**
 * The hub's own pages: page heroes (`PageHero`), assets by id, and the pictures (`siteImage`), video
 * tours (`siteVideo`) and legal texts (`legalText`) editors choose (docs/content.md#the-content-model). A space
 * without one of these types has none of them, and the pages use their built-in ones.
 */

const SITE_IMAGES_LIMIT = 200;
const SITE_VIDEOS_LIMIT = 100;

export function siteContent({ reader, cached, contentSiteId, log }: ContentSource) {
  const { getEntries, parseItems, toImageAsset } = reader;

  /** The entries of one of the site's own content types, or none when the space lacks that type. */
  async function optionalTypeEntries(query: Record<string, unknown>): Promise<unknown[] | null> {
    try {
      return (await getEntries(query)).items;
    } catch (error) {
      if (isUnknownContentType(error)) return null;
      throw error;
    }
  }

  return {
    /**
     * The background of a page's hero. Never throws: on failure the hero shows its fallback image,
     * so the error is logged and the hero reports `status: "error"`.
     */
    async getPageHero(slug: string): Promise<PageHeroContent> {
      try {
        return await cached("hero", slug, async (): Promise<PageHeroContent> => {
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

    /** An asset by id, or null when the space has none with that id (cached like any answer). */
    getAsset(id: string): Promise<ImageAsset | null> {
      return cached("asset", id, async () => {
        try {
          return toImageAsset(await reader.client.getAsset(id));
        } catch (error) {
          if (isContentError(error, "NotFound")) return null;
          throw normalizeContentError(error);
        }
      });
    },

    /**
     * The site's images that editors choose (benefit photos, the home page's Think Lounge picture):
     * `siteImage` entries of this site, by `key`.
     */
    getSiteImages(): Promise<Record<string, ImageAsset>> {
      return cached("siteImages", null, async () => {
        const items = await optionalTypeEntries({
          content_type: SITE_IMAGE_TYPE,
          "fields.site": contentSiteId,
          limit: SITE_IMAGES_LIMIT,
          include: 1,
        });
        const images: Record<string, ImageAsset> = {};
        for (const entry of parseItems(items ?? [], siteImageSchema, SITE_IMAGE_TYPE, (entry) => entry)) {
          const image = toImageAsset(entry.fields.image);
          if (image && !(entry.fields.key in images)) images[entry.fields.key] = image;
        }
        return images;
      });
    },

    /**
     * The addresses of the site's video tours, by key (`siteVideo` entries): an uploaded video file
     * wins over a pasted address; an entry with neither gives null (the tour shows its poster without
     * Play). A key without an entry is absent, and the page uses its built-in address.
     */
    getSiteVideos(): Promise<Record<string, string | null>> {
      return cached("siteVideos", null, async () => {
        const items = await optionalTypeEntries({ content_type: "siteVideo", limit: SITE_VIDEOS_LIMIT, include: 1 });
        const videos: Record<string, string | null> = {};
        for (const entry of parseItems(items ?? [], siteVideoSchema, "siteVideo", (found) => found)) {
          const file = toImageAsset(entry.fields.video);
          const uploaded = file?.contentType.startsWith("video/") ? file.url : null;
          videos[entry.fields.key] = uploaded ?? reader.videoAddress(entry.fields.videoUrl);
        }
        return videos;
      });
    },

    /** The legal text for a page (`legalText` entry with this slug), or null when there is none or it has no body. */
    getLegalText(slug: string): Promise<LegalDocument | null> {
      return cached("legalText", slug, async () => {
        const items = await optionalTypeEntries({ content_type: "legalText", "fields.slug": slug, limit: 1 });
        if (!items) return null;
        const [entry] = parseItems(items, legalTextSchema, "legalText", (found) => found);
        if (!entry) return null;
        const document = legalDocumentFromRichText({
          dateLine: entry.fields.dateLine,
          introduction: entry.fields.introduction,
          body: reader.normalizeRichText(entry.fields.body),
        });
        if (document.sections.length > 0) return document;
        // A page of legal text with no text is worse than the built-in one.
        log.warn(`The ${slug} legal text has no body; showing the built-in one.`, { id: entry.sys.id });
        return null;
      });
    },
  };
}
