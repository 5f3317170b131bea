import { describe, expect, it } from "vitest";
import { galleryCategories } from "~/content/gallery";
import { isCategoryActive, readTagsParam, tagsFromSearch, toggleCategory } from "./gallery-filter";

const [workspaces, eventSpaces] = galleryCategories as [
  (typeof galleryCategories)[number],
  (typeof galleryCategories)[number],
];

describe("tagsFromSearch", () => {
  it("reads ?tags=a,b, in the filters' order", () => {
    expect(tagsFromSearch(new URLSearchParams("tags=ext,construction"))).toEqual(["ext", "construction"]);
    expect(tagsFromSearch(new URLSearchParams("tags=construction,ext"))).toEqual(["ext", "construction"]);
    expect(tagsFromSearch(new URLSearchParams(""))).toEqual([]);
    expect(tagsFromSearch(new URLSearchParams("tags="))).toEqual([]);
  });

  it("reads the filter's form sent without JavaScript: one value per checked box", () => {
    expect(tagsFromSearch(new URLSearchParams("tags=workspace,coworking&tags=ext"))).toEqual([
      "workspace",
      "coworking",
      "ext",
    ]);
  });

  it("keeps only the tags the filters offer, each once, whatever their case", () => {
    expect(tagsFromSearch(new URLSearchParams("tags=ext,,EXT,<script>,a b,construction,no-such-tag"))).toEqual([
      "ext",
      "construction",
    ]);
    const many = Array.from({ length: 30 }, (_, index) => `t${index}`).join(",");
    expect(tagsFromSearch(new URLSearchParams(`tags=${many}`))).toEqual([]);
  });
});

describe("readTagsParam", () => {
  it("spells the tags the gallery reads as one list, and none as no parameter", () => {
    expect(readTagsParam(["construction,EXT", "ext"])).toBe("ext,construction");
    expect(readTagsParam(["no-such-tag"])).toBeNull();
    expect(readTagsParam([])).toBeNull();
    // Its own answer reads back the same.
    expect(readTagsParam(["ext,construction"])).toBe("ext,construction");
  });
});

describe("toggleCategory", () => {
  it("turns a whole group on, then off", () => {
    const on = toggleCategory(workspaces, []);
    expect(on).toEqual(["workspace", "common-areas", "meeting-rooms", "coworking", "amenities"]);
    expect(isCategoryActive(workspaces, on)).toBe(true);
    expect(toggleCategory(workspaces, on)).toEqual([]);
  });

  it("leaves the other groups alone", () => {
    const both = toggleCategory(eventSpaces, toggleCategory(workspaces, []));
    expect(isCategoryActive(eventSpaces, both)).toBe(true);
    expect(toggleCategory(workspaces, both)).toEqual(["event-spaces"]);
  });

  it("completes a group that is only partly chosen", () => {
    expect(isCategoryActive(workspaces, ["coworking"])).toBe(false);
    expect(toggleCategory(workspaces, ["coworking"])).toEqual([
      "workspace",
      "common-areas",
      "meeting-rooms",
      "coworking",
      "amenities",
    ]);
  });

  it("gives the tags in the address's order, whichever group was pressed first", () => {
    expect(toggleCategory(workspaces, toggleCategory(eventSpaces, []))).toEqual(
      toggleCategory(eventSpaces, toggleCategory(workspaces, [])),
    );
  });
});
