import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCacheAnswers } from "./page-cache-http.ts";
import { matchRoutes } from "react-router";
import {
  ABSOLUTE_FORM_LOCAL,
  canonicalPage,
  matchRouteTree,
  requestTargets,
  routeTree,
  withOriginFormTargets,
} from "./request-target.ts";
import { readTagsParam } from "~/domain/gallery-filter";
import { readPageParam } from "~/domain/paging";

const page = () => null;
const build = {
  routes: {
    root: { id: "root", path: "", module: { default: page } },
    "routes/home": { id: "routes/home", parentId: "root", index: true, module: { default: page } },
    "routes/tour": { id: "routes/tour", parentId: "root", path: "tour", module: { default: page } },
    "routes/blog": {
      id: "routes/blog",
      parentId: "root",
      path: "blog",
      module: { default: page, handle: { searchParams: { page: readPageParam } } },
    },
    "routes/gallery": {
      id: "routes/gallery",
      parentId: "root",
      path: "gallery",
      module: { default: page, handle: { searchParams: { tags: readTagsParam, page: readPageParam } } },
    },
    "routes/blog-tag": { id: "routes/blog-tag", parentId: "root", path: "blog/tag/:tag", module: { default: page } },
    "routes/blog-post": { id: "routes/blog-post", parentId: "root", path: "blog/:slug", module: { default: page } },
    "routes/sitemap": { id: "routes/sitemap", parentId: "root", path: "sitemap.xml", module: { loader: page } },
    "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*", module: { default: page } },
  },
} as unknown as Pick<ServerBuild, "routes">;

const canonical = (target: string) => canonicalPage(target, build);

describe("matchRouteTree", () => {
  it("matches as matchRoutes does, and remembers each path's matches", () => {
    for (const path of ["/", "/tour", "/blog/tag/news", "/blog/a-post", "/no/such/page"]) {
      const matches = matchRouteTree(build, path);
      expect(matches?.map((match) => match.route.id)).toEqual(
        matchRoutes(routeTree(build), path)?.map((match) => match.route.id),
      );
      expect(matchRouteTree(build, path)).toBe(matches);
    }
  });

  it("remembers at most a thousand paths, so made-up addresses cannot grow it without end", () => {
    const first = matchRouteTree(build, "/made-up-0");
    for (let index = 1; index <= 1_000; index += 1) matchRouteTree(build, `/made-up-${index}`);
    expect(matchRouteTree(build, "/made-up-0")).not.toBe(first);
    expect(matchRouteTree(build, "/made-up-1000")).toBe(matchRouteTree(build, "/made-up-1000"));
  });
});

