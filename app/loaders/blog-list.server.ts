import type { PostListData } from "~/components/sections/PostList";
import { BLOG_PAGE_SIZE, type ContentService } from "~/services/content";
import { toPostCard } from "~/domain/cms-types";
import { pageFromSearch, splitNextPage } from "~/domain/paging";

/**
 * A blog list address's posts: `?page=n` shows the newest n × 6 (docs/pages.md).
 * The next page's posts come with them, so "Load More" shows them the moment it is pressed.
 */
export async function loadPostList(content: ContentService, url: URL, tag?: string): Promise<PostListData> {
  const page = pageFromSearch(url.searchParams);
  const { items, hasMore } = await content.getBlogPostList({ count: (page + 1) * BLOG_PAGE_SIZE, tag });
  const { shown, moreHref, next } = splitNextPage(items.map(toPostCard), {
    search: url.searchParams,
    page,
    pageSize: BLOG_PAGE_SIZE,
    hasMore,
  });
  return { posts: shown, moreHref, next };
}
