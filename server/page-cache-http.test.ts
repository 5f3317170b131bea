import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { pageCacheKey } from "./page-cache-http.ts";

const page = () => null;
const build = {
  routes: {
    root: { id: "root", path: "", module: { default: page } },
    "routes/home": { id: "routes/home", parentId: "root", index: true, module: { default: page } },
    "routes/blog": {
      id: "routes/blog",
      parentId: "root",
      path: "blog",
      module: { default: page, handle: { searchParams: ["page"] } },
    },
    "routes/blog-post": { id: "routes/blog-post", parentId: "root", path: "blog/:slug", module: { default: page } },
    "routes/sitemap": { id: "routes/sitemap", parentId: "root", path: "sitemap.xml", module: { loader: page } },
  },
} as unknown as Pick<ServerBuild, "routes">;

function request(url: string, { method = "GET", cookie = "" } = {}) {
  return {
    method,
    originalUrl: url,
    path: url.split("?")[0]!,
    get: (name: string) => (name.toLowerCase() === "cookie" && cookie ? cookie : undefined),
  } as Parameters<typeof pageCacheKey>[0];
}

describe("pageCacheKey", () => {
  it("keys a page by its address", () => {
    expect(pageCacheKey(request("/"), build)).toBe("/");
    expect(pageCacheKey(request("/blog/a-post"), build)).toBe("/blog/a-post");
  });

  it("keeps a query string only when the page reads every parameter in it", () => {
    expect(pageCacheKey(request("/blog?page=2"), build)).toBe("/blog?page=2");
    expect(pageCacheKey(request("/blog?page=2&utm_source=mail"), build)).toBeNull();
    expect(pageCacheKey(request("/?page=2"), build)).toBeNull();
    expect(pageCacheKey(request("/blog/a-post?page=2"), build)).toBeNull();
  });

  it("never answers a form post, a data request, a resource route or a preview", () => {
    expect(pageCacheKey(request("/blog", { method: "POST" }), build)).toBeNull();
    expect(pageCacheKey(request("/blog", { method: "HEAD" }), build)).toBeNull();
    expect(pageCacheKey(request("/blog.data"), build)).toBeNull();
    expect(pageCacheKey(request("/sitemap.xml"), build)).toBeNull();
    expect(pageCacheKey(request("/blog", { cookie: "theme=dark; preview=signed-token" }), build)).toBeNull();
    expect(pageCacheKey(request("/blog", { cookie: "_ga=GA1.1.1" }), build)).toBe("/blog");
  });
});
