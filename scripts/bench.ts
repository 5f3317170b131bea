// npm run bench: Lighthouse (mobile defaults, Debian's Chromium) on every route of the production build
// in demo mode. It reports; it is not part of `npm test`. Options:
//   --no-build          use the existing build/
//   --port <n>          where the server listens (default 4400)
//   --routes /,/blog    only these routes
//   --runs <n>          runs per route; the median (by performance score) is reported (default 3; 5 with --taps)
//   --json <file>       where the results go (default .lighthouse/bench.json)
//   --markdown <file>   also write the table as Markdown (e.g. docs/performance.md)
//   --reports <dir>     also keep every run's full Lighthouse report (JSON), to see what a score is made of
//   --baseline          kept for old command lines: the baseline pages are always measured. A page with
//                       nothing of the site's in it (twenty headings and paragraphs, no stylesheet, no script
//                       but one line), served by this script: what Lighthouse gives any page on this machine,
//                       beside which the routes' scores and TBT are reported (never judged); and the same page
//                       with a hero photograph at its top (the bytes /event-spaces' hero preload gives a
//                       phone, fetched from the site): the photograph floor each route's LCP is judged against
//                       ("baseline + photo", docs/performance.md#budgets)
//   --busy              keep one core busy (a second process in a busy loop) while measuring, to see what a
//                       route keeps on a loaded machine
//   --taps              instead of Lighthouse, the tap probe (scripts/tap-probe.ts): the video tile, a booking
//                       option, Load More, a gallery filter and Send on an empty contact form, each tapped at
//                       DOMContentLoaded, at load and hydrated, on a 412 px Chromium with its CPU slowed 4x,
//                       from pointerdown to the end of the frame that draws the result (and, beside it,
//                       to the first frame that shows the tap was taken: a held control marked busy); the median of
//                       --runs taps at rest and again with one core kept busy (a second process in a busy
//                       loop); a tap on the hydrated page is traced for its CPU time, judged against the
//                       budget (docs/performance.md#budgets), and a lost tap is over it. Results in .lighthouse/taps.json
//                       unless --json says
//   --site <url>        with --taps: probe this running site (another build, say) instead of starting build/
//   --warm              with --taps: return visits (each control's page loaded twice first, its scripts
//                       cached and compiled) instead of first visits (nothing cached)
//   --reduced-motion    with --taps: a visitor who asked for reduced motion (the entrance animations and the
//                       loading pulses off), to see what the animations running in a page's first second
//                       cost a tap then
//   --control <name>    with --taps: only this control, by its name in the table (e.g. "booking option");
//                       give it again for more
// Each route is requested once before it is measured, so the server's content and page caches are
// warm, as on a site that has been running for a while. The runs go round the routes (and the
// baseline), so that each sees the machine as the others do. Timings depend on what else the machine
// is doing: the load average is printed with them.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { siteRoutes } from "../tests/e2e/support/routes.ts";
import sharp from "sharp";
import { BASELINE_PHOTO_PATH, type BaselinePhoto, startBaselineServer } from "./baseline-page.ts";
import { launchPipeBrowser } from "./cdp-pipe.ts";
import { chromiumFlags, chromiumPath } from "./chromium-path.js";
import { parseCommandLine } from "./command-line.ts";
import { buildSite, projectRoot as root, startProductionServer } from "./production-server.ts";
import { stopWithProcess } from "./stop-with-process.ts";
import {
  loadAverage,
  probeTaps,
  TAP_CPU_BUDGET_MS,
  TAP_CONTROLS,
  TAP_REFERENCES,
  type TapControl,
  type TapRow,
  tapTable,
} from "./tap-probe.ts";

