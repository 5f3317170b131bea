import { ArrowRight } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { BlogPostCard } from "~/lib/content-types";
import type { StreamedSection } from "~/lib/section-state";
import { DeferredSection } from "../ui/DeferredSection";
import { SectionHeader, sectionFrame } from "../ui/SectionHeader";
import { Skeleton } from "../ui/Skeleton";
import { BlogCard } from "./BlogCard";

/** The three latest blog posts (SPEC.md, home item 8); nothing is rendered when they cannot be loaded. */
export function LatestPosts({ section }: { section: StreamedSection<BlogPostCard[]> }) {
  const headingId = useId();
  return (
    <DeferredSection
      section={section}
      loading={
        <div aria-busy="true" className={sectionFrame}>
          <span className="sr-only">Loading the latest posts</span>
          <Skeleton className="h-9 w-64" />
          <div className="mt-10 grid gap-8 md:grid-cols-3">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-96 w-full" />
            ))}
          </div>
        </div>
      }
      empty={null}
      error={null}
    >
      {(posts) => (
        <section aria-labelledby={headingId} className={sectionFrame}>
          <div className="flex flex-wrap items-end justify-between gap-4">
            <SectionHeader id={headingId} eyebrow="From the blog" title="Latest News" />
            <Link
              to="/blog"
              className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:text-brand-600"
            >
              All posts
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
          <ul className="stagger mt-10 grid gap-8 md:grid-cols-3">
            {posts.map((post) => (
              <li key={post.id}>
                <BlogCard post={post} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </DeferredSection>
  );
}
