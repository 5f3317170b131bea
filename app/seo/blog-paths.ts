/**
 * The addresses of blog posts and tag pages, written once: the pages' links, canonical URLs and
 * structured data, and the sitemap all encode a slug or tag the same way.
 */

export function blogPostPath(slug: string): string {
  return `/blog/${encodeURIComponent(slug)}`;
}

export function blogTagPath(tag: string): string {
  return `/blog/tag/${encodeURIComponent(tag)}`;
}