describe("canonicalPage", () => {
  it("takes a canonical address as it is", () => {
    expect(canonical("/")).toEqual({ kind: "canonical", path: "/", search: "", page: true });
    expect(canonical("/tour")).toEqual({ kind: "canonical", path: "/tour", search: "", page: true });
    expect(canonical("/blog/holiday-makers-market")).toMatchObject({ path: "/blog/holiday-makers-market" });
    expect(canonical("/blog/caf%C3%A9")).toMatchObject({ kind: "canonical", path: "/blog/caf%C3%A9" });
  });

  it("redirects every other spelling of a path to the one the route table and the page's links use", () => {
    const location = (target: string) => {
      const answer = canonical(target);
      return answer.kind === "redirect" ? answer.location : answer.kind;
    };
    expect(location("/TOUR")).toBe("/tour");
    expect(location("/Blog/Tag/Events")).toBe("/blog/tag/Events");
    expect(location("/%74our")).toBe("/tour");
    expect(location("/tour/")).toBe("/tour");
    expect(location("//tour")).toBe("/tour");
    expect(location("/blog/../tour")).toBe("/tour");
    expect(location("/./tour")).toBe("/tour");
    expect(location("/../../tour")).toBe("/tour");
    expect(location("/blog/%2e%2e/tour")).toBe("/tour");
    expect(location("/blog/caf%c3%a9")).toBe("/blog/caf%C3%A9");
    expect(location("/blog/holiday%2Dmakers")).toBe("/blog/holiday-makers");
    // The query string goes along, campaign tags included, made safe for a header.
    expect(location("/TOUR?utm_source=mail&x=é")).toBe("/tour?utm_source=mail&x=%C3%A9");
    // Never to another host.
    expect(location("//evil.example/")).toBe("/evil.example");
  });

  it("keeps only the parameters a page reads, as it reads them, in the order its route lists them", () => {
    expect(canonical("/tour?utm_source=x&gclid=1&fbclid=2&msclkid=3")).toMatchObject({ path: "/tour", search: "" });
    expect(canonical("/blog?utm_medium=mail&page=2")).toMatchObject({ path: "/blog", search: "?page=2" });
    expect(canonical("/gallery?page=2&utm_source=x&tags=ext")).toMatchObject({ search: "?tags=ext&page=2" });
    expect(canonical("/blog/a-post?page=2")).toMatchObject({ search: "" });
    // The same values spelled with the list's comma encoded: the same page, one key.
    expect(canonical("/gallery?tags=ext%2Cconstruction")).toMatchObject({ search: "?tags=ext,construction" });
    expect(canonical("/gallery?tags=ext,construction")).toMatchObject({ search: "?tags=ext,construction" });
  });

  it("redirects another spelling of a value a page reads to the value as the page reads it, other parameters along", () => {
    const location = (target: string) => {
      const answer = canonical(target);
      return answer.kind === "redirect" ? answer.location : answer.kind;
    };
    // The page number as a list reads it: a whole number from 1 to 50; anything else is the first page.
    for (const spelling of ["007", "7.0", "+7", " 7 ", "7e0", "0x7"]) {
      expect(location(`/blog?page=${encodeURIComponent(spelling)}`), spelling).toBe("/blog?page=7");
    }
    for (const spelling of ["abc", "0", "-3", "1", "", "2.5", "Infinity", "NaN"]) {
      expect(location(`/blog?page=${spelling}`), spelling).toBe("/blog");
    }
    expect(location("/blog?page=99999")).toBe("/blog?page=50");
    expect(location("/blog?page=2&page=3")).toBe("/blog?page=2");
    // Tags: known ones only, each once, in the filters' order; none is the gallery unfiltered.
    expect(location("/gallery?tags=construction,ext")).toBe("/gallery?tags=ext,construction");
    expect(location("/gallery?tags=EXT,ext,%20ext")).toBe("/gallery?tags=ext");
    expect(location("/gallery?tags=ext&tags=workspace")).toBe("/gallery?tags=workspace,ext");
    expect(location("/gallery?tags=no-such-tag")).toBe("/gallery");
    expect(location("/gallery?tags=")).toBe("/gallery");
    expect(location("/gallery?tags=%3Cscript%3E,ext")).toBe("/gallery?tags=ext");
    // Other parameters go along as they came (campaign tags stay for the page's analytics).
    expect(location("/gallery?utm_source=mail&page=007&x=%C3%A9&tags=ext")).toBe(
      "/gallery?tags=ext&page=7&utm_source=mail&x=%C3%A9",
    );
    // A path and a value spelled otherwise: one redirect.
    expect(location("/Gallery/?page=02")).toBe("/gallery?page=2");
    // The canonical address is canonical: no redirect loop.
    for (const target of ["/blog?page=7", "/blog?page=50", "/gallery?tags=workspace,ext&page=3", "/gallery?q=1"]) {
      expect(canonical(target).kind, target).toBe("canonical");
    }
  });

  it("gives every made-up spelling of a value one of few keys", () => {
    const keys = new Set<string>();
    for (let index = 0; index < 1_000; index += 1) {
      for (const target of [
        `/gallery?page=${index}`,
        `/gallery?page=${"0".repeat(index % 5)}${index}`,
        `/gallery?tags=made-up-${index}`,
        `/gallery?tags=ext,made-up-${index}`,
        `/gallery?page=abc${index}&tags=EXT`,
      ]) {
        const answer = canonical(target);
        const key = answer.kind === "redirect" ? canonical(answer.location) : answer;
        expect(key.kind, target).toBe("canonical");
        if (key.kind === "canonical") keys.add(`${key.path}${key.search}`);
      }
    }
    // Pages 1 to 50 unfiltered, and the first page filtered on ext: 5,000 addresses, 51 pages.
    expect(keys.size).toBe(51);
  });

  it("leaves the query string of a resource route alone (it is not a page)", () => {
    expect(canonical("/sitemap.xml?v=1")).toEqual({
      kind: "canonical",
      path: "/sitemap.xml",
      search: "?v=1",
      page: false,
    });
  });

  it("says when a path is not a path", () => {
    expect(canonical("/blog/%E0%A4%A")).toEqual({ kind: "bad" });
    expect(canonical("/tour%zz")).toEqual({ kind: "bad" });
  });
});

