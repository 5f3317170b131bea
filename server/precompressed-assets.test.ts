import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressFiles } from "../scripts/precompress-assets.ts";
import { precompressedAssets, preferredEncoding } from "./precompressed-assets.ts";

const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
const style = `${".card { color: red; }\n".repeat(200)}`;

let directory: string;
let server: http.Server;
let origin: string;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request (no client library that would decode or add its own Accept-Encoding). */
function get(target: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}${target}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

function decoded(answer: Answer): string {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(answer.body).toString();
  if (encoding === "gzip") return zlib.gunzipSync(answer.body).toString();
  return answer.body.toString();
}

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), "hub-precompressed-"));
  writeFileSync(path.join(directory, "app-1a2b.js"), script);
  writeFileSync(path.join(directory, "app-1a2b.css"), style);
  writeFileSync(path.join(directory, "tiny-9z.js"), "export {};\n");
  writeFileSync(path.join(directory, "font-3c.woff2"), Buffer.alloc(4096, 7));
  await precompressFiles(directory, ["app-1a2b.js", "app-1a2b.css", "tiny-9z.js", "font-3c.woff2"]);
  // Only a gzip variant of the stylesheet, as a build with brotli missing would leave.
  rmSync(path.join(directory, "app-1a2b.css.br"));

  const app = express();
  app.use(compression());
  app.use("/assets", precompressedAssets(directory));
  app.use("/assets", express.static(directory, { immutable: true, maxAge: "1y", index: false }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(directory, { recursive: true, force: true });
});

describe("precompressFiles", () => {
  it("writes brotli and gzip beside text files worth compressing, and nothing for small or binary ones", async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), "hub-precompress-"));
    try {
      writeFileSync(path.join(scratch, "a.js"), script);
      writeFileSync(path.join(scratch, "b.js"), "export {};\n");
      writeFileSync(path.join(scratch, "c.woff2"), Buffer.alloc(4096, 7));
      const written = await precompressFiles(scratch, ["a.js", "b.js", "c.woff2"]);
      expect(written).toEqual(["a.js.br", "a.js.gz"]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe("preferredEncoding", () => {
  it("takes the highest weight, breaking a tie by our order (brotli first)", () => {
    const ours = ["br", "gzip"];
    expect(preferredEncoding("gzip, deflate, br, zstd", ours)).toBe("br");
    expect(preferredEncoding("gzip;q=1, br;q=0.5", ours)).toBe("gzip");
    expect(preferredEncoding("BR;Q=0.8, gzip;q=0.2", ours)).toBe("br");
    expect(preferredEncoding("*", ours)).toBe("br");
    expect(preferredEncoding("br;q=0, *;q=0.1", ours)).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0", ours)).toBeNull();
    expect(preferredEncoding("deflate, identity", ours)).toBeNull();
    expect(preferredEncoding("br;q=nonsense", ours)).toBeNull();
    expect(preferredEncoding("", ours)).toBeNull();
    expect(preferredEncoding(undefined, ours)).toBeNull();
    expect(preferredEncoding("gzip, br", ["gzip"])).toBe("gzip");
  });
});

describe("precompressedAssets", () => {
  it("sends the brotli file to a browser that accepts it, as the script it is", async () => {
    const answer = await get("/assets/app-1a2b.js", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(script.length / 3);
    expect(decoded(answer)).toBe(script);
  });

  it("sends gzip to a client that accepts only gzip, or refuses brotli", async () => {
    for (const accept of ["gzip", "br;q=0, gzip", "gzip;q=1, br;q=0.5"]) {
      const answer = await get("/assets/app-1a2b.js", { "Accept-Encoding": accept });
      expect(answer.headers["content-encoding"], accept).toBe("gzip");
      expect(decoded(answer)).toBe(script);
    }
  });

  it("sends the file itself to a client that accepts neither, with the Vary a cache needs", async () => {
    const headerSets: Record<string, string>[] = [
      {},
      { "Accept-Encoding": "identity" },
      { "Accept-Encoding": "br;q=0, gzip;q=0" },
    ];
    for (const headers of headerSets) {
      const answer = await get("/assets/app-1a2b.js", headers);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(answer.body.toString()).toBe(script);
    }
  });

  it("uses the variant there is, and leaves the rest to per-request compression", async () => {
    const style = await get("/assets/app-1a2b.css", { "Accept-Encoding": "br, gzip" });
    expect(style.headers["content-encoding"]).toBe("gzip");
    expect(style.headers["content-type"]).toBe("text/css; charset=utf-8");
    const tiny = await get("/assets/tiny-9z.js", { "Accept-Encoding": "br, gzip" });
    expect(tiny.status).toBe(200);
    expect(decoded(tiny)).toBe("export {};\n");
    const font = await get("/assets/font-3c.woff2", { "Accept-Encoding": "br, gzip" });
    expect(font.headers["content-encoding"]).toBeUndefined();
    expect(font.body.length).toBe(4096);
  });

  it("answers HEAD with the headers its GET would have, and keeps a query string", async () => {
    const head = await get("/assets/app-1a2b.js?v=1", { "Accept-Encoding": "br" }, "HEAD");
    const full = await get("/assets/app-1a2b.js?v=1", { "Accept-Encoding": "br" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(full.headers["content-length"]);
  });

  it("matches only the asset names the folder held at start, whatever the spelling asks", async () => {
    const byName = await get("/assets/app-1a2b.js.br", { "Accept-Encoding": "identity" });
    expect(byName.headers["content-encoding"]).toBeUndefined();
    expect(byName.headers["content-type"]).not.toContain("javascript");
    // Other spellings of the path go to the static files as before, and still come out right.
    for (const target of ["/assets/%61pp-1a2b.js", "/assets/./app-1a2b.js"]) {
      const answer = await get(target, { "Accept-Encoding": "br" });
      expect(decoded(answer), target).toBe(script);
    }
    const missing = await get("/assets/missing.js", { "Accept-Encoding": "br" });
    expect(missing.status).toBe(404);
  });
});
