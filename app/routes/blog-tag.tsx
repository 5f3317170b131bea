import { data } from "react-router";
import { PageHero } from "~/components/sections/PageHero";
import { PostList } from "~/components/sections/PostList";
import { ButtonLink } from "~/components/ui/Button";
import { site } from "~/config/site";
import { siteImage } from "~/content/site-images";
import { pages } from "~/content/pages";
import { getServices } from "~/context";
import { loadPostList } from "~/loaders/blog-list.server";
import { loadPageHero } from "~/loaders/page-loaders.server";
import type { SectionState } from "~/loaders/section-state";
import { pageMeta } from "~/seo/seo";
import type { Route } from "./+types/blog-tag";
import { PAGE_PARAM, pageFromSearch, readPageParam } from "~/domain/paging";
import { redirectPastLastPage } from "~/loaders/paging.server";
import { BLOG_PAGE_SIZE } from "~/services/content";
import type { RouteHandle } from "~/loaders/route-handle";
import { blogTagPath } from "~/seo/blog-paths";
import { blogTagFeedPath } from "~/seo/feed-paths";

/**
 * Posts with one tag (/blog/tag/{tag}), where the brief's tag links lead (docs/decisions/011-the-blog-lists-the-posts.md).
 * Awaited rather than streamed: a tag without posts answers 404.
 */
export const handle: RouteHandle = { searchParams: { [PAGE_PARAM]: readPageParam } };

export async function loader(args: Route.LoaderArgs) {
  const { content } = getServices(args.context);
  const tag = args.params.tag;
  const url = new URL(args.request.url);
  const [hero, list] = await Promise.all([
    loadPageHero(args, pages.blog),
    loadPostList(content, url, tag).then(
      (posts): SectionState<typeof posts> =>
        posts.posts.length > 0 ? { status: "ok", data: posts } : { status: "empty" },
      (error: unknown): SectionState<never> => {
        console.error(`Error loading the posts tagged ${JSON.stringify(tag)}:`, error);
        return { status: "error" };
      },
    ),
  ]);
  // A tag without posts is not found at any page; a tag's page past its last is its last.
  if (list.status === "ok") {
    redirectPastLastPage(args.request, list, {
      page: pageFromSearch(url.searchParams),
      pageSize: BLOG_PAGE_SIZE,
      shown: (data) => data.posts.length,
    });
  }
  const status = list.status === "ok" ? 200 : list.status === "empty" ? 404 : 503;
  return data({ tag, hero, list }, { status });
}

function tagHeading(tag: string): string {
  return `Posts tagged “${tag}”`;
}

export const meta: Route.MetaFunction = ({ loaderData, params, matches }) => [
  ...pageMeta({
    title: tagHeading(params.tag),
    description: `Posts from the ${site.name} blog tagged “${params.tag}”.`,
    path: blogTagPath(params.tag),
    matches,
    noIndex: loaderData?.list.status !== "ok",
  }),
  // The tag's own feed, beside the blog's that every page links (root.tsx).
  ...(loaderData?.list.status === "ok"
    ? [
        {
          tagName: "link",
          rel: "alternate",
          type: "application/atom+xml",
          href: blogTagFeedPath(params.tag),
          title: `${site.name} blog: ${tagHeading(params.tag)}`,
        },
      ]
    : []),
];

export default function BlogTagPage({ loaderData }: Route.ComponentProps) {
  const { tag, hero, list } = loaderData;
  return (
    <>
      <PageHero
        slug={pages.blog.slug}
        title={tagHeading(tag)}
        description="Every post with this tag, newest first."
        fallbackImage={siteImage(pages.blog.fallback)}
        background={hero.background}
        site={hero.site}
      >
        <ButtonLink to="/blog" variant="light" size="lg">
          All posts
        </ButtonLink>
      </PageHero>
      <PostList title={tagHeading(tag)} section={list} emptyMessage={`No posts are tagged “${tag}” yet.`} />
    </>
  );
}
