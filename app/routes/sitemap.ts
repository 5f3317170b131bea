import { pages } from "~/content/pages";
import { appContext, getServices } from "~/context";
import type { BlogPostSummary } from "~/domain/cms-types";
import { type SitemapEntry, sitemapXml } from "~/seo/sitemap";
import type { Route } from "./+types/sitemap";
import { blogPostPath, blogTagPath } from "~/seo/blog-paths";

/**
 * /sitemap.xml: every page of the route table, every blog post and every tag page the content service
 * knows, on SITE_URL. Without the content service it still lists the fixed pages.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(appContext);
  const origin = config.siteUrl;
  let posts: BlogPostSummary[] = [];
  try {
    posts = await getServices(context).content.getBlogPostIndex();
  } catch (error) {
    console.error("Error loading blog posts for the sitemap:", error);
  }

  const newestPostDate = posts
    .map((post) => post.publishDate)
    .sort()
    .at(-1);
  const fixedPages: SitemapEntry[] = Object.values(pages).map((page) => ({
    loc: `${origin}${page.path === "/" ? "/" : page.path}`,
    ...(page.path === "/blog" && newestPostDate ? { lastmod: newestPostDate } : {}),
  }));
  const postPages = posts.map((post) => ({
    loc: `${origin}${blogPostPath(post.slug)}`,
    lastmod: post.publishDate,
  }));
  const tagDates = new Map<string, string>();
  for (const post of posts) {
    for (const tag of post.tags) {
      const known = tagDates.get(tag);
      if (!known || post.publishDate > known) tagDates.set(tag, post.publishDate);
    }
  }
  const tagPages = [...tagDates].sort().map(([tag, lastmod]) => ({
    loc: `${origin}${blogTagPath(tag)}`,
    lastmod,
  }));

  return new Response(sitemapXml([...fixedPages, ...postPages, ...tagPages]), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": posts.length > 0 ? "public, max-age=3600" : "no-store",
    },
  });
}
