import { Link } from "react-router";
import { cn } from "~/components/cn";
import { blogTagPath } from "~/seo/blog-paths";

/** A post's tags, each a link to the list of posts with that tag (/blog/tag/{tag}). */
export function TagLinks({ tags, className }: { tags: string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={cn("flex flex-wrap gap-2", className)}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={blogTagPath(tag)}
            className="inline-flex min-h-8 items-center rounded-full bg-brand-50 px-3 text-xs font-semibold text-brand-700 hover:bg-brand-100"
          >
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
