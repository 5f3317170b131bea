// npm run bench:server: how many requests a second the production server answers (demo mode), for the
// home page (from memory, with campaign tags, and rendered each time), a blog post and two static files
// (a file of about the home page's size as sent, and the layout chunk, sent as the build compressed it), one after
// another in a run, each with autocannon: 20 connections for 8 s, asking for gzip; with the server's CPU
// time per request (user and system, read from /proc on Linux). The budget (issue 51): the (cached)
// home page at least 0.8 of the rate of the static file of its size. It reports; it is not
// part of `npm test`. The machine's load average is printed with the numbers: other work on the
// machine moves them.
//   --no-build        use the existing build/
//   --port <n>        where the server listens (default 4410)
//   --duration <s>    seconds per address (default 8)
//   --connections <n> (default 20)
//   --json <file>     where the results go (default .lighthouse/bench-server.json)
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { demoBlogPost } from "../tests/e2e/support/routes.ts";
import { parseCommandLine } from "./command-line.ts";
import { buildSite, projectRoot, startProductionServer } from "./production-server.ts";

const { values } = parseCommandLine(import.meta.filename, {
  options: {
    "no-build": { type: "boolean", default: false },
    port: { type: "string", default: "4410" },
    duration: { type: "string", default: "8" },
    connections: { type: "string", default: "20" },
    json: { type: "string", default: ".lighthouse/bench-server.json" },
  },
});

const origin = `http://127.0.0.1:${Number(values.port)}`;
const duration = Number(values.duration);
const connections = Number(values.connections);

interface Row {
  name: string;
  path: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  bytesPerRequest: number;
  non2xx: number;
  errors: number;
  /** The server process's CPU time (user and system) per request answered, or null where /proc is not. */
  cpuMicrosecondsPerRequest: number | null;
}

/** The cached home page's rate over the static file's of its size, at least (issue 51). */
const HOME_TO_STATIC_BUDGET = 0.8;

/** Clock ticks a second, as /proc counts CPU time (USER_HZ: 100 on every Linux this runs on). */
const CLOCK_TICKS_PER_SECOND = 100;

/** A process's CPU time so far (user and system), in microseconds; null where /proc cannot tell. */
function cpuMicroseconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command name (which may hold spaces, inside parentheses).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/**
 * A script every page loads: the layout chunk (37 KB, 14 KB gzipped in the November 24 build). Until
 * November 26 it was compressed for every request; it is now sent as the build compressed it.
 */
function layoutChunkPath(): string {
  const file = readdirSync(path.join(projectRoot, "build/client/assets")).find((name) => /^layout-.*\.js$/.test(name));
  if (!file) throw new Error("No layout chunk in build/client/assets: build first.");
  return `/assets/${file}`;
}

/** The build's image (sent as it is, not compressed) whose size is nearest `bytes`. */
function staticFileOfSize(bytes: number): string {
  const folder = path.join(projectRoot, "build/client/images");
  const files = readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(webp|jpg|png)$/.test(name))
    .map((name) => ({ name, size: statSync(path.join(folder, name)).size }));
  const nearest = files.sort((a, b) => Math.abs(a.size - bytes) - Math.abs(b.size - bytes))[0];
  if (!nearest) throw new Error("No image in build/client/images: build first.");
  return `/images/${nearest.name.split(path.sep).join("/")}`;
}

/**
 * Requests an address until the server answers it from its page cache (pages that may be kept), or
 * twice (files, and renders the cache never answers).
 */
async function warm(target: string, headers: Record<string, string>): Promise<void> {
  const kept = !target.startsWith("/assets/") && !headers.cookie;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const response = await fetch(`${origin}${target}`, { headers: { "Accept-Encoding": "gzip", ...headers } });
    await response.arrayBuffer();
    if (kept ? response.headers.get("x-page-cache") === "hit" : attempt >= 1) return;
  }
  console.warn(`${target} was never answered from the page cache.`);
}

