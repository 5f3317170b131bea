import { useId } from "react";
import type { BlogPostCard } from "~/domain/cms-types";
import type { StreamedSection } from "~/loaders/section-state";
import { DeferredSection } from "../ui/DeferredSection";
import type { NextPage } from "~/domain/paging";
import { GrowingList } from "../ui/LoadMore";
import { Skeleton } from "../ui/Skeleton";
import { BlogCard } from "./BlogCard";

export interface PostListData {
  posts: BlogPostCard[];
  /** Where "Load More" leads, or null when there is nothing more to show. */
  moreHref: string | null;
  /** The posts "Load More" adds, and where the one after leads (null when nothing more remains). */
  next: NextPage<BlogPostCard> | null;
}

export const BLOG_EMPTY_MESSAGE = "New blog posts coming soon!";
export const BLOG_LIST_ERROR_MESSAGE = "Error loading blog posts. Please try again later.";

/** The blog's card grid (/blog and /blog/tag/{tag}), streamed after the page's hero. */
export function PostList({
  title,
  section,
  emptyMessage = BLOG_EMPTY_MESSAGE,
}: {
  title: string;
  section: StreamedSection<PostListData>;
  emptyMessage?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h2 id={headingId} className="sr-only">
        {title}
      </h2>
      <DeferredSection
        section={section}
        loading={<PostListSkeleton />}
        empty={<p className="text-center text-lg text-muted">{emptyMessage}</p>}
        error={
          <p role="alert" className="text-center text-lg text-muted">
            {BLOG_LIST_ERROR_MESSAGE}
          </p>
        }
      >
        {({ posts, moreHref, next }) => (
          <GrowingList
            items={posts}
            next={next}
            keyOf={(post) => post.id}
            moreHref={moreHref}
            className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3"
          >
            {(post) => <BlogCard post={post} />}
          </GrowingList>
        )}
      </DeferredSection>
    </section>
  );
}

function PostListSkeleton() {
  return (
    <ul aria-busy="true" aria-label="Loading posts" className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2, 3, 4, 5].map((index) => (
        <li key={index} className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-surface">
          <Skeleton className="aspect-[16/9] w-full rounded-none" />
          <div className="space-y-3 p-6">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-6 w-4/5" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}
