import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { PAGE_REGISTRY } from "./content/page-registry";

/** The route table: every registered page (`content/page-registry.ts`), then the routes that are not pages of their own. */
export default [
  ...PAGE_REGISTRY.map((page) => (page.path === "/" ? index(page.module) : route(page.path.slice(1), page.module))),
  route("blog/feed.xml", "routes/blog-feed.ts", { id: "blog-feed" }),
  route("blog/tag/:tag", "routes/blog-tag.tsx"),
  route("blog/tag/:tag/feed.xml", "routes/blog-feed.ts", { id: "blog-tag-feed" }),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("events.ics", "routes/events-subscription.ts"),
  route("events/:file", "routes/event-calendar.ts"),
  route("event-covers/:file", "routes/event-cover.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("__error-test", "routes/error-test.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
