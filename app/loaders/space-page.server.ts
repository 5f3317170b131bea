import type { RouterContextProvider } from "react-router";
import type { PageIntro } from "~/content/pages";
import type { BenefitItem, VideoTour, VideoTourItem } from "~/content/copy-types";
import { getServices, requestContext } from "~/context";
import type { ImageAsset, PageHeroContent, SuccessStory } from "~/domain/cms-types";
import { loadPageHero } from "./page-loaders.server";
import type { StreamedSection } from "~/loaders/section-state";
import { toVideoSource } from "~/domain/video";
import { streamSection } from "./sections.server";

interface LoaderArgs {
  context: Readonly<RouterContextProvider>;
}

/**
 * The pictures editors choose for fixed places on the site (`siteImage` entries, by key). A page shows
 * a place without its picture when the space has none for it or cannot be reached.
 */
export async function loadSiteImages(args: LoaderArgs): Promise<Record<string, ImageAsset>> {
  try {
    return await getServices(args.context).content.getSiteImages();
  } catch (error) {
    console.error("Error loading the site images:", error);
    args.context.get(requestContext).skipPageCache("the site images failed");
    return {};
  }
}

/** The benefits' images by image key (a benefit without one is shown without a picture). */
export async function loadBenefitImages(
  args: LoaderArgs,
  benefits: BenefitItem[],
): Promise<Record<string, ImageAsset | null>> {
  const images = await loadSiteImages(args);
  return Object.fromEntries(benefits.map(({ imageKey }) => [imageKey, images[imageKey] ?? null]));
}

/**
 * The video tours with what each plays: the address of its `siteVideo` entry in the content service,
 * else its built-in one. When the content service cannot be reached, every tour uses its built-in one.
 */
export async function loadVideoTours(args: LoaderArgs, tours: VideoTourItem[]): Promise<VideoTour[]> {
  let addresses: Record<string, string | null> = {};
  try {
    addresses = await getServices(args.context).content.getSiteVideos();
  } catch (error) {
    console.error("Error loading the site's videos; using the built-in addresses:", error);
    args.context.get(requestContext).skipPageCache("the site videos failed");
  }
  return tours.map(({ defaultVideoUrl, ...tour }) => ({
    ...tour,
    video: toVideoSource(Object.hasOwn(addresses, tour.key) ? addresses[tour.key] : defaultVideoUrl),
  }));
}

/** What every space page loads: its hero, its benefits' images, its video tours and its success stories (streamed). */
export async function loadSpacePage(
  args: LoaderArgs,
  page: Pick<PageIntro, "slug">,
  { benefits, videos }: { benefits: BenefitItem[]; videos: VideoTourItem[] },
): Promise<{
  hero: PageHeroContent;
  benefitImages: Record<string, ImageAsset | null>;
  videos: VideoTour[];
  stories: StreamedSection<SuccessStory[]>;
}> {
  const { content } = getServices(args.context);
  const [hero, benefitImages, videoTours, stories] = await Promise.all([
    loadPageHero(args, page),
    loadBenefitImages(args, benefits),
    loadVideoTours(args, videos),
    streamSection(args, content.getSuccessStories(page.slug), { label: `${page.slug} success stories` }),
  ]);
  return { hero, benefitImages, videos: videoTours, stories };
}