interface Row {
  route: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  jsGzipBytes: number | null;
  cssGzipBytes: number | null;
  /** The document itself, as transferred (compressed, headers included). */
  htmlBytes: number | null;
  /** Everything the browser had requested before the largest contentful paint (in the observed load). */
  bytesBeforeLcp: number | null;
  jsBytesBeforeLcp: number | null;
  /** Lighthouse's measure of the machine's speed as the run began, printed beside TBT (performance.md, How to measure). */
  benchmarkIndex: number | null;
  error?: string;
}

/**
 * docs/performance.md#budgets. Lighthouse's score and wall-time TBT are reported beside the baseline
 * page, never judged (docs/decisions/036-performance-budgets-by-cpu-time.md): blocking time is judged by
 * CPU time (`npm run bench:trace`). LCP is judged against the photograph floor of the same run.
 */
const BUDGETS = {
  otherCategories: 100,
  fcpMs: 1_000,
  lcpOverPhotoFloorMs: 200,
  cls: 0,
  jsBytesBeforeLcp: 0,
  homeJsGzipBytes: 150 * 1024,
};

const { values } = parseCommandLine(import.meta.filename, {
  options: {
    "no-build": { type: "boolean", default: false },
    port: { type: "string", default: "4400" },
    routes: { type: "string" },
    runs: { type: "string" },
    json: { type: "string" },
    markdown: { type: "string" },
    reports: { type: "string" },
    baseline: { type: "boolean", default: false },
    busy: { type: "boolean", default: false },
    taps: { type: "boolean", default: false },
    site: { type: "string" },
    warm: { type: "boolean", default: false },
    "reduced-motion": { type: "boolean", default: false },
    control: { type: "string", multiple: true },
  },
});

const port = Number(values.port);
const runs = Math.max(1, Number(values.runs ?? (values.taps ? 5 : 3)) || 1);
const jsonFile = values.json ?? (values.taps ? ".lighthouse/taps.json" : ".lighthouse/bench.json");
const routes = values.routes ? values.routes.split(",").map((route) => route.trim()) : siteRoutes.map((r) => r.path);
const origin = `http://127.0.0.1:${port}`;
/** The baseline's row in the table and the JSON; it is measured at its own origin. */
const BASELINE_ROUTE = "baseline";
const BASELINE_PHOTO_ROUTE = "baseline + photo";
const BASELINE_ROUTES = new Set([BASELINE_ROUTE, BASELINE_PHOTO_ROUTE]);
/** The route whose hero the photograph baseline shows. */
const PHOTO_ROUTE = "/event-spaces";
/** Lighthouse's phone: 412 CSS px wide at a device pixel ratio of 1.75. */
const PHONE_IMAGE_PIXELS = 412 * 1.75;
/** What Chromium asks for an image with. */
const IMAGE_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

const score = (value: number | null | undefined) => (typeof value === "number" ? Math.round(value * 100) : null);

