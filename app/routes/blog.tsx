import { IntroHero } from "~/components/sections/IntroHero";
import { PostList } from "~/components/sections/PostList";
import { pages } from "~/content/pages";
import { getServices } from "~/context";
import { loadPostList } from "~/loaders/blog-list.server";
import { loadPageHero } from "~/loaders/page-loaders.server";
import { streamSection } from "~/loaders/sections.server";
import { introPageMeta } from "~/seo/seo";
import type { Route } from "./+types/blog";
import { PAGE_PARAM, pageFromSearch, readPageParam } from "~/domain/paging";
import { redirectPastLastPage } from "~/loaders/paging.server";
import { BLOG_PAGE_SIZE } from "~/services/content";
import type { RouteHandle } from "~/loaders/route-handle";

const page = pages.blog;

export const handle: RouteHandle = { searchParams: { [PAGE_PARAM]: readPageParam } };

export async function loader(args: Route.LoaderArgs) {
  const { content } = getServices(args.context);
  const url = new URL(args.request.url);
  const [hero, list] = await Promise.all([
    loadPageHero(args, page),
    streamSection(args, loadPostList(content, url), {
      label: "blog list",
      isEmpty: (data) => data.posts.length === 0,
    }),
  ]);
  redirectPastLastPage(args.request, list, {
    page: pageFromSearch(url.searchParams),
    pageSize: BLOG_PAGE_SIZE,
    shown: (data) => data.posts.length,
  });
  return { hero, list };
}

export const meta: Route.MetaFunction = introPageMeta(page);

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <IntroHero page={page} hero={loaderData.hero} />
      <PostList title="All posts" section={loaderData.list} />
    </>
  );
}
