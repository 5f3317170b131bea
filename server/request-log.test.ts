import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";
import { requestLogging } from "./request-log.ts";

const servers: { close(): void }[] = [];

afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function site(trustProxy: boolean | string) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    format: "json",
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(requestLogging(logger));
  app.get("/healthz", (_request, response) => void response.json({ status: "ok" }));
  app.get("/blog/:slug", (_request, response) => {
    response.locals.route = "/blog/:slug";
    logger.info("inside the handler");
    response.send("x".repeat(1_000));
  });
  app.get("/broken", (_request, response) => void response.status(503).send("down"));
  const assets = express.Router();
  assets.get("/app.js", (_request, response) => void response.type("js").send("//"));
  app.use("/assets", assets);
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, lines };
}

describe("the request log", () => {
  it("writes one line per request: method, route, path without query, status, duration, id, bytes", async () => {
    const { url, lines } = await site(false);
    const response = await fetch(`${url}/blog/hello?email=someone@example.com`);
    await response.text();
    await expect.poll(() => lines.length).toBe(2);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [inside, line] = lines;
    expect(inside).toMatchObject({ msg: "inside the handler", requestId: id });
    expect(line).toMatchObject({
      level: "info",
      method: "GET",
      route: "/blog/:slug",
      path: "/blog/hello",
      status: 200,
      requestId: id,
    });
    expect(line!.durationMs).toEqual(expect.any(Number));
    expect(line!.bytes).toBeGreaterThan(1_000);
    expect(JSON.stringify(lines)).not.toContain("someone@example.com");
  });

  it("logs the whole path of a request a mounted handler answered (static files under /assets)", async () => {
    const { url, lines } = await site(false);
    await (await fetch(`${url}/assets/app.js?v=1`)).text();
    await expect.poll(() => lines.at(-1)?.path).toBe("/assets/app.js");
  });

  it("masks an email address typed into a path, also percent-encoded", async () => {
    const { url, lines } = await site(false);
    await (await fetch(`${url}/blog/someone@example.com`)).text();
    await expect.poll(() => lines.at(-1)?.path).toBe("/blog/[email]");
    await (await fetch(`${url}/blog/someone%40example.com`)).text();
    // Each request: the handler's own line, then the request line.
    await expect.poll(() => lines.length).toBe(4);
    expect(lines.at(-1)).toMatchObject({ path: "/blog/[email]", msg: "GET /blog/[email] 200" });
    expect(JSON.stringify(lines)).not.toMatch(/someone/);
  });

  it("logs a 5xx answer at error level and skips successful health probes", async () => {
    const { url, lines } = await site(false);
    await (await fetch(`${url}/healthz`)).text();
    await (await fetch(`${url}/broken`)).text();
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toMatchObject({ level: "error", status: 503, route: null, path: "/broken" });
  });

  it("takes X-Request-Id from a trusted proxy only", async () => {
    const trusted = await site("loopback");
    const fromProxy = await fetch(`${trusted.url}/healthz`, { headers: { "X-Request-Id": "lb-7f3a-0001" } });
    expect(fromProxy.headers.get("x-request-id")).toBe("lb-7f3a-0001");
    const malformed = await fetch(`${trusted.url}/healthz`, { headers: { "X-Request-Id": "bad id with spaces" } });
    expect(malformed.headers.get("x-request-id")).not.toBe("bad id with spaces");

    const untrusted = await site(false);
    const direct = await fetch(`${untrusted.url}/healthz`, { headers: { "X-Request-Id": "lb-7f3a-0001" } });
    expect(direct.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