describe("pageCacheAnswers", () => {
  const request = (method: string, cookie = "") => ({
    method,
    get: (name: string) => (name.toLowerCase() === "cookie" && cookie ? cookie : undefined),
  });
  it("answers GET and HEAD without a preview cookie", () => {
    expect(pageCacheAnswers(request("GET"))).toBe(true);
    expect(pageCacheAnswers(request("HEAD"))).toBe(true);
    expect(pageCacheAnswers(request("GET", "_ga=GA1.1.1"))).toBe(true);
    expect(pageCacheAnswers(request("POST"))).toBe(false);
    expect(pageCacheAnswers(request("GET", "theme=dark; preview=signed-token"))).toBe(false);
  });
});

describe("requestTargets", () => {
  let server: import("node:http").Server;
  let port: number;
  let assets: string;
  beforeAll(async () => {
    assets = mkdtempSync(path.join(tmpdir(), "request-targets-"));
    writeFileSync(path.join(assets, "app.css"), "body{margin:0}");
    const app = express();
    app.use(requestTargets());
    // Mounted on a path, as the site's assets are: Express strips the mount path from the target.
    app.use("/assets", express.static(assets, { index: false }));
    app.use((request, response) => {
      response.json({
        url: request.url,
        originalUrl: request.originalUrl,
        absolute: response.locals[ABSOLUTE_FORM_LOCAL] ?? false,
      });
    });
    server = http.createServer(withOriginFormTargets(app)).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as import("node:net").AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(assets, { recursive: true, force: true });
  });

  async function raw(requestLine: string): Promise<string> {
    const net = await import("node:net");
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () =>
        socket.write(`${requestLine}\r\nHost: odd.example\r\nConnection: close\r\n\r\n`),
      );
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
      socket.on("end", () => resolve(answer));
      socket.on("error", reject);
    });
  }

  it("answers an absolute-form target as the path it names, marked so it is never kept", async () => {
    const answer = await raw("GET http://attacker.example/tour?page=2 HTTP/1.1");
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('{"url":"/tour?page=2","originalUrl":"/tour?page=2","absolute":true}');
  });

  it("serves a file under a mount path for an absolute-form target as for its path", async () => {
    for (const target of ["http://attacker.example/assets/app.css", "https://hub.example.org/assets/app.css"]) {
      const answer = await raw(`GET ${target} HTTP/1.1`);
      expect(answer, target).toMatch(/^HTTP\/1\.1 200/);
      expect(answer, target).toMatch(/\r\n\r\nbody\{margin:0\}$/);
    }
  });

  it("answers OPTIONS * with the methods, and refuses other targets that are not a path", async () => {
    const options = await raw("OPTIONS * HTTP/1.1");
    expect(options).toMatch(/^HTTP\/1\.1 204/);
    expect(options).toMatch(/Allow: GET, HEAD, POST, OPTIONS/i);
    expect(await raw("GET * HTTP/1.1")).toMatch(/^HTTP\/1\.1 400/);
    expect(await raw("GET ftp://example.org/tour HTTP/1.1")).toMatch(/^HTTP\/1\.1 400/);
    expect(await raw("GET origin.example:80 HTTP/1.1")).toMatch(/^HTTP\/1\.1 400/);
  });

  it("passes an origin-form target through untouched", async () => {
    expect(await raw("GET /tour?utm_source=x HTTP/1.1")).toContain('"url":"/tour?utm_source=x"');
  });
});
