import { readFileSync } from "node:fs";
import path from "node:path";
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

/** Every route (docs/pages.md), with the heading seen first. */
export const siteRoutes: { path: string; heading: string | RegExp }[] = [
  { path: "/", heading: "Where Batesville gets to work" },
  { path: "/tour", heading: "Book Your Free Tour" },
  { path: "/members", heading: "Member Businesses" },
  { path: "/coworking", heading: "Coworking" },
  { path: "/private-offices", heading: "Private Offices" },
  { path: "/meeting-rooms", heading: "Meeting Rooms" },
  { path: "/event-spaces", heading: "Think Lounge" },
  { path: "/blog", heading: "Blog" },
  { path: `/blog/${demoBlogPost.slug}`, heading: demoBlogPost.title },
  { path: "/partners", heading: "Community Partners" },
  { path: "/contact", heading: "Get in Touch" },
  { path: "/gallery", heading: "Our Space Gallery" },
  { path: "/press", heading: "Press" },
  { path: "/privacy", heading: "Privacy Policy" },
  { path: "/terms", heading: "Terms of Service" },
  { path: "/events", heading: "Events" },
];
