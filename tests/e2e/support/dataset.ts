import { readFileSync } from "node:fs";
import path from "node:path";
import type { ContentfulExport, ExportEntry } from "../../../demo/contentful-export.ts";

/** The demo dataset the demo site serves, for tests that check pages against it. */
export const dataset = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../../demo/data/space.json"), "utf8"),
) as ContentfulExport;

/** The published entries of a content type (drafts, which only previews show, left out). */
export function entriesOf(contentType: string): ExportEntry[] {
  return dataset.entries.filter(
    (entry) => entry.sys.contentType.sys.id === contentType && entry.sys.publishedVersion !== undefined,
  );
}

/** The demo's draft posts: saved in the space, never published. */
export const draftPosts = dataset.entries
  .filter((entry) => entry.sys.contentType.sys.id === "blogPost" && entry.sys.publishedVersion === undefined)
  .map((entry) => ({ id: entry.sys.id, slug: fieldOf(entry, "slug"), title: fieldOf(entry, "title") }));

export function fieldOf<T = string>(entry: ExportEntry, name: string): T {
  return (entry.fields[name] as Record<string, T> | undefined)?.["en-US"] as T;
}

/** The demo posts, newest first. */
export const demoPosts = entriesOf("blogPost")
  .map((entry) => ({
    slug: fieldOf(entry, "slug"),
    title: fieldOf(entry, "title"),
    excerpt: fieldOf(entry, "excerpt"),
    author: fieldOf(entry, "author"),
    publishDate: fieldOf(entry, "publishDate"),
    tags: fieldOf<string[]>(entry, "tags"),
    hasVideo: Boolean(fieldOf(entry, "videoURL") || fieldOf(entry, "videoUrl")),
  }))
  .sort((a, b) => b.publishDate.localeCompare(a.publishDate));
