import { describe, expect, it } from "vitest";
import { secretMatches } from "./secret-match.ts";

const SECRET = "a-long-shared-secret-0123456789";
const NEXT_SECRET = "the-next-shared-secret-9876543210";

describe("the secret comparison", () => {
  it("accepts only the exact secret", () => {
    expect(secretMatches(SECRET, [SECRET])).toBe(true);
    expect(secretMatches(`${SECRET} `, [SECRET])).toBe(false);
    expect(secretMatches(SECRET.slice(0, -1), [SECRET])).toBe(false);
    expect(secretMatches(undefined, [SECRET])).toBe(false);
  });

  it("accepts either of two secrets, whichever comes first, and an empty list accepts nothing", () => {
    expect(secretMatches(SECRET, [SECRET, NEXT_SECRET])).toBe(true);
    expect(secretMatches(NEXT_SECRET, [SECRET, NEXT_SECRET])).toBe(true);
    expect(secretMatches(NEXT_SECRET, [SECRET])).toBe(false);
    expect(secretMatches("", [])).toBe(false);
    expect(secretMatches(undefined, [SECRET, NEXT_SECRET])).toBe(false);
  });
});
