// npm run bench:memory: the production server's memory, for sizing a container's memory limit and
// --max-old-space-size (docs/deploy.md, "Sizing"). It starts the production build, and measures its
// resident set (RSS) and V8 heap, from inside the server (scripts/memory-probe.ts):
//   1. at rest just after start-up;
//   2. at rest with a full page cache: every page the site links to (crawled from every route and the
//      sitemap, list pages with ?page= included), each requested until the server answers it from its
//      page cache;
//   3. under a minute of mixed load (autocannon): every cached page, campaign-tagged addresses, pages
//      rendered for each request (/contact, a preview cookie), static files, event covers, .ics files,
//      the sitemap, a 404 and a redirect, and beside them two contact form posts a second;
//   4. at rest after the load.
// "At rest" figures are taken after a full garbage collection (the server runs with --expose-gc): what
// it holds on to. Under load: the highest and the mean of samples every 250 ms. It reports; it is not
// part of `npm test`. Other work on the machine moves the request rates, much less the memory.
//   --no-build                  use the existing build/
//   --live                      the server in SITE_MODE=production against stand-ins this script runs
//                               (nothing but the site in the server's process, as in production);
//                               default: demo mode, as `npm start` runs it (the stand-ins inside it)
//   --posts <n>                 with --live: the content service's space gets n more published posts
//                               (copies of the demo's), so the site has more pages than its page cache
//                               keeps (200, and 50 with a query): the cache full to its limits
//                               (default 240)
//   --max-old-space-size <MB>   passed to the server's node, to check a limit holds under the load
//   --port <n>                  where the server listens (default 4420)
//   --duration <s>              seconds of load (default 60)
//   --connections <n>           (default 20)
//   --json <file>               where the results go (default .lighthouse/bench-memory.json)
import { type ChildProcess, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { startBookingStandIn } from "../demo/booking.ts";
import type { RunningService } from "../demo/http.ts";
import { startWebhookSink } from "../demo/webhook.ts";
import {
  liveContentEnv,
  liveEventsEnv,
  startTestContentService,
  startTestEventsService,
} from "../tests/e2e/support/content-stand-in.ts";
import { entriesOf } from "../tests/e2e/support/dataset.ts";
import { siteRoutes } from "../tests/e2e/support/routes.ts";
import { parseCommandLine } from "./command-line.ts";
import type { MemorySample } from "./memory-probe.ts";
import { buildSite, projectRoot, startProductionServer } from "./production-server.ts";

const { values } = parseCommandLine(import.meta.filename, {
  options: {
    "no-build": { type: "boolean", default: false },
    live: { type: "boolean", default: false },
    posts: { type: "string", default: "240" },
    "max-old-space-size": { type: "string" },
    port: { type: "string", default: "4420" },
    duration: { type: "string", default: "60" },
    connections: { type: "string", default: "20" },
    json: { type: "string", default: ".lighthouse/bench-memory.json" },
  },
});

const origin = `http://127.0.0.1:${Number(values.port)}`;
const duration = Number(values.duration);
const connections = Number(values.connections);
const maxOldSpaceSize = values["max-old-space-size"] ? Number(values["max-old-space-size"]) : null;
const MB = 1024 * 1024;
const USER_AGENT = "Mozilla/5.0 (bench:memory) Chrome/156";

const workDir = mkdtempSync(path.join(tmpdir(), "hub-memory-"));
const samplesFile = path.join(workDir, "samples.jsonl");
const dataDir = path.join(workDir, "data");

function samples(): MemorySample[] {
  return readFileSync(samplesFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MemorySample);
}

/**
 * The server's memory after a full garbage collection: asks for one and waits for its sample; the
 * resident set two seconds later (V8 gives freed pages back in the background).
 */
async function atRest(server: ChildProcess): Promise<MemorySample> {
  const before = samples().filter((sample) => sample.label === "gc").length;
  server.kill("SIGUSR2");
  for (let waited = 0; waited < 10_000; waited += 50) {
    const collected = samples().filter((sample) => sample.label === "gc");
    if (collected.length > before) {
      const sample = collected.at(-1)!;
      await sleep(2_000);
      const settled = samples().filter((tick) => tick.label === "tick" && tick.at >= sample.at + 1_750);
      return { ...sample, rss: settled.at(-1)?.rss ?? sample.rss };
    }
    await sleep(50);
  }
  throw new Error("The server wrote no memory sample after SIGUSR2.");
}

/** Same-origin addresses a page links to (not files, demo proxies or previews). */
function linksIn(html: string): string[] {
  return [...html.matchAll(/href="(\/[^"#]*)"/g)]
    .map((match) => match[1]!.replaceAll("&amp;", "&"))
    .filter(
      (target) =>
        !/^\/(_demo|assets|images|event-covers|preview|webhooks)\b|\.(ics|svg|png|jpe?g|webp|ico|xml|txt)$/.test(
          target,
        ),
    );
}

interface Crawl {
  pages: string[];
  files: string[];
}

/**
 * Requests every page reachable from the routes and the sitemap until the server answers each from its
 * page cache (pages it never keeps, /contact for one, twice), and collects the files they name.
 */
async function fillPageCache(): Promise<Crawl> {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const queue = [
    ...siteRoutes.map((route) => route.path),
    ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname),
  ];
  const seen = new Set<string>();
  const pages: string[] = [];
  const files = new Set<string>();
  while (queue.length > 0 && seen.size < 400) {
    const target = queue.shift()!;
    if (seen.has(target)) continue;
    seen.add(target);
    let html = "";
    let status = 0;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await fetch(`${origin}${target}`, { headers: { "User-Agent": USER_AGENT }, redirect: "manual" });
      html = await response.text();
      status = response.status;
      if (response.headers.get("x-page-cache") === "hit" || (attempt >= 1 && status !== 200)) break;
    }
    if (status !== 200) continue;
    pages.push(target);
    queue.push(...linksIn(html));
    for (const match of html.matchAll(
      /(?:src|href)="(\/(?:assets|images|event-covers)\/[^"]+|\/events\/[^"]+\.ics)"/g,
    )) {
      files.add(match[1]!.replaceAll("&amp;", "&"));
    }
  }
  return { pages, files: [...files] };
}

async function readiness(): Promise<{ entries: number; bytes: number; queryEntries: number; queryBytes: number }> {
  const headers = { Authorization: `Bearer ${BENCH_METRICS_TOKEN}` };
  const body = (await (await fetch(`${origin}/readyz`, { headers })).json()) as {
    content: { pages: { entries: number; bytes: number; queryEntries: number; queryBytes: number } };
  };
  return body.content.pages;
}

function mixedRequests(crawl: Crawl): autocannon.Request[] {
  const get = (target: string, headers: Record<string, string> = {}): autocannon.Request => ({
    method: "GET",
    path: target,
    headers: { "accept-encoding": "gzip", "user-agent": USER_AGENT, ...headers },
  });
  const pick = (pattern: RegExp, count: number) => crawl.files.filter((file) => pattern.test(file)).slice(0, count);
  return [
    ...crawl.pages.map((target) => get(target)),
    get("/?utm_source=newsletter&utm_campaign=fall&gclid=x1"),
    get("/coworking?fbclid=bench"),
    // Never from the page cache: the contact page (a submission id per render) and preview renders.
    get("/contact"),
    get("/contact"),
    get("/contact"),
    get("/", { cookie: "preview=bench" }),
    get("/blog", { cookie: "preview=bench" }),
    ...pick(/^\/assets\/.*\.js$/, 3).map((file) => get(file)),
    ...pick(/^\/images\//, 3).map((file) => get(file)),
    ...pick(/^\/event-covers\//, 4).map((file) => get(file)),
    ...pick(/\.ics$/, 2).map((file) => get(file)),
    get("/sitemap.xml"),
    get("/healthz"),
    get("/no-such-page"),
    get("/Coworking"),
  ];
}

/**
 * The addresses in turn across every connection (autocannon's own list would start each connection at
 * the first address, and a long list would never reach its end in a minute).
 */
function inTurn(mix: autocannon.Request[]): autocannon.Request[] {
  let next = 0;
  return [{ setupRequest: (request) => ({ ...request, ...mix[next++ % mix.length] }) }];
}

/** Two contact form posts a second, each a new lead (autocannon puts a fresh id in place of [<id>]). */
function contactPosts(): autocannon.Options {
  return {
    url: `${origin}/contact`,
    method: "POST",
    connections: 1,
    overallRate: 2,
    duration,
    idReplacement: true,
    headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": USER_AGENT },
    body: new URLSearchParams({
      name: "Bench Visitor",
      email: "bench-[<id>]@example.com",
      phone: "(870) 555-0199",
      interests: "coworking-space",
      referralSource: "Website",
      "bot-field": "",
    }).toString(),
  };
}

/** What the staff's `leads list` takes, run as in a container beside the server, on its store. */
function staffToolPeak(): { maxRss: number; leads: number } {
  const file = path.join(workDir, "staff-tool.jsonl");
  const result = spawnSync(
    process.execPath,
    [`--import=${path.join(projectRoot, "scripts/memory-probe.ts")}`, "scripts/leads.ts", "list", "--json"],
    {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: dataDir, MEMORY_SAMPLES_FILE: file },
      encoding: "utf8",
      maxBuffer: 256 * MB,
    },
  );
  if (result.status !== 0) throw new Error(`npm run leads -- list failed: ${result.stderr}`);
  const exit = readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MemorySample)
    .find((sample) => sample.label === "exit");
  return { maxRss: exit?.maxRss ?? 0, leads: (JSON.parse(result.stdout) as unknown[]).length };
}

interface LiveServices {
  env: Record<string, string>;
  close(): Promise<void>;
}

async function startLiveServices(): Promise<LiveServices> {
  const [content, events, webhook, booking] = await Promise.all([
    startTestContentService(),
    startTestEventsService(),
    startWebhookSink({}),
    startBookingStandIn({}),
  ]);
  const services: RunningService[] = [content, events, webhook, booking];
  const posts = entriesOf("blogPost");
  for (let index = 0; index < Number(values.posts); index += 1) {
    const post = structuredClone(posts[index % posts.length]!);
    const field = (name: string) => post.fields[name] as Record<string, string>;
    post.sys.id = `${post.sys.id}-copy-${index}`;
    field("slug")["en-US"] = `${field("slug")["en-US"]}-copy-${index}`;
    field("title")["en-US"] = `${field("title")["en-US"]} (${index})`;
    const published = new Date(Date.parse("2024-12-31T12:00:00Z") - index * 86_400_000);
    field("publishDate")["en-US"] = published.toISOString().slice(0, 10);
    content.putEntry(post);
  }
  return {
    env: {
      SITE_MODE: "production",
      SITE_URL: "https://hub.example.org",
      ...liveContentEnv(content),
      ...liveEventsEnv(events),
      LEAD_WEBHOOK_URL: `${webhook.url}/hooks/leads`,
      BOOKING_WIDGET_URL: booking.url,
    },
    close: async () => {
      await Promise.all(services.map((service) => service.close()));
    },
  };
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const BENCH_METRICS_TOKEN = "bench-memory-metrics-token-0123456789";

async function main(): Promise<void> {
  if (!values["no-build"]) buildSite();
  const live = values.live ? await startLiveServices() : null;
  const nodeArgs = [
    "--expose-gc",
    `--import=${path.join(projectRoot, "scripts/memory-probe.ts")}`,
    ...(maxOldSpaceSize ? [`--max-old-space-size=${maxOldSpaceSize}`] : []),
  ];
  const server = await startProductionServer(Number(values.port), {
    dataDir,
    nodeArgs,
    // Every post is stored (not refused by the per-client limit: they all come from 127.0.0.1).
    // The page cache's size is in /readyz's details, which need a metrics token.
    env: {
      MEMORY_SAMPLES_FILE: samplesFile,
      CONTACT_RATE_LIMIT: "1000000",
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      ...live?.env,
    },
  });
  const loadBefore = loadavg();
  try {
    await sleep(5_000);
    const started = await atRest(server);
    console.log(`At rest after start-up: RSS ${mb(started.rss)}, heap ${mb(started.heapUsed)}`);

    const crawl = await fillPageCache();
    const filled = await readiness();
    await sleep(5_000);
    const full = await atRest(server);
    console.log(
      `Page cache filled: ${crawl.pages.length} pages requested, ${filled.entries} kept (${mb(filled.bytes)}) and ${filled.queryEntries} with a query (${mb(filled.queryBytes)}); at rest: RSS ${mb(full.rss)}, heap ${mb(full.heapUsed)}`,
    );

    const requests = mixedRequests(crawl);
    console.log(
      `Load: ${duration} s, ${connections} connections over ${requests.length} addresses, and 2 contact posts a second…`,
    );
    const loadStartedAt = Date.now();
    const [pagesResult, postsResult] = await Promise.all([
      autocannon({ url: origin, connections, duration, requests: inTurn(requests) }),
      autocannon(contactPosts()),
    ]);
    const loadEndedAt = Date.now();
    const underLoad = samples().filter(
      (sample) => sample.label === "tick" && sample.at >= loadStartedAt && sample.at <= loadEndedAt,
    );
    const peak = (key: keyof MemorySample) => Math.max(...underLoad.map((sample) => sample[key] as number));
    const mean = (key: keyof MemorySample) =>
      underLoad.reduce((sum, sample) => sum + (sample[key] as number), 0) / Math.max(1, underLoad.length);
    const afterLoadPages = await readiness();
    // Whether the resident set levels off: its highest in each successive 30 s of the load.
    const rssByHalfMinute: number[] = [];
    for (const sample of underLoad) {
      const index = Math.floor((sample.at - loadStartedAt) / 30_000);
      rssByHalfMinute[index] = Math.max(rssByHalfMinute[index] ?? 0, sample.rss);
    }

    await sleep(10_000);
    const after = await atRest(server);
    const staffTool = staffToolPeak();
    const loadAfter = loadavg();

    const rows = [
      ["", "RSS", "heap used", "heap total", "external"],
      ["at rest, just started", mb(started.rss), mb(started.heapUsed), mb(started.heapTotal), mb(started.external)],
      ["at rest, page cache full", mb(full.rss), mb(full.heapUsed), mb(full.heapTotal), mb(full.external)],
      ["under load, mean", mb(mean("rss")), mb(mean("heapUsed")), mb(mean("heapTotal")), mb(mean("external"))],
      ["under load, highest", mb(peak("rss")), mb(peak("heapUsed")), mb(peak("heapTotal")), mb(peak("external"))],
      ["at rest, after the load", mb(after.rss), mb(after.heapUsed), mb(after.heapTotal), mb(after.external)],
    ];
    const widths = rows[0]!.map((_, index) => Math.max(...rows.map((row) => row[index]!.length)));
    console.log("");
    for (const row of rows) console.log(row.map((cell, index) => cell.padEnd(widths[index]!)).join("  "));
    console.log(`\nHighest RSS in each 30 s of the load: ${rssByHalfMinute.map(mb).join(", ")}.`);
    console.log(
      `Highest RSS since start-up: ${mb(after.maxRss)}. V8 heap limit: ${mb(after.heapLimit)}${maxOldSpaceSize ? ` (--max-old-space-size=${maxOldSpaceSize})` : " (the default)"}. V8's own memory outside its heap (the compiler's, among others), under load: up to ${mb(peak("v8Malloced"))}.`,
    );
    console.log(
      `The staff tool beside it (npm run leads -- list, ${staffTool.leads} leads), its highest RSS: ${mb(staffTool.maxRss)} (npm's own process, which runs it, comes on top).`,
    );
    console.log(
      `Pages: ${pagesResult.requests.average.toFixed(0)} requests/s, p99 ${pagesResult.latency.p99} ms, ${pagesResult.non2xx} non-2xx (the 404 and the redirect are ${((2 / requests.length) * 100).toFixed(1)}% of the mix), ${pagesResult.errors} errors, ${pagesResult.timeouts} timeouts.`,
    );
    console.log(
      `Contact posts: ${postsResult.requests.total} (${postsResult.non2xx} non-2xx, ${postsResult.errors} errors). Page cache after the load: ${afterLoadPages.entries} pages (${mb(afterLoadPages.bytes)}).`,
    );
    console.log(
      `Mode: ${live ? `SITE_MODE=production against stand-ins in this process, ${values.posts} more posts` : "demo (stand-ins inside the server)"}. Load average before ${loadBefore.map((n) => n.toFixed(2)).join(" ")}, after ${loadAfter.map((n) => n.toFixed(2)).join(" ")}.`,
    );

    const file = path.resolve(projectRoot, values.json);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          mode: live ? "live" : "demo",
          extraPosts: live ? Number(values.posts) : 0,
          maxOldSpaceSize,
          durationSeconds: duration,
          connections,
          addresses: requests.length,
          pagesCrawled: crawl.pages.length,
          pageCache: { filled, afterLoad: afterLoadPages },
          atRest: { started, pageCacheFull: full, afterLoad: after },
          underLoad: {
            samples: underLoad.length,
            mean: {
              rss: mean("rss"),
              heapUsed: mean("heapUsed"),
              heapTotal: mean("heapTotal"),
              external: mean("external"),
            },
            highest: {
              rss: peak("rss"),
              heapUsed: peak("heapUsed"),
              heapTotal: peak("heapTotal"),
              external: peak("external"),
            },
          },
          rssByHalfMinute,
          highestV8Malloced: peak("v8Malloced"),
          maxRss: after.maxRss,
          staffTool,
          heapLimit: after.heapLimit,
          pages: {
            requestsPerSecond: pagesResult.requests.average,
            latencyP99Ms: pagesResult.latency.p99,
            non2xx: pagesResult.non2xx,
            errors: pagesResult.errors,
            timeouts: pagesResult.timeouts,
          },
          contactPosts: { total: postsResult.requests.total, non2xx: postsResult.non2xx, errors: postsResult.errors },
          loadBefore,
          loadAfter,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`Results written to ${values.json}`);
    if (pagesResult.errors > 0 || postsResult.errors > 0 || postsResult.non2xx > 0) process.exitCode = 1;
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await live?.close();
  }
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  // The server has exited by then (main waits for it).
  .finally(() => rmSync(workDir, { recursive: true, force: true }));
