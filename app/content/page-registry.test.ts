import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAGE_HEROES } from "../../demo/dataset/content.ts";
import { siteRoutes } from "../../tests/e2e/support/routes.ts";
import routes from "../routes";
import { PAGE_REGISTRY } from "./page-registry";
import { pages } from "./pages";

/**
 * One registry of pages (docs/decisions/037-one-registry-of-pages.md): what reads it cannot drift from
 * it, and what is kept beside it (the demo's heroes) is tied to it here rather than by an end-to-end run.
 */
describe("the registry of pages", () => {
  const routeFiles = routes.map((entry) => entry.file);

  it("is the route table's pages, each with a module that exists", () => {
    for (const page of PAGE_REGISTRY) {
      expect(routeFiles).toContain(page.module);
      expect(existsSync(path.join(import.meta.dirname, "..", page.module))).toBe(true);
    }
    // A page route (a component with a hero) that is not in the registry: only those with a hero of their own
    // content (a post, a tag, the not-found page) are left out.
    const unregistered = routeFiles.filter(
      (file) => file.endsWith(".tsx") && !PAGE_REGISTRY.some((page) => page.module === file),
    );
    expect(unregistered.toSorted()).toEqual(["routes/blog-post.tsx", "routes/blog-tag.tsx", "routes/not-found.tsx"]);
  });

  it("is every page's intro, sitemap entry and content check slug", () => {
    expect(Object.keys(pages).toSorted()).toEqual(PAGE_REGISTRY.map((page) => page.key).toSorted());
    for (const page of PAGE_REGISTRY) {
      const intro = pages[page.key];
      expect([intro.path, intro.slug, intro.heading]).toEqual([page.path, page.heroSlug, page.heading]);
    }
  });

  it("is the end-to-end route list (axe, the HTML checker, the benches), with a blog post", () => {
    const paths = siteRoutes.map((route) => route.path);
    expect(paths.filter((candidate) => !candidate.startsWith("/blog/"))).toEqual(
      PAGE_REGISTRY.map((page) => page.path),
    );
    expect(paths.filter((candidate) => candidate.startsWith("/blog/"))).toHaveLength(1);
  });

  it("has a hero in the demo for each page, and one for blog posts (new heroes go last: they date the dataset)", () => {
    const heroes = PAGE_HEROES.map(([slug]) => slug);
    expect(heroes.toSorted()).toEqual([...PAGE_REGISTRY.map((page) => page.heroSlug), "blog-post"].toSorted());
  });
});
