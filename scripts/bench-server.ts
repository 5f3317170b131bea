// npm run bench:server: how many requests a second the production server answers (demo mode), for the
// home page (from memory, with campaign tags, and rendered each time), a blog post and two static files
// (a file of about the home page's size as sent, and the layout chunk, sent as the build compressed it), one after
// another in a run, each with autocannon: 20 connections for 8 s, asking for gzip; with the server's CPU
// time per request (user and system, read from /proc on Linux). The budget (docs/performance.md): the (cached)
// home page at least 0.8 of the rate of the static file of its size. Then what a stranger's made-up
// parameters cost (docs/decisions/034-query-keys.md): the server's CPU time for 200 requests of /gallery
// kept, and for 200 made-up addresses (tests/support/made-up-addresses.ts, redirects not followed), 4 at
// a time, each measured until the server's CPU is idle again (a kept page is compressed after its
// answer); the budget: at most 3 times the first. It reports; it is not part of `npm test`. The
// machine's load average is printed with the numbers: other work on the machine moves them.
//   --no-build        use the existing build/
//   --port <n>        where the server listens (default 4410)
//   --duration <s>    seconds per address (default 8)
//   --connections <n> (default 20)
//   --made-up         the made-up parameters only
//   --compare <dir>   another checkout, built (e.g. main's, in a second worktree): the made-up
//                     parameters measured on it too, on the next port, in the same run
//   --json <file>     where the results go (default .lighthouse/bench-server.json)
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { demoBlogPost } from "../tests/e2e/support/routes.ts";
import { madeUpAddresses } from "../tests/support/made-up-addresses.ts";
import { parseCommandLine } from "./command-line.ts";
import { buildSite, projectRoot, startProductionServer } from "./production-server.ts";

const { values } = parseCommandLine(import.meta.filename, {
  options: {
    "no-build": { type: "boolean", default: false },
    port: { type: "string", default: "4410" },
    duration: { type: "string", default: "8" },
    connections: { type: "string", default: "20" },
    "made-up": { type: "boolean", default: false },
    compare: { type: "string" },
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

/** The cached home page's rate over the static file's of its size, at least (docs/performance.md). */
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
async function warm(target: string, headers: Record<string, string>, at = origin): Promise<void> {
  const kept = !target.startsWith("/assets/") && !headers.cookie;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const response = await fetch(`${at}${target}`, { headers: { "Accept-Encoding": "gzip", ...headers } });
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

/** What 200 made-up addresses cost the server, beside 200 requests of one kept page. */
interface MadeUpCost {
  site: string;
  /** CPU time (ms) of 200 requests of /gallery, answered from memory. */
  onePageCpuMs: number;
  /** CPU time (ms) of 200 made-up addresses, and their answers' statuses. */
  madeUpCpuMs: number;
  statuses: Record<string, number>;
}

const MADE_UP_REQUESTS = 200;
/** The made-up addresses' CPU time at most this many times one kept page's. */
const MADE_UP_BUDGET = 3;

/** The server's CPU time (ms) for `work`, counted until it is idle again (nothing compressed meanwhile). */
async function cpuFor(pid: number | undefined, work: () => Promise<void>): Promise<number> {
  const before = cpuMicroseconds(pid);
  await work();
  let last = cpuMicroseconds(pid);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuMicroseconds(pid);
    if (now === null || last === null || now - last <= 10_000) break;
    last = now;
  }
  const after = cpuMicroseconds(pid);
  return before === null || after === null ? Number.NaN : (after - before) / 1000;
}

/** Sends each address once, 4 at a time, without following redirects; counts the statuses. */
async function sendEach(at: string, targets: string[], statuses: Record<string, number> = {}): Promise<void> {
  for (let start = 0; start < targets.length; start += 4) {
    await Promise.all(
      targets.slice(start, start + 4).map(async (target) => {
        const response = await fetch(`${at}${target}`, { redirect: "manual", headers: { "Accept-Encoding": "gzip" } });
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }),
    );
  }
}

async function madeUpCost(site: string, at: string, pid: number | undefined): Promise<MadeUpCost> {
  await warm("/gallery", {}, at);
  const onePageCpuMs = await cpuFor(pid, () => sendEach(at, Array(MADE_UP_REQUESTS).fill("/gallery")));
  const statuses: Record<string, number> = {};
  const madeUpCpuMs = await cpuFor(pid, () => sendEach(at, madeUpAddresses(MADE_UP_REQUESTS), statuses));
  return { site, onePageCpuMs, madeUpCpuMs, statuses };
}

function printMadeUp(costs: MadeUpCost[]): void {
  console.log(`\n${MADE_UP_REQUESTS} requests, 4 at a time, the server's CPU time until idle:\n`);
  for (const cost of costs) {
    const ratio = cost.madeUpCpuMs / cost.onePageCpuMs;
    const statuses = Object.entries(cost.statuses)
      .map(([status, count]) => `${count} × ${status}`)
      .join(", ");
    console.log(
      `${cost.site}: /gallery kept ${cost.onePageCpuMs.toFixed(0)} ms; made-up ${cost.madeUpCpuMs.toFixed(0)} ms (${statuses}); ratio ${ratio.toFixed(1)} (budget: at most ${MADE_UP_BUDGET})`,
    );
  }
}

async function main(): Promise<void> {
  if (!values["no-build"]) buildSite();
  const madeUp: MadeUpCost[] = [];
  if (values.compare) {
    const root = path.resolve(values.compare);
    const port = Number(values.port) + 1;
    const other = await startProductionServer(port, { root });
    try {
      madeUp.push(await madeUpCost(root, `http://127.0.0.1:${port}`, other.pid));
    } finally {
      other.kill("SIGTERM");
    }
  }
  const server = await startProductionServer(Number(values.port));
  if (values["made-up"]) {
    const loadBefore = loadavg();
    try {
      madeUp.push(await madeUpCost(projectRoot, origin, server.pid));
    } finally {
      server.kill("SIGTERM");
    }
    printMadeUp(madeUp);
    console.log(
      `Load average before ${loadBefore.map((n) => n.toFixed(2)).join(" ")}, after ${loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}`,
    );
    if (madeUp.at(-1)!.madeUpCpuMs > MADE_UP_BUDGET * madeUp.at(-1)!.onePageCpuMs) process.exitCode = 1;
    return;
  }
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
    madeUp.push(await madeUpCost(projectRoot, origin, server.pid));
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
  printMadeUp(madeUp);
  console.log(
    `Load average before ${loadBefore.map((n) => n.toFixed(2)).join(" ")}, after ${loadAfter.map((n) => n.toFixed(2)).join(" ")}`,
  );
  const file = path.resolve(projectRoot, values.json);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), connections, durationSeconds: duration, loadBefore, loadAfter, homeToStaticRatio: ratio, rows, madeUp }, null, 2)}\n`,
  );
  console.log(`Results written to ${values.json}`);
  if (rows.some((row) => row.non2xx > 0 || row.errors > 0)) process.exitCode = 1;
  const own = madeUp.at(-1)!;
  if (own.madeUpCpuMs > MADE_UP_BUDGET * own.onePageCpuMs) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
