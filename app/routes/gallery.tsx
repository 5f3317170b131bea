import { CallToAction } from "~/components/sections/CallToAction";
import { GalleryGrid } from "~/components/sections/GalleryGrid";
import { IntroHero } from "~/components/sections/IntroHero";
import { galleryCategories } from "~/content/gallery";
import { pages } from "~/content/pages";
import { getServices } from "~/context";
import { readTagsParam, TAGS_PARAM, tagsFromSearch } from "~/domain/gallery-filter";
import { loadPageHero } from "~/loaders/page-loaders.server";
import { PAGE_PARAM, pageFromSearch, readPageParam, splitNextPage } from "~/domain/paging";
import { redirectPastLastPage } from "~/loaders/paging.server";
import { streamSection } from "~/loaders/sections.server";
import { introPageMeta } from "~/seo/seo";
import { GALLERY_PAGE_SIZE } from "~/services/content";
import type { Route } from "./+types/gallery";
import type { RouteHandle } from "~/loaders/route-handle";

const page = pages.gallery;

export const handle: RouteHandle = { searchParams: { [TAGS_PARAM]: readTagsParam, [PAGE_PARAM]: readPageParam } };

export async function loader(args: Route.LoaderArgs) {
  const search = new URL(args.request.url).searchParams;
  const tags = tagsFromSearch(search);
  const pageNumber = pageFromSearch(search);
  const loading = streamSection(
    args,
    getServices(args.context)
      .content.getGalleryImages({ count: (pageNumber + 1) * GALLERY_PAGE_SIZE, tags })
      .then(({ items, hasMore }) => {
        const { shown, moreHref, next } = splitNextPage(items, {
          search,
          page: pageNumber,
          pageSize: GALLERY_PAGE_SIZE,
          hasMore,
        });
        return { images: shown, moreHref, next };
      }),
    { label: "gallery", isEmpty: (data) => data.images.length === 0 },
  );
  const [hero, gallery] = await Promise.all([loadPageHero(args, page), loading]);
  redirectPastLastPage(args.request, gallery, {
    page: pageNumber,
    pageSize: GALLERY_PAGE_SIZE,
    shown: (data) => data.images.length,
  });
  return { hero, tags, gallery };
}

export const meta: Route.MetaFunction = introPageMeta(page);

export default function GalleryPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <GalleryGrid categories={galleryCategories} tags={loaderData.tags} section={loaderData.gallery} />
      <CallToAction
        title="See it in person"
        description="Photos only go so far. Book a free tour of the building."
        actions={[{ label: "Book a Tour", to: "/tour" }]}
      />
    </>
  );
}
