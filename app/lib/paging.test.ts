import { describe, expect, it } from "vitest";
import { pageFromSearch, splitNextPage } from "./paging";

describe("a list page loaded with the page after it", () => {
  const search = new URLSearchParams("tags=ext");
  const numbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

  it("shows the page, and has the next page's items for Load More, which then leads one further", () => {
    expect(splitNextPage(numbers(12), { search, page: 1, pageSize: 6, hasMore: true })).toEqual({
      shown: numbers(6),
      moreHref: "?tags=ext&page=2",
      next: { items: [7, 8, 9, 10, 11, 12], moreHref: "?tags=ext&page=3" },
    });
  });

  it("ends Load More after a last page that is not full", () => {
    expect(splitNextPage(numbers(15), { search, page: 2, pageSize: 6, hasMore: false })).toEqual({
      shown: numbers(12),
      moreHref: "?tags=ext&page=3",
      next: { items: [13, 14, 15], moreHref: null },
    });
  });

  it("has no Load More when nothing follows the page, full or not", () => {
    for (const count of [4, 6]) {
      expect(splitNextPage(numbers(count), { search, page: 1, pageSize: 6, hasMore: false })).toEqual({
        shown: numbers(count),
        moreHref: null,
        next: null,
      });
    }
  });

  it("reads the page number it was asked for, at least 1", () => {
    expect(pageFromSearch(new URLSearchParams("page=3"))).toBe(3);
    expect(pageFromSearch(new URLSearchParams("page=0"))).toBe(1);
    expect(pageFromSearch(new URLSearchParams("page=x"))).toBe(1);
  });
});
