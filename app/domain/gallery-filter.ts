import { type GalleryCategory, galleryCategories } from "~/content/gallery";
import { registeredPage } from "~/content/page-registry";
import type { SearchParamReader } from "~/loaders/route-handle";

/** The gallery filter lives in the address as `?tags=a,b`, so it can be shared and reloaded. */

/** The gallery's address, which its filters' form and Clear Filters lead to. */
export const GALLERY_PATH = registeredPage("gallery").path;

/** The query parameter of the chosen tags. */
export const TAGS_PARAM = "tags";

/** The tags the filters choose from, in the order the filters list them: the order an address spells them in. */
const KNOWN_TAGS: readonly string[] = [...new Set(galleryCategories.flatMap((category) => category.tags))];

/**
 * The tags some `?tags=` values name: those the filters offer (any other has no filter to show it),
 * each once, in the filters' order; case and spaces around a tag do not matter.
 */
function knownTagsOf(values: readonly string[]): string[] {
  // One value (`?tags=a,b`), or one a checked box (the filter's form sent without JavaScript).
  const named = new Set(values.flatMap((value) => value.split(",")).map((tag) => tag.trim().toLowerCase()));
  return KNOWN_TAGS.filter((tag) => named.has(tag));
}

/** The tags an address asks for. */
export function tagsFromSearch(search: URLSearchParams): string[] {
  return knownTagsOf(search.getAll(TAGS_PARAM));
}

/** `?tags=` as the gallery reads it, spelled `a,b`; no known tag is the address without it. */
export const readTagsParam: SearchParamReader = (values) => {
  const tags = knownTagsOf(values);
  return tags.length > 0 ? tags.join(",") : null;
};

/** A category counts as chosen when all of its tags are. */
export function isCategoryActive(category: GalleryCategory, tags: readonly string[]): boolean {
  return category.tags.every((tag) => tags.includes(tag));
}

/** The tags after pressing a category, in the address's order: its whole group off when it was chosen, else on. */
export function toggleCategory(category: GalleryCategory, tags: readonly string[]): string[] {
  if (isCategoryActive(category, tags)) return knownTagsOf(tags.filter((tag) => !category.tags.includes(tag)));
  return knownTagsOf([...tags, ...category.tags]);
}