async function loadOne(
  serverPid: number | undefined,
  name: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<Row> {
  await warm(target, headers);
  const cpuBefore = cpuMicroseconds(serverPid);
  const result = await autocannon({
    url: `${origin}${target}`,
    connections,
    duration,
    headers: { "accept-encoding": "gzip", "user-agent": "Mozilla/5.0 (bench:server) Chrome/156", ...headers },
  });
  return {
    name,
    path: target,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    bytesPerRequest: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMicrosecondsPerRequest: (() => {
      const cpuAfter = cpuMicroseconds(serverPid);
      return cpuBefore === null || cpuAfter === null || result.requests.total === 0
        ? null
        : (cpuAfter - cpuBefore) / result.requests.total;
    })(),
  };
}

async function main(): Promise<void> {
  if (!values["no-build"]) buildSite();
  const server = await startProductionServer(Number(values.port));
  const load = (name: string, target: string, headers?: Record<string, string>) =>
    loadOne(server.pid, name, target, headers);
  const rows: Row[] = [];
  /** The static file of the home page's size: the budget's reference. */
  let reference: Row | undefined;
  const loadBefore = loadavg();
  try {
    rows.push(await load("home page", "/"));
    // A browser asks for Brotli: the kept page's Brotli bytes, as kept.
    rows.push(await load("home page, Brotli", "/", { "accept-encoding": "br" }));
    // Campaign traffic: the page for its path, from memory (parameters the page does not read).
    rows.push(await load("home page, campaign tags", "/?utm_source=newsletter&utm_campaign=fall&gclid=x1"));
    // A `preview` cookie keeps a request away from the page cache: every answer is rendered.
    rows.push(await load("home page, rendered each time", "/", { cookie: "preview=bench" }));
    rows.push(await load("blog post", `/blog/${demoBlogPost.slug}`));
    reference = await load("static file of the home page's size", staticFileOfSize(rows[0]!.bytesPerRequest));
    rows.push(reference);
    rows.push(await load("script chunk, precompressed by the build", layoutChunkPath()));
  } finally {
    server.kill("SIGTERM");
  }
  const loadAfter = loadavg();
  const staticRate = reference!.requestsPerSecond;
  console.log(`\nautocannon, ${connections} connections, ${duration} s each, gzip:\n`);
  const lines = [
    ["address", "req/s", "ratio to static file", "CPU/req", "p50", "p99", "bytes/req", "non-2xx", "errors"],
    ...rows.map((row) => [
      `${row.name} ${row.path}`,
      row.requestsPerSecond.toFixed(0),
      (row.requestsPerSecond / staticRate).toFixed(2),
      row.cpuMicrosecondsPerRequest === null ? "–" : `${Math.round(row.cpuMicrosecondsPerRequest)} µs`,
      `${row.latencyP50Ms} ms`,
      `${row.latencyP99Ms} ms`,
      String(row.bytesPerRequest),
      String(row.non2xx),
      String(row.errors),
    ]),
  ];
  const widths = lines[0]!.map((_, index) => Math.max(...lines.map((line) => line[index]!.length)));
  for (const line of lines) console.log(line.map((cell, index) => cell.padEnd(widths[index]!)).join("  "));
  const ratio = rows[0]!.requestsPerSecond / staticRate;
  console.log(`\nHome page / static file of its size: ${ratio.toFixed(2)} (budget: at least ${HOME_TO_STATIC_BUDGET})`);
  console.log(
    `Load average before ${loadBefore.map((n) => n.toFixed(2)).join(" ")}, after ${loadAfter.map((n) => n.toFixed(2)).join(" ")}`,
  );
  const file = path.resolve(projectRoot, values.json);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), connections, durationSeconds: duration, loadBefore, loadAfter, homeToStaticRatio: ratio, rows }, null, 2)}\n`,
  );
  console.log(`Results written to ${values.json}`);
  if (rows.some((row) => row.non2xx > 0 || row.errors > 0)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
