import type { IncomingMessage, RequestListener } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { RouteHandle, SearchParamReader } from "~/loaders/route-handle";

/**
 * What a request asks for, read once (docs/decisions/034-query-keys.md): the request target's form (RFC 9112 section 3.2),
 * and for a page the one canonical address it has. The page cache's key and the render's URL both
 * come from `canonicalPage`, so a kept page is always the page its key names.
 */

/** Set on a request whose target came in absolute form: answered, but never kept. */
export const ABSOLUTE_FORM_LOCAL = "absoluteFormTarget";

const ABSOLUTE_FORM = /^([a-z][a-z0-9+.-]*):\/\//i;

/** Marks an incoming request whose absolute-form target `withOriginFormTargets` rewrote. */
const CAME_IN_ABSOLUTE_FORM = Symbol("came in absolute form");

type MarkedRequest = IncomingMessage & { [CAME_IN_ABSOLUTE_FORM]?: true };

/**
 * The HTTP server's request listener around the app: an absolute-form target (`GET http://host/tour`,
 * as a proxy may send it) with an http or https scheme becomes the origin-form target it names, before
 * Express reads anything of the request. (Express's router keeps the scheme and host it saw first and
 * puts them back when it strips a mount path, so a target rewritten later turned
 * `http://host/assets/app.css` into a redirect to `/assets/app.css/`.) Any other target is left for
 * `requestTargets` to answer.
 */
export function withOriginFormTargets(app: RequestListener): RequestListener {
  return (request, response) => {
    const absolute = ABSOLUTE_FORM.exec(request.url ?? "");
    const scheme = absolute?.[1]?.toLowerCase();
    if ((scheme === "http" || scheme === "https") && URL.canParse(request.url!)) {
      const named = new URL(request.url!);
      request.url = `${named.pathname}${named.search}`;
      (request as MarkedRequest)[CAME_IN_ABSOLUTE_FORM] = true;
    }
    app(request, response);
  };
}

/**
 * Before anything else reads the request: `OPTIONS *` gets the server's methods; a target that came in
 * absolute form (rewritten by `withOriginFormTargets`) is answered as the path it names whatever its
 * host, and marked so it is never kept; any other target that is not an absolute path is refused with
 * 400. (CONNECT never reaches Express: see `refuseConnect`.)
 */
export function requestTargets() {
  return (request: Request, response: Response, next: NextFunction) => {
    const target = request.url;
    if (target === "*") {
      if (request.method === "OPTIONS") {
        response.status(204).set("Allow", ALLOWED_METHODS).end();
        return;
      }
      return badTarget(response);
    }
    if (!target.startsWith("/")) return badTarget(response);
    if ((request as MarkedRequest)[CAME_IN_ABSOLUTE_FORM]) response.locals[ABSOLUTE_FORM_LOCAL] = true;
    next();
  };
}

const ALLOWED_METHODS = "GET, HEAD, POST, OPTIONS";

function badTarget(response: Response): void {
  response.status(400).set("Cache-Control", "no-store").type("text/plain").send("Bad request target.");
}

/** The site is not a proxy: a CONNECT gets a plain 405 rather than a dropped connection. */
export function refuseConnect(_request: unknown, socket: import("node:stream").Duplex): void {
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
  );
}

export type CanonicalPage =
  /** Already canonical: `path` is the canonical path, `search` the parameters the route reads, as it reads them. */
  | { kind: "canonical"; path: string; search: string; page: boolean }
  /**
   * Another spelling of a canonical address: redirect there. The path's spelling, or (for a page) the
   * spelling of a parameter it reads; other parameters go along as they came.
   */
  | { kind: "redirect"; location: string }
  /** A path that is not a path (broken percent-encoding). */
  | { kind: "bad" }
  /** No route answers it (not a page the site serves). */
  | { kind: "unmatched" };

/** Characters a path segment may hold as they are (RFC 3986 unreserved), and how pages spell the rest. */
const encodeSegment = (segment: string) => encodeURIComponent(segment);

/**
 * The canonical form of a `GET` target: case as the route table spells it, percent-encoding as
 * `encodeURIComponent` spells it (unreserved characters decoded, hex in upper case), no dot segments,
 * no empty segments (`//`, a trailing slash). For a page (a route with a component), the parameters
 * its routes read (`handle.searchParams`), each as its reader gives it, in the order they are listed;
 * other parameters do not change the page, so they are not part of it. An address whose path, or whose
 * value of a parameter the page reads, is spelled otherwise than that is another spelling
 * (docs/decisions/034-query-keys.md).
 */
