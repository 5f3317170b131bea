import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * The route pattern a path matches in the React Router build (`/blog/:slug`, `/*` for not found), so
 * the request log groups requests by route rather than by address.
 */

const trees = new WeakMap<ServerBuild["routes"], RouteObject[]>();

function routeTree(manifest: ServerBuild["routes"]): RouteObject[] {
  const known = trees.get(manifest);
  if (known) return known;
  const build = (parentId: string | undefined): RouteObject[] =>
    Object.values(manifest)
      .filter((route) => route !== undefined && route.parentId === parentId)
      .map((route): RouteObject => {
        const children = build(route!.id);
        return route!.index
          ? { id: route!.id, path: route!.path, index: true }
          : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children };
      });
  const tree = build(undefined);
  trees.set(manifest, tree);
  return tree;
}

export function routePatternFor(build: Pick<ServerBuild, "routes">, pathname: string): string | null {
  // Data requests: `/_.data` is the root's, `/blog/x.data` the page `/blog/x`'s.
  const pagePath = pathname === "/_.data" ? "/" : pathname.replace(/\.data$/, "");
  const matches = matchRoutes(routeTree(build.routes), pagePath);
  if (!matches) return null;
  const segments = matches.map((match) => match.route.path ?? "").filter((segment) => segment !== "");
  return `/${segments.join("/")}`.replace(/\/{2,}/g, "/");
}
