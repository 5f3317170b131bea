import { readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { demoBlogPost, siteRoutes } from "./support/routes";
import { spawnSite } from "./support/spawn-site";
import { expect, test } from "./support/fixtures";
import { readinessOf } from "../support/readiness.ts";
import { untilKept } from "../support/until-kept.ts";

/**
 * The page cache answers only what it rendered (docs/architecture.md#the-page-cache), tried as an attacker would: a corpus of
 * raw request targets and headers goes to a site whose cache is empty, so that every one of them could
 * leave a page behind. Then every route must be answered from memory with exactly what a render of
 * that route gives: an uncached render on a second site with the same content, the same SITE_URL and
 * the same RANDOM_SEED (so random choices, such as the order of success stories, are the same).
 */

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are over a socket (no client library rewrites the request line) and reads the answer. */
function rawRequest(port: number, head: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
    const chunks: Buffer[] = [];
    socket.setTimeout(20_000, () => socket.destroy(new Error(`No answer in time to ${JSON.stringify(head)}`)));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const [statusLine = "", ...lines] = text.slice(0, split === -1 ? text.length : split).split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let body = split === -1 ? "" : text.slice(split + 4);
      if (/chunked/i.test(headers["transfer-encoding"] ?? "")) body = unchunk(body);
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body });
    });
  });
}

function unchunk(body: string): string {
  const bytes = Buffer.from(body, "utf8");
  const parts: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const lineEnd = bytes.indexOf("\r\n", at);
    const size = Number.parseInt(bytes.subarray(at, lineEnd).toString("latin1"), 16);
    if (!size) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts).toString("utf8");
}

const get = (target: string, headers: string[] = ["Host: hub.example.org"]) =>
  `GET ${target} HTTP/1.1\r\n${[...headers, "Connection: close"].join("\r\n")}\r\n\r\n`;

/** Whether a section came after the page's first part (its HTML streamed into a hidden element). */
const sectionStreamed = (html: string) => /<div hidden id="S:\d+"><(?!script)/.test(html);

/**
 * The body with this answer's nonce attributes taken out (a rendered answer has a nonce of its own; a
 * kept page has none, docs/decisions/031-page-cache-with-hashed-scripts.md), and the contact form's form token (every render has its own: a kept
 * page gives everyone the one it was rendered with, and the lead store tells their forms apart by their
 * details as well, docs/leads.md).
 */
function withoutNonce(answer: { headers: Record<string, string>; body: string }): string {
  const nonce = /'nonce-([^']+)'/.exec(answer.headers["content-security-policy"] ?? "")?.[1];
  const body = nonce ? answer.body.replaceAll(` nonce="${nonce}"`, "") : answer.body;
  const submissionId = /name="submissionId" value="([^"]+)"/.exec(body)?.[1];
  return submissionId ? body.replaceAll(submissionId, "SUBMISSION_ID") : body;
}

/** Spellings, forms and headers of a request for `path` that must never leave anything but `path`'s page. */
function corpusFor(path: string, port: number): { name: string; head: string }[] {
  // The route table's own segment in capitals (a post's slug is the editor's to spell).
  const upper = path.replace(/^\/[^/]+/, (segment) => segment.toUpperCase());
  const encoded = path.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`);
  const other = path === "/" ? "/contact" : "/";
  return [
    { name: "absolute form, another host", head: get(`http://attacker.example${path}`) },
    { name: "absolute form, naming another page than Host's", head: get(`http://127.0.0.1:${port}${other}`) },
    { name: "absolute form, https", head: get(`https://hub.example.org${path}`) },
    { name: "mixed case", head: get(upper) },
    { name: "percent-encoded letter", head: get(encoded) },
    { name: "dot segments", head: get(`/blog/..${path}`) },
    { name: "dot segment", head: get(`/.${path}`) },
    { name: "double slash", head: get(`/${path}`) },
    { name: "trailing slash", head: get(path === "/" ? "//" : `${path}/`) },
    { name: "HEAD", head: `HEAD ${path} HTTP/1.1\r\nHost: hub.example.org\r\nConnection: close\r\n\r\n` },
    { name: "8 KB query string", head: get(`${path}?q=${"a".repeat(8 * 1024)}`) },
    { name: "odd Host", head: get(path, ["Host: evil.example:1234"]) },
    { name: "Host with a path in it", head: get(path, ["Host: evil.example/../admin"]) },
    { name: "HTTP/1.0 without Host", head: `GET ${path} HTTP/1.0\r\n\r\n` },
    {
      name: "tracking parameters",
      head: get(`${path}?utm_source=attacker&utm_campaign=%3Cscript%3E&gclid=1&fbclid=2&msclkid=3`),
    },
    { name: "preview cookie", head: get(path, ["Host: hub.example.org", "Cookie: preview=forged.token"]) },
    { name: "forwarded host", head: get(path, ["Host: hub.example.org", "X-Forwarded-Host: evil.example"]) },
  ];
}