async function measure(chromePort: number, url: string, route: string, run: number): Promise<Row> {
  const result = await lighthouse(url, { port: chromePort, output: "json", logLevel: "error" });
  const lhr = result?.lhr;
  if (!lhr) throw new Error("Lighthouse returned no report.");
  if (values.reports) {
    mkdirSync(values.reports, { recursive: true });
    const name = route === "/" ? "home" : route.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-");
    writeFileSync(path.join(values.reports, `${name}-${run + 1}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    return typeof value === "number" ? value : null;
  };
  const requests = (
    lhr.audits["network-requests"]?.details as {
      items?: { resourceType?: string; transferSize?: number; networkRequestTime?: number }[];
    }
  )?.items;
  const observedLcp = (lhr.audits.metrics?.details as { items?: { observedLargestContentfulPaint?: number }[] })
    ?.items?.[0]?.observedLargestContentfulPaint;
  const sum = (items: { transferSize?: number }[]) =>
    items.reduce((total, item) => total + (item.transferSize ?? 0), 0);
  const bytes = (type: string) => (requests ? sum(requests.filter((item) => item.resourceType === type)) : null);
  // Requests and paints share the observed load's time origin (the navigation's start).
  const beforeLcp =
    requests && typeof observedLcp === "number"
      ? requests.filter((item) => (item.networkRequestTime ?? Number.POSITIVE_INFINITY) < observedLcp)
      : null;
  return {
    route,
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories["best-practices"]?.score),
    seo: score(lhr.categories.seo?.score),
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    jsGzipBytes: bytes("Script"),
    cssGzipBytes: bytes("Stylesheet"),
    htmlBytes: requests ? (requests.find((item) => item.resourceType === "Document")?.transferSize ?? null) : null,
    bytesBeforeLcp: beforeLcp ? sum(beforeLcp) : null,
    jsBytesBeforeLcp: beforeLcp ? sum(beforeLcp.filter((item) => item.resourceType === "Script")) : null,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
  };
}

/** Lighthouse now and then fails to record a busy machine's trace (NO_NAVSTART); such a run is run again. */
async function measureWithRetry(chromePort: number, url: string, route: string, run: number): Promise<Row> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(chromePort, url, route, run);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`${route}: run ${run + 1} failed (${error instanceof Error ? error.message : error}); again.`);
    }
  }
}

function failedRow(route: string, error: unknown): Row {
  return {
    route,
    performance: null,
    accessibility: null,
    bestPractices: null,
    seo: null,
    fcpMs: null,
    lcpMs: null,
    tbtMs: null,
    cls: null,
    jsGzipBytes: null,
    cssGzipBytes: null,
    htmlBytes: null,
    bytesBeforeLcp: null,
    jsBytesBeforeLcp: null,
    benchmarkIndex: null,
    error: error instanceof Error ? error.message : String(error),
  };
}

function median(rows: Row[]): Row {
  const sorted = [...rows].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function misses(row: Row, photoFloorLcpMs: number | null): string[] {
  const problems: string[] = [];
  if (row.error) return ["error"];
  if (BASELINE_ROUTES.has(row.route)) return ["(the machine's floor)"];
  const over = (value: number | null, budget: number) => value !== null && value > budget;
  for (const [name, value] of [
    ["a11y", row.accessibility],
    ["best pr.", row.bestPractices],
    ["SEO", row.seo],
  ] as const) {
    if (value !== null && value < BUDGETS.otherCategories) problems.push(name);
  }
  if (over(row.fcpMs, BUDGETS.fcpMs)) problems.push("FCP");
  if (photoFloorLcpMs === null) problems.push("LCP unjudged (no photograph floor)");
  else if (over(row.lcpMs, photoFloorLcpMs + BUDGETS.lcpOverPhotoFloorMs)) problems.push("LCP");
  if (row.cls !== null && row.cls.toFixed(3) !== "0.000") problems.push("CLS");
  if (over(row.jsBytesBeforeLcp, BUDGETS.jsBytesBeforeLcp)) problems.push("JS before LCP");
  if (row.route === "/" && over(row.jsGzipBytes, BUDGETS.homeJsGzipBytes)) problems.push("JS");
  return problems;
}

/** The photograph floor's LCP in these rows (the same run), if it was measured. */
function photoFloorLcp(rows: Row[]): number | null {
  return rows.find((row) => row.route === BASELINE_PHOTO_ROUTE && !row.error)?.lcpMs ?? null;
}

const kilobytes = (value: number | null) => (value === null ? "–" : `${(value / 1024).toFixed(1)} KB`);

const columnsFor = (photoFloorLcpMs: number | null): { title: string; cell: (row: Row) => string }[] => [
  { title: "route", cell: (row) => row.route },
  // Reported beside the baseline's, never judged (docs/performance.md#budgets).
  { title: "perf", cell: (row) => String(row.performance ?? "–") },
  { title: "a11y", cell: (row) => String(row.accessibility ?? "–") },
  { title: "best pr.", cell: (row) => String(row.bestPractices ?? "–") },
  { title: "SEO", cell: (row) => String(row.seo ?? "–") },
  { title: "FCP", cell: (row) => (row.fcpMs === null ? "–" : `${(row.fcpMs / 1000).toFixed(2)} s`) },
  { title: "LCP", cell: (row) => (row.lcpMs === null ? "–" : `${(row.lcpMs / 1000).toFixed(2)} s`) },
  { title: "TBT", cell: (row) => (row.tbtMs === null ? "–" : `${Math.round(row.tbtMs)} ms`) },
  { title: "CLS", cell: (row) => (row.cls === null ? "–" : row.cls.toFixed(3)) },
  { title: "HTML", cell: (row) => kilobytes(row.htmlBytes) },
  { title: "before LCP", cell: (row) => kilobytes(row.bytesBeforeLcp) },
  { title: "JS before LCP", cell: (row) => kilobytes(row.jsBytesBeforeLcp) },
  { title: "JS total", cell: (row) => kilobytes(row.jsGzipBytes) },
  { title: "CSS file", cell: (row) => kilobytes(row.cssGzipBytes) },
  {
    title: "budget",
    cell: (row) => (row.error ? `error: ${row.error}` : misses(row, photoFloorLcpMs).join(", ") || "ok"),
  },
];

function textTable(rows: Row[]): string {
  const columns = columnsFor(photoFloorLcp(rows));
  const cells = [
    columns.map((column) => column.title),
    ...rows.map((row) => columns.map((column) => column.cell(row))),
  ];
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => line[index]!.length)));
  return cells.map((line) => line.map((cell, index) => cell.padEnd(widths[index]!)).join("  ")).join("\n");
}

function markdownTable(rows: Row[]): string {
  const columns = columnsFor(photoFloorLcp(rows));
  const header = `| ${columns.map((column) => column.title).join(" | ")} |`;
  const rule = `| ${columns.map(() => "---").join(" | ")} |`;
  return [header, rule, ...rows.map((row) => `| ${columns.map((column) => column.cell(row)).join(" | ")} |`)].join(
    "\n",
  );
}

/** The controls `--control` names (all of them by default); an unknown name ends the run with the known ones. */
function chosenControls(): TapControl[] {
  if (values.control === undefined) return TAP_CONTROLS;
  const names = values.control.map((name) => name.trim());
  const unknown = names.filter((name) => !TAP_CONTROLS.some((control) => control.name === name));
  if (unknown.length > 0) {
    console.error(
      `Unknown control(s): ${unknown.map((name) => `"${name}"`).join(", ")}. The controls: ${TAP_CONTROLS.map((c) => `"${c.name}"`).join(", ")}.`,
    );
    process.exit(2);
  }
  return TAP_CONTROLS.filter((control) => names.includes(control.name));
}

/** The tap probe at rest, then with one core kept busy by a process in a busy loop. */
async function benchTaps(): Promise<void> {
  const controls = chosenControls();
  const site = values.site?.replace(/\/$/, "") ?? origin;
  const server = values.site ? null : await startProductionServer(port);
  const baseline = await startBaselineServer();
  const browser = launchPipeBrowser(chromiumPath, chromiumFlags);
  stopWithProcess(() => void browser.close());
  let busy: ChildProcess | null = null;
  const conditions: { name: string; loadBefore: string; loadAfter: string; rows: TapRow[] }[] = [];
  try {
    for (const control of controls) {
      await fetch(`${site}${control.route}`, { headers: { "User-Agent": "Mozilla/5.0 (bench warm-up)" } }).then((r) =>
        r.text(),
      );
    }
    for (const name of ["at rest", "one core busy"]) {
      if (name === "one core busy") {
        busy = keepOneCoreBusy();
      }
      const motion = values["reduced-motion"] ? ", reduced motion" : "";
      console.log(
        `\nTaps, ${name}, ${values.warm ? "return" : "first"} visits${motion} (load average ${loadAverage()}):`,
      );
      const loadBefore = loadAverage();
      const rows = await probeTaps(
        browser,
        { site, baseline: baseline.origin },
        {
          runs,
          warm: values.warm,
          reducedMotion: values["reduced-motion"],
          controls: [...controls, ...TAP_REFERENCES],
        },
      );
      conditions.push({ name, loadBefore, loadAfter: loadAverage(), rows });
    }
  } finally {
    busy?.kill();
    await browser.close();
    baseline.server.close();
    server?.kill("SIGTERM");
  }
  const table = tapTable(conditions);
  const loads = conditions
    .map((c) => `${c.name}: load average ${c.loadBefore} before, ${c.loadAfter} after`)
    .join("; ");
  console.log(`\n${table}\n\n${runs} tap(s) per control and moment, median shown; ${loads}\n`);
  mkdirSync(path.dirname(path.resolve(root, jsonFile)), { recursive: true });
  const report = {
    measuredAt: new Date().toISOString(),
    visits: values.warm ? "return" : "first",
    reducedMotion: values["reduced-motion"],
    tapsPerCell: runs,
    cpuBudgetMs: TAP_CPU_BUDGET_MS,
    conditions,
  };
  writeFileSync(path.resolve(root, jsonFile), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Results written to ${jsonFile}`);
  if (values.markdown) {
    writeFileSync(
      path.resolve(root, values.markdown),
      `\`\`\`\n${table}\n\`\`\`\n\n${runs} tap(s) per cell; ${loads}.\n`,
    );
    console.log(`Table written to ${values.markdown}`);
  }
}

/** A second process in a busy loop, for as long as it is not killed (and never past this one). */
function keepOneCoreBusy(): ChildProcess {
  const child = spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" });
  stopWithProcess(() => child.kill());
  return child;
}

/** A start tag's attribute, by its name in any case. */
function tagAttribute(tag: string, name: string): string | null {
  const value = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];
  return value === undefined ? null : value.replace(/&amp;/g, "&");
}

/**
 * The hero image a phone gets from a page's HTML: the image the page preloads, in the width Lighthouse's
 * phone picks from the preload's candidates; null when the page preloads no image.
 */
function phoneHeroUrl(html: string): string | null {
  const preload = [...html.matchAll(/<link [^>]*>/g)]
    .map((match) => match[0])
    .find((tag) => tagAttribute(tag, "rel") === "preload" && tagAttribute(tag, "as") === "image");
  if (!preload) return null;
  const candidates = (tagAttribute(preload, "imagesrcset") ?? "")
    .split(/,\s+/)
    .map((candidate) => candidate.trim().split(/\s+/))
    .map(([url = "", width = ""]) => ({ url, width: Number.parseInt(width, 10) }))
    .filter((candidate) => candidate.url && candidate.width > 0)
    .sort((a, b) => a.width - b.width);
  return (
    candidates.find((candidate) => candidate.width >= PHONE_IMAGE_PIXELS)?.url ??
    candidates.at(-1)?.url ??
    tagAttribute(preload, "href")
  );
}

/** `route`'s hero photograph as a phone gets it (the format the browser would be sent), for the baseline. */
async function heroPhotoOf(route: string): Promise<BaselinePhoto> {
  const html = await (await fetch(`${origin}${route}`, { headers: { "User-Agent": "Mozilla/5.0 (bench)" } })).text();
  const chosen = phoneHeroUrl(html);
  if (!chosen) throw new Error(`${route} preloads no image.`);
  const response = await fetch(new URL(chosen, origin), { headers: { Accept: IMAGE_ACCEPT } });
  if (!response.ok) throw new Error(`${route}'s hero answered ${response.status}.`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const { width, height } = await sharp(bytes).metadata();
  const contentType = response.headers.get("content-type") ?? "application/octet-stream";
  console.log(`Photograph baseline: ${route}'s hero, ${contentType}, ${width}x${height}, ${bytes.length} bytes.`);
  return { bytes, contentType, width: width ?? 1, height: height ?? 1 };
}

/**
 * Requests a page, and the hero a phone gets from it, as a site running for a while has them at hand:
 * its page cache filled, and its content service's CDN holding the image in that size and format.
 */
async function warmUp(url: string): Promise<void> {
  const html = await (await fetch(url, { headers: { "User-Agent": "Mozilla/5.0 (bench warm-up)" } })).text();
  const hero = phoneHeroUrl(html);
  if (hero) await (await fetch(new URL(hero, url), { headers: { Accept: IMAGE_ACCEPT } })).arrayBuffer();
}

async function main(): Promise<void> {
  if (!values["no-build"] && !values.site) buildSite();
  if (values.taps) return benchTaps();
  const server = await startProductionServer(port);
  let baseline: Awaited<ReturnType<typeof startBaselineServer>> | null = null;
  try {
    baseline = await startBaselineServer(await heroPhotoOf(PHOTO_ROUTE));
  } catch (error) {
    server.kill("SIGTERM");
    throw error;
  }
  const busy = values.busy ? keepOneCoreBusy() : null;
  const loadBefore = loadavg();
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: [...chromiumFlags, "--headless=new"],
  });
  stopWithProcess(() => chrome.kill());
  const targets = routes.map((route) => ({ route, url: `${origin}${route}` }));
  if (baseline) {
    targets.push({ route: BASELINE_ROUTE, url: `${baseline.origin}/` });
    targets.push({ route: BASELINE_PHOTO_ROUTE, url: `${baseline.origin}${BASELINE_PHOTO_PATH}` });
  }
  const attempts = new Map<string, Row[]>(targets.map((target) => [target.route, []]));
  try {
    for (const { url } of targets) {
      // A running site has its content cached; the first visit after a start fills the cache, and
      // measuring it would measure the content service rather than the page.
      await warmUp(url);
    }
    for (let run = 0; run < runs; run += 1) {
      for (const { route, url } of targets) {
        let row: Row;
        try {
          row = await measureWithRetry(chrome.port, url, route, run);
        } catch (error) {
          row = failedRow(route, error);
        }
        attempts.get(route)!.push(row);
        console.log(
          `${route}, run ${run + 1}: performance ${row.performance ?? "–"}, TBT ${row.tbtMs === null ? "–" : Math.round(row.tbtMs)} ms, benchmark index ${row.benchmarkIndex === null ? "–" : Math.round(row.benchmarkIndex)}${row.error ? ` (${row.error})` : ""}`,
        );
      }
    }
  } finally {
    busy?.kill();
    chrome.kill();
    server.kill("SIGTERM");
    baseline?.server.close();
  }
  const rows = targets.map(({ route }) => median(attempts.get(route)!));

  const loadAfter = loadavg();
  const loadAverage = `load average ${loadBefore.map((n) => n.toFixed(2)).join(" ")} before, ${loadAfter.map((n) => n.toFixed(2)).join(" ")} after`;
  const condition = values.busy ? "one core busy" : "at rest";
  console.log(`\n${textTable(rows)}\n\n${runs} run(s) per route, median shown, ${condition}; ${loadAverage}\n`);
  mkdirSync(path.dirname(path.resolve(root, jsonFile)), { recursive: true });
  const report = {
    measuredAt: new Date().toISOString(),
    runsPerRoute: runs,
    oneCoreBusy: values.busy,
    loadBefore,
    loadAfter,
    budgets: BUDGETS,
    photoFloorLcpMs: photoFloorLcp(rows),
    rows,
  };
  writeFileSync(path.resolve(root, jsonFile), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Results written to ${jsonFile}`);
  if (values.markdown) {
    writeFileSync(
      path.resolve(root, values.markdown),
      `${markdownTable(rows)}\n\n${runs} run(s) per route, median shown, ${condition}; ${loadAverage}.\n`,
    );
    console.log(`Table written to ${values.markdown}`);
  }
  if (rows.every((row) => row.error)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
