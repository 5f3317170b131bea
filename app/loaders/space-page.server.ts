import type { RouterContextProvider } from "react-router";
import type { PageIntro } from "~/content/pages";
import type { BenefitItem } from "~/content/copy-types";
import { getServices, requestContext } from "~/context";
import type { ImageAsset, PageHeroContent, SuccessStory } from "~/lib/cms-types";
import { loadPageHero } from "./page-loaders.server";
import type { StreamedSection } from "~/lib/section-state";
import { streamSection } from "./sections.server";

interface LoaderArgs {
  context: Readonly<RouterContextProvider>;
}

/** An asset's image from the content service, or null when it is missing or cannot be loaded. */
export async function loadImage(args: LoaderArgs, assetId: string): Promise<ImageAsset | null> {
  try {
    return await getServices(args.context).content.getAsset(assetId);
  } catch (error) {
    console.error(`Error loading the image ${assetId}:`, error);
    args.context.get(requestContext).skipPageCache(`the image ${assetId} failed`);
    return null;
  }
}

/** The benefits' images by asset id (a benefit whose image cannot be loaded is shown without one). */
export async function loadBenefitImages(
  args: LoaderArgs,
  benefits: BenefitItem[],
): Promise<Record<string, ImageAsset | null>> {
  const images = await Promise.all(benefits.map(({ imageId }) => loadImage(args, imageId)));
  return Object.fromEntries(benefits.map(({ imageId }, index) => [imageId, images[index] ?? null]));
}

/** What every space page loads: its hero, its benefits' images and its success stories (streamed). */
export async function loadSpacePage(
  args: LoaderArgs,
  page: Pick<PageIntro, "slug">,
  benefits: BenefitItem[],
): Promise<{
  hero: PageHeroContent;
  benefitImages: Record<string, ImageAsset | null>;
  stories: StreamedSection<SuccessStory[]>;
}> {
  const { content } = getServices(args.context);
  const [hero, benefitImages, stories] = await Promise.all([
    loadPageHero(args, page),
    loadBenefitImages(args, benefits),
    streamSection(args, content.getSuccessStories(page.slug), { label: `${page.slug} success stories` }),
  ]);
  return { hero, benefitImages, stories };
}