export function canonicalPage(target: string, build: Pick<ServerBuild, "routes">): CanonicalPage {
  const queryAt = target.indexOf("?");
  const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
  const rawSearch = queryAt === -1 ? "" : target.slice(queryAt);

  const segments: string[] = [];
  for (const raw of rawPath.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { kind: "bad" };
    }
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  const normalized = `/${segments.map(encodeSegment).join("/")}`;

  const matches = matchRouteTree(build, normalized);
  const leaf = matches?.at(-1);
  if (!matches || !leaf) return { kind: "unmatched" };

  // The matched routes' patterns, as the route table spells them, with the request's values in place.
  const pattern = matches
    .map((match) => match.route.path ?? "")
    .join("/")
    .split("/")
    .filter(Boolean);
  const canonicalSegments: string[] = [];
  pattern.forEach((part, index) => {
    if (part === "*") canonicalSegments.push(...segments.slice(index).map(encodeSegment));
    else if (part.startsWith(":")) canonicalSegments.push(encodeSegment(segments[index] ?? ""));
    else canonicalSegments.push(part);
  });
  const path = `/${canonicalSegments.join("/")}`;

  const module = (id: string | undefined) => (id === undefined ? undefined : build.routes[id]?.module);
  const page = Boolean(module(leaf.route.id)?.default);
  if (!page) {
    return path === rawPath
      ? { kind: "canonical", path, search: rawSearch, page }
      : { kind: "redirect", location: `${path}${headerSafe(rawSearch)}` };
  }
  const readers = new Map<string, SearchParamReader>();
  for (const match of matches) {
    const read = (module(match.route.id)?.handle as RouteHandle | undefined)?.searchParams ?? {};
    for (const [name, reader] of Object.entries(read)) if (!readers.has(name)) readers.set(name, reader);
  }
  const query = canonicalQuery(rawSearch, readers);
  if (path !== rawPath || query.respelled) {
    return { kind: "redirect", location: `${path}${joinQuery([...query.read, ...query.others])}` };
  }
  return { kind: "canonical", path, search: joinQuery(query.read), page };
}

/**
 * A page's query string taken apart: the parameters it reads, each as its reader spells it (absent
 * where the reader says so), as `name=value` pieces; the others as they came (made safe for a header);
 * and whether the address spelled a read parameter otherwise (another value, another spelling of it,
 * repeated, or present where the page reads it as absent).
 */
function canonicalQuery(
  rawSearch: string,
  readers: ReadonlyMap<string, SearchParamReader>,
): { read: string[]; others: string[]; respelled: boolean } {
  const given = new URLSearchParams(rawSearch);
  const read: string[] = [];
  let respelled = false;
  for (const [name, reader] of readers) {
    const values = given.getAll(name);
    const value = reader(values);
    if (value !== null) read.push(`${encodeQueryPart(name)}=${encodeQueryPart(value)}`);
    if (value === null ? values.length > 0 : values.length !== 1 || values[0] !== value) respelled = true;
  }
  const others = rawSearch
    .slice(1)
    .split("&")
    .filter((piece) => piece !== "" && !readers.has(new URLSearchParams(piece).keys().next().value ?? ""))
    .map(headerSafe);
  return { read, others, respelled };
}

/** A query string's name or value as an address spells it: percent-encoded, except the commas of a list (`?tags=a,b`). */
const encodeQueryPart = (text: string) => encodeURIComponent(text).replaceAll("%2C", ",");

const joinQuery = (pieces: readonly string[]) => (pieces.length > 0 ? `?${pieces.join("&")}` : "");

/** A query string as it came, made safe for a `Location` header (anything outside printable ASCII encoded). */
function headerSafe(search: string): string {
  return search.replace(/[^\x21-\x7e]/g, (character) => encodeURIComponent(character));
}

const routeTrees = new WeakMap<ServerBuild["routes"], RouteObject[]>();

/** Paths matched per build, at most this many (every path a client sends could be one). */
const MAX_REMEMBERED_MATCHES = 1_000;
const rememberedMatches = new WeakMap<ServerBuild["routes"], Map<string, RouteMatch[] | null>>();

type RouteMatch = NonNullable<ReturnType<typeof matchRoutes<RouteObject>>>[number];

/**
 * `matchRoutes` over the build's route tree, remembered per path: React Router flattens and ranks the
 * whole route table and compiles each pattern on every call, which took more of a page sent from
 * memory than anything else the server does for it.
 */
export function matchRouteTree(build: Pick<ServerBuild, "routes">, pathname: string): RouteMatch[] | null {
  let remembered = rememberedMatches.get(build.routes);
  if (!remembered) {
    remembered = new Map();
    rememberedMatches.set(build.routes, remembered);
  }
  const known = remembered.get(pathname);
  if (known !== undefined) return known;
  const matches = matchRoutes(routeTree(build), pathname);
  if (remembered.size >= MAX_REMEMBERED_MATCHES) remembered.delete(remembered.keys().next().value!);
  remembered.set(pathname, matches);
  return matches;
}

/** The server build's routes as a tree `matchRoutes` reads. */
export function routeTree(build: Pick<ServerBuild, "routes">): RouteObject[] {
  const known = routeTrees.get(build.routes);
  if (known) return known;
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const nodes = new Map<string, RouteObject>(
    routes.map((route) => [
      route.id,
      route.index
        ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: [] },
    ]),
  );
  const roots: RouteObject[] = [];
  for (const route of routes) {
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent?.children) parent.children.push(node);
    else roots.push(node);
  }
  routeTrees.set(build.routes, roots);
  return roots;
}