const oddTargets = (port: number) => [
  { name: "OPTIONS *", head: "OPTIONS * HTTP/1.1\r\nHost: hub.example.org\r\nConnection: close\r\n\r\n", status: 204 },
  { name: "GET *", head: get("*"), status: 400 },
  { name: "CONNECT", head: `CONNECT 127.0.0.1:${port} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`, status: 405 },
  { name: "authority form", head: get(`127.0.0.1:${port}`), status: 400 },
  { name: "another scheme", head: get("ftp://hub.example.org/tour"), status: 400 },
  { name: "8 KB path", head: get(`/${"a".repeat(8 * 1024)}`), status: 404 },
  { name: "broken percent-encoding", head: get("/tour%zz"), status: 400 },
];

/**
 * Files the server sends as they are (the build's assets under their mount path, and a file at the
 * root), asked for in every target form that names them: each answer is the file.
 */
function staticTargets(): { name: string; head: string; file: string }[] {
  const clientDir = path.join(import.meta.dirname, "..", "..", "build", "client");
  const assets = readdirSync(path.join(clientDir, "assets"));
  const files = [
    ...[".js", ".woff2"].map((extension) => `/assets/${assets.find((name) => name.endsWith(extension))!}`),
    "/favicon.svg",
  ];
  return files
    .flatMap((file) => [
      { name: "origin form", head: get(file), file },
      { name: "absolute form, another host", head: get(`http://attacker.example${file}`), file },
      { name: "absolute form, https", head: get(`https://hub.example.org${file}`), file },
    ])
    .map((entry) => ({ ...entry, file: path.join(clientDir, entry.file) }));
}

/** The one route whose page is never kept (docs/leads.md: a submission id per rendered form). */
const renderedEachTime = "/contact";

