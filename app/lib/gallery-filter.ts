import type { GalleryCategory } from "~/content/gallery";

/** The gallery filter lives in the address as `?tags=a,b`, so it can be shared and reloaded. */

/** The query parameter of the chosen tags. */
export const TAGS_PARAM = "tags";

const TAG = /^[a-z0-9][a-z0-9-]{0,39}$/;
const MAX_TAGS = 20;

/** The tags an address asks for: well-formed, without repeats, at most twenty. */
export function tagsFromSearch(search: URLSearchParams): string[] {
  // One value (`?tags=a,b`), or one a checked box (the filter's form sent without JavaScript).
  const tags = search
    .getAll(TAGS_PARAM)
    .join(",")
    .split(",")
    .map((tag) => tag.trim().toLowerCase())
    .filter((tag) => TAG.test(tag));
  return [...new Set(tags)].slice(0, MAX_TAGS);
}

/** A category counts as chosen when all of its tags are. */
export function isCategoryActive(category: GalleryCategory, tags: readonly string[]): boolean {
  return category.tags.every((tag) => tags.includes(tag));
}

/** The tags after pressing a category: its whole group off when it was chosen, else on. */
export function toggleCategory(category: GalleryCategory, tags: readonly string[]): string[] {
  if (isCategoryActive(category, tags)) return tags.filter((tag) => !category.tags.includes(tag));
  return [...tags, ...category.tags.filter((tag) => !tags.includes(tag))];
}
