import type { ServerBuild } from "react-router";
import { matchRouteTree } from "./request-target.ts";

/**
 * The route pattern a path matches in the React Router build (`/blog/:slug`, `/*` for not found), so
 * the request log groups requests by route rather than by address.
 */

export function routePatternFor(build: Pick<ServerBuild, "routes">, pathname: string): string | null {
  // Data requests: `/_.data` is the root's, `/blog/x.data` the page `/blog/x`'s.
  const pagePath = pathname === "/_.data" ? "/" : pathname.replace(/\.data$/, "");
  const matches = matchRouteTree(build, pagePath);
  if (!matches) return null;
  const segments = matches.map((match) => match.route.path ?? "").filter((segment) => segment !== "");
  return `/${segments.join("/")}`.replace(/\/{2,}/g, "/");
}
