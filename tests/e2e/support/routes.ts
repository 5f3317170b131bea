import { readFileSync } from "node:fs";
import path from "node:path";
import { PAGE_REGISTRY } from "../../../app/content/page-registry.ts";
import type { ContentfulExport } from "../../../demo/contentful-export.ts";

const dataset = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../../demo/data/space.json"), "utf8"),
) as ContentfulExport;

/** A published blog post of the demo dataset, for the /blog/{slug} route, and one of its tags (/blog/tag/{tag}). */
export const demoBlogPost = (() => {
  const entry = dataset.entries.find(
    (candidate) => candidate.sys.contentType.sys.id === "blogPost" && candidate.sys.publishedVersion !== undefined,
  );
  if (!entry) throw new Error("The demo dataset has no blog post");
  const field = (name: string) => (entry.fields[name] as Record<string, string>)["en-US"] ?? "";
  const tag = (entry.fields.tags as Record<string, string[]> | undefined)?.["en-US"]?.[0];
  if (!tag) throw new Error("The demo dataset's first published blog post has no tag");
  return { slug: field("slug"), title: field("title"), tag };
})();

/**
 * Every page (docs/pages.md), with the heading seen first: the registered pages
 * (`app/content/page-registry.ts`), and a blog post after the blog. The previous release's copy of
 * this file is read by the version-skew test: `siteRoutes` keeps its shape.
 */
export const siteRoutes: { path: string; heading: string | RegExp }[] = PAGE_REGISTRY.flatMap((page) => [
  { path: page.path, heading: page.heading },
  ...(page.path === "/blog" ? [{ path: `/blog/${demoBlogPost.slug}`, heading: demoBlogPost.title }] : []),
]);
