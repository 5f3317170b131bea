import { Link } from "react-router";
import type { BlogPostCard } from "~/domain/cms-types";
import { formatLongDate, isoCalendarDate } from "~/domain/dates";
import { useSiteConfig } from "~/browser/site-config";
import { cardClasses } from "../ui/Card";
import { ContentImage } from "../ui/ContentImage";
import { TagLinks } from "./TagLinks";
import { blogPostPath } from "~/seo/blog-paths";

/**
 * A post in a list (docs/pages.md): featured image, author initial, date, title, excerpt and
 * tags. The card leads to the post; the tags to their own lists.
 */
export function BlogCard({ post }: { post: BlogPostCard }) {
  const { timeZone } = useSiteConfig();
  return (
    <article className={`${cardClasses} relative flex h-full flex-col overflow-hidden`}>
      {post.featuredImage ? (
        <ContentImage
          image={post.featuredImage}
          sizes="(min-width: 1024px) 384px, (min-width: 640px) 50vw, 100vw"
          className="aspect-[16/9] w-full"
        />
      ) : (
        <div aria-hidden="true" className="aspect-[16/9] w-full bg-gradient-to-br from-brand-100 to-accent-100" />
      )}
      <div className="flex flex-1 flex-col p-6">
        <div className="flex items-center gap-3 text-sm text-muted">
          <span
            aria-hidden="true"
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
          >
            {post.author.trim().charAt(0).toUpperCase() || "?"}
          </span>
          <span>
            <span className="font-medium text-ink">{post.author}</span>
            <span aria-hidden="true"> · </span>
            <time dateTime={isoCalendarDate(post.publishDate, timeZone)}>
              {formatLongDate(post.publishDate, timeZone)}
            </time>
          </span>
        </div>
        <h3 className="mt-4 text-xl font-semibold leading-snug text-ink">
          <Link
            to={blogPostPath(post.slug)}
            prefetch="intent"
            className="after:absolute after:inset-0 after:content-[''] hover:text-brand-700"
          >
            {post.title}
          </Link>
        </h3>
        {post.excerpt ? <p className="mt-3 flex-1 leading-relaxed text-muted">{post.excerpt}</p> : null}
        <TagLinks tags={post.tags} className="relative z-10 mt-5" />
      </div>
    </article>
  );
}
