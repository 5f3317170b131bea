import { IntroHero } from "~/components/sections/IntroHero";
import { PostList } from "~/components/sections/PostList";
import { pages } from "~/content/pages";
import { getServices } from "~/context";
import { loadPostList } from "~/loaders/blog-list.server";
import { loadPageHero } from "~/loaders/page-loaders.server";
import { streamSection } from "~/loaders/sections.server";
import { introPageMeta } from "~/lib/seo";
import type { Route } from "./+types/blog";
import { PAGE_PARAM } from "~/lib/paging";
import type { RouteHandle } from "~/lib/route-handle";

const page = pages.blog;

export const handle: RouteHandle = { searchParams: [PAGE_PARAM] };

export async function loader(args: Route.LoaderArgs) {
  const { content } = getServices(args.context);
  const [hero, list] = await Promise.all([
    loadPageHero(args, page),
    streamSection(args, loadPostList(content, new URL(args.request.url)), {
      label: "blog list",
      isEmpty: (data) => data.posts.length === 0,
    }),
  ]);
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
