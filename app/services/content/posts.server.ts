import type { z } from "zod";
import type { BlogPost, BlogPostSummary } from "~/domain/cms-types";
import { collectShowable, type ContentSource, type Showable } from "./entries.server";
import { blogPostSchema, blogPostSummarySchema } from "./model.server";

/** Blog posts (`blogPost`): the blog list, a post, the latest posts, and every post's address for the sitemap. */

export const BLOG_PAGE_SIZE = 6;
export const LATEST_POSTS_LIMIT = 10;
const INDEX_PAGE_SIZE = 1_000;

export function blogPostContent({ reader, cached, lookedUp }: ContentSource) {
  const { getEntries, parseItems } = reader;

  const toBlogPost = (entry: z.infer<typeof blogPostSchema>): BlogPost => ({
    id: entry.sys.id,
    title: entry.fields.title,
    slug: entry.fields.slug,
    publishDate: entry.fields.publishDate,
    author: entry.fields.author,
    excerpt: entry.fields.excerpt,
    content: reader.normalizeRichText(entry.fields.content),
    featuredImage: reader.toImageAsset(entry.fields.featuredImage),
    videoUrl: reader.videoAddress(entry.fields.videoURL ?? entry.fields.videoUrl),
    tags: entry.fields.tags,
    featured: entry.fields.featured,
  });

  const toBlogPostSummary = (entry: z.infer<typeof blogPostSummarySchema>): BlogPostSummary => ({
    slug: entry.fields.slug,
    publishDate: entry.fields.publishDate,
    updatedAt: entry.sys.updatedAt ?? null,
    tags: entry.fields.tags ?? [],
  });

  async function queryBlogPosts(query: Record<string, unknown>): Promise<BlogPost[]> {
    const { items } = await getEntries({ content_type: "blogPost", order: ["-fields.publishDate"], ...query });
    return parseItems(items, blogPostSchema, "blogPost", toBlogPost);
  }

  return {
    getBlogPosts({
      limit = BLOG_PAGE_SIZE,
      skip = 0,
      tag,
      featured,
    }: { limit?: number; skip?: number; tag?: string; featured?: boolean } = {}): Promise<BlogPost[]> {
      const query: Record<string, unknown> = { limit, skip, include: 2 };
      if (tag) query["fields.tags[in]"] = tag;
      if (featured !== undefined) query["fields.featured"] = featured;
      return lookedUp("posts", JSON.stringify(query), () => queryBlogPosts(query));
    },

    /**
     * The newest `count` posts (optionally with a tag) for the blog list, and whether showing more
     * would add at least one post.
     */
    getBlogPostList({ count, tag }: { count: number; tag?: string }): Promise<Showable<BlogPost>> {
      return collectShowable(count, BLOG_PAGE_SIZE, (skip) => {
        const query: Record<string, unknown> = {
          content_type: "blogPost",
          order: ["-fields.publishDate"],
          limit: BLOG_PAGE_SIZE,
          skip,
          include: 2,
        };
        if (tag) query["fields.tags[in]"] = tag;
        return lookedUp("postListPage", JSON.stringify(query), async () => {
          const { items, total } = await getEntries(query);
          return { items: parseItems(items, blogPostSchema, "blogPost", toBlogPost), received: items.length, total };
        });
      });
    },

    /** Every post's address, date and tags, for the sitemap. */
    getBlogPostIndex(): Promise<BlogPostSummary[]> {
      return cached("postIndex", null, async () => {
        const posts: BlogPostSummary[] = [];
        for (let skip = 0; ; skip += INDEX_PAGE_SIZE) {
          const { items, total } = await getEntries({
            content_type: "blogPost",
            order: ["-fields.publishDate"],
            select: ["sys.id", "sys.updatedAt", "fields.slug", "fields.publishDate", "fields.tags"],
            limit: INDEX_PAGE_SIZE,
            skip,
          });
          posts.push(...parseItems(items, blogPostSummarySchema, "blogPost", toBlogPostSummary));
          if (items.length === 0 || skip + items.length >= total) return posts;
        }
      });
    },

    async getBlogPostBySlug(slug: string): Promise<BlogPost | null> {
      const posts = await lookedUp("post", slug, () => queryBlogPosts({ "fields.slug": slug, limit: 1, include: 2 }));
      return posts[0] ?? null;
    },

    getLatestBlogPosts(): Promise<BlogPost[]> {
      return cached("latestPosts", null, () => queryBlogPosts({ limit: LATEST_POSTS_LIMIT, include: 2 }));
    },
  };
}
