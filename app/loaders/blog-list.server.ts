import type { PostListData } from "~/components/sections/PostList";
import { BLOG_PAGE_SIZE, type ContentService } from "~/services/content";
import { toPostCard } from "~/lib/cms-types";
import { nextPageHref, pageFromSearch } from "~/lib/paging";

/** The posts a blog list address shows: `?page=n` shows the newest n × 6 (SPEC.md: 6, then 6 more). */
export async function loadPostList(content: ContentService, url: URL, tag?: string): Promise<PostListData> {
  const page = pageFromSearch(url.searchParams);
  const { items, hasMore } = await content.getBlogPostList({ count: page * BLOG_PAGE_SIZE, tag });
  return { posts: items.map(toPostCard), moreHref: hasMore ? nextPageHref(url.searchParams, page) : null };
}
