import { describe, expect, it } from "vitest";
import { maskEmailsInPath } from "./masking.ts";

describe("maskEmailsInPath", () => {
  it("masks a segment holding an email address, plain or percent-encoded once or twice", () => {
    expect(maskEmailsInPath("/blog/jordan@example.com")).toBe("/blog/[email]");
    expect(maskEmailsInPath("/blog/jordan%40example.com")).toBe("/blog/[email]");
    expect(maskEmailsInPath("/blog/jordan%40EXAMPLE%2Ecom/more")).toBe("/blog/[email]/more");
    expect(maskEmailsInPath("/tag/jordan%2540example.com")).toBe("/tag/[email]");
    expect(maskEmailsInPath("/a/jordan%252540example.com.data")).toBe("/a/[email]");
    expect(maskEmailsInPath("/x/first@example.com/second%40example.org")).toBe("/x/[email]/[email]");
  });

  it("leaves other paths as they are", () => {
    for (const path of [
      "/",
      "/blog/opening-day",
      "/@vite/client",
      "/node_modules/@scope/pkg/index.js",
      "/a/50%25-off",
      "/x@",
    ]) {
      expect(maskEmailsInPath(path)).toBe(path);
    }
  });
});
