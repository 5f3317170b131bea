import type { BlogPostCard } from "~/domain/cms-types";
import type { StreamedSection } from "~/loaders/section-state";
import { BlogCard } from "./BlogCard";
import { CardRow } from "./CardRow";

/** The three latest blog posts (docs/pages.md); nothing when they fail to load. */
export function LatestPosts({ section }: { section: StreamedSection<BlogPostCard[]> }) {
  return (
    <CardRow
      section={section}
      eyebrow="From the blog"
      title="Latest News"
      loadingLabel="Loading the latest posts"
      more={{ label: "All posts", to: "/blog" }}
    >
      {(post) => ({ key: post.id, card: <BlogCard post={post} /> })}
    </CardRow>
  );
}