test("no request target or header makes the page cache keep anything but the page it names", async () => {
  test.setTimeout(240_000);
  const env = { RANDOM_SEED: "page-cache-integrity" };
  const [reference, target] = await Promise.all([spawnSite(env), spawnSite(env)]);
  try {
    const routes = [...siteRoutes.map((route) => route.path), `/blog/tag/${demoBlogPost.tag}`];

    // Uncached renders: a `preview` cookie keeps a request away from the page cache (a forged one
    // shows no draft); a render is taken once its sections were all in the HTML, as kept pages are
    // (a request without a crawler's user agent, as every request here, is streamed: React Router's
    // data follows in hidden scripts either way, a streamed section in hidden HTML).
    const uncached = new Map<string, string>();
    for (const path of routes) {
      for (let attempt = 0; attempt < 5 && !uncached.has(path); attempt += 1) {
        const answer = await rawRequest(reference.port, get(path, ["Host: hub.example.org", "Cookie: preview=x"]));
        expect(answer.status, path).toBe(200);
        expect(answer.headers["x-page-cache"], path).toBeUndefined();
        if (!sectionStreamed(answer.body)) uncached.set(path, withoutNonce(answer));
      }
      expect(uncached.has(path), `${path} rendered whole`).toBe(true);
    }

    // The target's content caches are filled through data requests, which the page cache never keeps:
    // its pages then render whole at once (no section streams in later), so every answer of the corpus
    // can be compared with the uncached render whole, while the page cache is still empty.
    for (const path of routes) {
      const data = await fetch(`${target.url}${path === "/" ? "/_.data" : `${path}.data`}`);
      expect(data.status, `${path} data`).toBe(200);
      await data.arrayBuffer();
    }
    const warmed = (await readinessOf(target.url)) as { content: { pages: { entries: number } } };
    expect(warmed.content.pages.entries, "pages kept before the corpus").toBe(0);

    // The corpus, to the site whose page cache is empty, a route's variants at once.
    let sent = 0;
    for (const path of routes) {
      const answers = await Promise.all(
        corpusFor(path, target.port).map(async (entry) => ({
          ...entry,
          answer: await rawRequest(target.port, entry.head),
        })),
      );
      sent += answers.length;
      for (const { name, head, answer } of answers) {
        const label = `${name}: ${head.split("\r\n")[0]!.slice(0, 120)}`;
        expect([200, 301], label).toContain(answer.status);
        if (answer.status === 301) {
          // To the canonical path, on this site.
          expect(answer.headers.location, label).toMatch(/^\/(?!\/)/);
          expect(new URL(answer.headers.location!, "https://hub.example.org").pathname, label).toBe(
            name === "absolute form, naming another page than Host's" ? "/" : path,
          );
        } else if (!head.startsWith("HEAD")) {
          // What it names is rendered (or sent from memory), whatever the host and parameters said.
          const named =
            name === "absolute form, naming another page than Host's" ? (path === "/" ? "/contact" : "/") : path;
          const body = withoutNonce(answer);
          expect(sectionStreamed(body), `${label}: rendered whole`).toBe(false);
          expect(body, label).toBe(uncached.get(named));
          expect(body, label).not.toContain("attacker");
          expect(body, label).not.toContain("evil.example");
        }
      }
    }
    const odd = oddTargets(target.port);
    for (const { name, head, status } of odd) {
      expect((await rawRequest(target.port, head)).status, name).toBe(status);
    }
    sent += odd.length;
    const statics = staticTargets();
    for (const { name, head, file } of statics) {
      const answer = await rawRequest(target.port, head);
      const label = `${name}: ${head.split("\r\n")[0]}`;
      expect(answer.status, label).toBe(200);
      // Decoded as the answer's body is (a font's bytes alike on both sides).
      expect(answer.body, label).toBe(readFileSync(file).toString("utf8"));
      expect(Number(answer.headers["content-length"]), label).toBe(readFileSync(file).length);
    }
    sent += statics.length;

    // The contact page is rendered for each visitor (its form carries a submission id of its own):
    // nothing of the corpus was kept for it, and it is still exactly its own page.
    let rendered: RawAnswer | undefined;
    for (let attempt = 0; attempt < 5 && !rendered; attempt += 1) {
      const answer = await rawRequest(target.port, get(renderedEachTime));
      expect(answer.headers["x-page-cache"], renderedEachTime).toBeUndefined();
      if (!sectionStreamed(answer.body)) rendered = answer;
    }
    expect(rendered, `${renderedEachTime} rendered whole`).toBeDefined();
    expect(withoutNonce(rendered!), renderedEachTime).toBe(uncached.get(renderedEachTime));

    // Every other route is now answered from memory with exactly its own page, gzipped or not.
    const kept = routes.filter((path) => path !== renderedEachTime);
    for (const path of kept) {
      const answer = await untilKept(
        async () => {
          const raw = await rawRequest(target.port, get(path));
          expect(raw.status, path).toBe(200);
          return raw;
        },
        (raw) => raw.headers["x-page-cache"] === "hit",
      );
      const hit = answer.headers["x-page-cache"] === "hit" ? answer : undefined;
      expect(hit, `${path} answered from the page cache`).toBeDefined();
      expect(withoutNonce(hit!), `${path} from memory`).toBe(uncached.get(path));

      const gzipped = await fetch(`${target.url}${path}`, { headers: { "Accept-Encoding": "gzip" } });
      expect(gzipped.headers.get("x-page-cache"), path).toBe("hit");
      expect(gzipped.headers.get("content-encoding"), path).toBe("gzip");
      const html = await gzipped.text();
      expect(
        withoutNonce({
          headers: { "content-security-policy": gzipped.headers.get("content-security-policy") ?? "" },
          body: html,
        }),
      ).toBe(uncached.get(path));
    }
    test.info().annotations.push({ type: "corpus", description: `${sent} raw requests over ${routes.length} routes` });

    // The cache holds the routes' pages and nothing else (no other spelling took a slot).
    const readiness = (await readinessOf(target.url)) as {
      content: { pages: { entries: number; queryEntries: number; bytes: number } };
    };
    expect(readiness.content.pages.entries).toBe(kept.length);
    expect(readiness.content.pages.queryEntries).toBe(0);
    expect(readiness.content.pages.bytes).toBeGreaterThan(0);
  } finally {
    await Promise.all([reference.stop(), target.stop()]);
  }
});
