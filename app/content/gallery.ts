/** The gallery's filters (docs/pages.md): each toggles its whole group of tags. */
export interface GalleryCategory {
  label: string;
  tags: readonly string[];
}

export const galleryCategories: readonly GalleryCategory[] = [
  { label: "Workspaces", tags: ["workspace", "common-areas", "meeting-rooms", "coworking", "amenities"] },
  { label: "Event Spaces", tags: ["event-spaces"] },
  { label: "Exterior", tags: ["ext"] },
  { label: "Construction", tags: ["construction"] },
];

/** How a tag reads on an image's chip. */
export const galleryTagLabels: Record<string, string> = {
  workspace: "Workspace",
  "common-areas": "Common areas",
  "meeting-rooms": "Meeting rooms",
  coworking: "Coworking",
  amenities: "Amenities",
  "event-spaces": "Event spaces",
  ext: "Exterior",
  construction: "Construction",
};
