import { describe, expect, it } from "vitest";
import { routePatternFor } from "./route-pattern.ts";

// The shape of a React Router build's route manifest (modules left out).
const routes = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/blog": { id: "routes/blog", parentId: "root", path: "blog" },
  "routes/blog-tag": { id: "routes/blog-tag", parentId: "root", path: "blog/tag/:tag" },
  "routes/blog-post": { id: "routes/blog-post", parentId: "root", path: "blog/:slug" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
} as never;

describe("route patterns", () => {
  it("name the route a page's address matches, not the address", () => {
    expect(routePatternFor({ routes }, "/")).toBe("/");
    expect(routePatternFor({ routes }, "/blog")).toBe("/blog");
    expect(routePatternFor({ routes }, "/blog/members-night")).toBe("/blog/:slug");
    expect(routePatternFor({ routes }, "/blog/tag/community")).toBe("/blog/tag/:tag");
    expect(routePatternFor({ routes }, "/anything/else")).toBe("/*");
  });

  it("give data requests their page's pattern", () => {
    expect(routePatternFor({ routes }, "/_.data")).toBe("/");
    expect(routePatternFor({ routes }, "/blog/members-night.data")).toBe("/blog/:slug");
  });
});
