import { useId } from "react";
import { Link } from "react-router";
import type { BlogPostCard } from "~/domain/cms-types";
import { formatLongDate } from "~/domain/dates";
import type { StreamedSection } from "~/loaders/section-state";
import { useSiteConfig } from "~/browser/site-config";
import { ContentImage } from "../ui/ContentImage";
import { DeferredSection } from "../ui/DeferredSection";
import { Skeleton } from "../ui/Skeleton";
import { blogPostPath } from "~/seo/blog-paths";

export const NO_RELATED_POSTS = "No related posts found.";

/** The post's sidebar (docs/pages.md): up to 3 other posts, streamed after the post. */
export function RelatedPosts({ section }: { section: StreamedSection<BlogPostCard[]> }) {
  const headingId = useId();
  const none = <p className="mt-4 text-muted">{NO_RELATED_POSTS}</p>;
  return (
    <aside aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-semibold text-ink">
        More Posts
      </h2>
      <DeferredSection
        section={section}
        loading={
          <ul aria-busy="true" aria-label="Loading more posts" className="mt-4 space-y-4">
            {[0, 1, 2].map((index) => (
              <li key={index} className="flex gap-4">
                <Skeleton className="size-20 shrink-0" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-4 w-2/3" />
                </div>
              </li>
            ))}
          </ul>
        }
        empty={none}
        error={none}
      >
        {(posts) => <RelatedList posts={posts} />}
      </DeferredSection>
    </aside>
  );
}

function RelatedList({ posts }: { posts: BlogPostCard[] }) {
  const { timeZone } = useSiteConfig();
  return (
    <ul className="mt-4 space-y-5">
      {posts.map((post) => (
        <li key={post.id} className="group relative flex gap-4">
          {post.featuredImage ? (
            <ContentImage
              image={post.featuredImage}
              alt=""
              sizes="80px"
              widths={[160, 240]}
              className="size-20 shrink-0 rounded-xl"
            />
          ) : null}
          <div>
            <Link
              to={blogPostPath(post.slug)}
              prefetch="intent"
              className="font-semibold leading-snug text-ink after:absolute after:inset-0 after:content-[''] group-hover:text-brand-700"
            >
              {post.title}
            </Link>
            <p className="mt-1 text-sm text-muted">{formatLongDate(post.publishDate, timeZone)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
