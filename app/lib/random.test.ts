import { describe, expect, it } from "vitest";
import { pickRandom } from "./random";

describe("pickRandom", () => {
  it("picks up to the count, each item at most once", () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    for (let run = 0; run < 50; run += 1) {
      const picked = pickRandom(items, 3);
      expect(picked).toHaveLength(3);
      expect(new Set(picked).size).toBe(3);
      expect(picked.every((item) => items.includes(item))).toBe(true);
    }
    expect(pickRandom([1, 2], 3).sort()).toEqual([1, 2]);
    expect(pickRandom([], 3)).toEqual([]);
  });

  it("varies the order and the choice", () => {
    const seen = new Set<string>();
    for (let run = 0; run < 50; run += 1) seen.add(pickRandom([1, 2, 3, 4], 2).join(","));
    expect(seen.size).toBeGreaterThan(3);
  });
});
