import { describe, expect, it } from "vitest";
import { MAX_PAGE, pageFromSearch, pageHref, pageShowingTheSame, readPageParam, splitNextPage } from "./paging";

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

  it("reads the page number it was asked for, at least 1, at most 50", () => {
    expect(pageFromSearch(new URLSearchParams("page=3"))).toBe(3);
    expect(pageFromSearch(new URLSearchParams("page=003"))).toBe(3);
    expect(pageFromSearch(new URLSearchParams("page=0"))).toBe(1);
    expect(pageFromSearch(new URLSearchParams("page=x"))).toBe(1);
    expect(pageFromSearch(new URLSearchParams("page=99999"))).toBe(MAX_PAGE);
  });
});

describe("?page= as a list reads it", () => {
  it("spells the page number plainly, page 1 as no parameter, and reads its own answer back the same", () => {
    expect(readPageParam(["007"])).toBe("7");
    expect(readPageParam(["99999"])).toBe(String(MAX_PAGE));
    expect(readPageParam(["2", "3"])).toBe("2");
    for (const first of [["1"], ["abc"], [""], []]) expect(readPageParam(first), String(first)).toBeNull();
    for (let page = 2; page <= MAX_PAGE; page += 1)
      expect(readPageParam([readPageParam([String(page)])!])).toBe(String(page));
  });

  it("leads to another page of the same address, page 1 without the parameter", () => {
    const search = new URLSearchParams("tags=ext&page=4");
    expect(pageHref(search, 2)).toBe("?tags=ext&page=2");
    expect(pageHref(search, 1)).toBe("?tags=ext");
    expect(pageHref(new URLSearchParams("page=4"), 1)).toBe("");
  });
});

describe("a page past a list's last", () => {
  it("is the list's last page, which shows the same items; a page within the list is itself", () => {
    // 30 items in pages of 12: pages 1-3.
    expect(pageShowingTheSame(3, 30, 12)).toBeNull();
    expect(pageShowingTheSame(4, 30, 12)).toBe(3);
    expect(pageShowingTheSame(50, 30, 12)).toBe(3);
    // 24 items: page 3 shows the same 24 as page 2.
    expect(pageShowingTheSame(3, 24, 12)).toBe(2);
    expect(pageShowingTheSame(2, 24, 12)).toBeNull();
    // An empty list has page 1 only.
    expect(pageShowingTheSame(2, 0, 12)).toBe(1);
    expect(pageShowingTheSame(1, 0, 12)).toBeNull();
  });
});
