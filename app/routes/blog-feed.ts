import { getServices } from "~/context";
import { feedResponse } from "~/loaders/feed-response.server";
import type { Route } from "./+types/blog-feed";

/**
 * /blog/feed.xml, the blog's Atom feed, and /blog/tag/{tag}/feed.xml, one tag's (docs/architecture.md#feeds).
 * Every page links the first for feed readers to find; a tag page links its own.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { feeds } = getServices(context);
  const tag = "tag" in params ? (params.tag as string) : undefined;
  const lookup = tag === undefined ? await feeds.blogFeed() : await feeds.blogTagFeed(tag);
  return feedResponse(request, lookup, "No posts have this tag.");
}
