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
      module: { default: page, handle: { searchParams: ["page"] } },
    },
    "routes/gallery": {
      id: "routes/gallery",
      parentId: "root",
      path: "gallery",
      module: { default: page, handle: { searchParams: ["page", "tags"] } },
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

  it("keeps only the parameters a page reads, in the order its route lists them, first value each", () => {
    expect(canonical("/tour?utm_source=x&gclid=1&fbclid=2&msclkid=3")).toMatchObject({ path: "/tour", search: "" });
    expect(canonical("/blog?utm_medium=mail&page=2&page=3")).toMatchObject({ path: "/blog", search: "?page=2" });
    expect(canonical("/gallery?tags=ext&utm_source=x&page=2")).toMatchObject({ search: "?page=2&tags=ext" });
    expect(canonical("/blog/a-post?page=2")).toMatchObject({ search: "" });
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
