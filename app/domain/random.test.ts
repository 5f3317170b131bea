import { describe, expect, it } from "vitest";
import { pickRandom, seededRandom } from "./random";

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

describe("seededRandom", () => {
  it("repeats its sequence for one seed, and differs for another", () => {
    const sequence = (seed: string) => Array.from({ length: 20 }, seededRandom(seed));
    expect(sequence("demo:/")).toEqual(sequence("demo:/"));
    expect(sequence("demo:/")).not.toEqual(sequence("demo:/blog/a-post"));
    expect(sequence("demo:/").every((value) => value >= 0 && value < 1)).toBe(true);
    expect(pickRandom([1, 2, 3, 4, 5], 3, seededRandom("x"))).toEqual(
      pickRandom([1, 2, 3, 4, 5], 3, seededRandom("x")),
    );
  });
});
