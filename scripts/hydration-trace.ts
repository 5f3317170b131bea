// npm run bench:trace: records a Chromium performance trace of each route's load and hydration and
// prints every main-thread task that takes over 50 ms on a CPU slowed 4x, with what it spent its time
// on (the trace's own events, and the share of the sampling profiler's samples per function). As
// Lighthouse's mobile run does by default, the page runs at full speed and each task counts four
// times over; unlike Lighthouse, a task's time is the CPU time its thread spent on it, not its wall
// time: on a machine that other processes keep busy, the wall time also counts the time the thread
// waited for a core, which is not the page's doing (it is printed too). Times are from when the
// page's HTML began to be parsed. It reports; it is not part of `npm test`. Options:
//   --no-build          use the existing build/
//   --port <n>          where the server listens (default 4410)
//   --routes /,/blog    these routes (default: every route, tests/e2e/support/routes.ts)
//   --runs <n>          loads per route (default 3)
//   --out <dir>         also keep each trace (load it in Chromium's Performance panel)
//   --over <ms>         list the tasks over this many ms on the slowed CPU instead (default 50), to see
//                       what is close to the budget
//   --lean              a lighter trace: no sampling profiler, invalidation tracking or V8 internals, which
//                       add their own work to the tasks they record (so no function names): for comparing builds
//                       rather than finding what a task is made of
//   --sites <a,b>       trace these running sites (e.g. two builds, each on a port of its own) instead of
//                       starting build/, their loads interleaved so both see the same machine
//   --baseline          also trace a page with nothing of the site's in it (headings and paragraphs, no
//                       stylesheet, no script but the mark the trace waits for), served by this script,
//                       its loads interleaved with the site's: what Chromium itself takes on this machine,
//                       the floor to read the site's numbers against
//   --inspector         enable the Runtime domain, as DevTools, Lighthouse and Playwright do: V8 then
//                       parses React DOM again for the stack traces of the errors it creates as it starts
//                       (cdp-pipe.ts), work a visitor's browser never does. Without it (the default), the
//                       trace sees what a visitor's browser does
// Each load ends with its longest task after the first contentful paint, and the run ends with a
// summary per route (and site): those longest tasks, how many tasks after the first paint went over
// 50 ms and what kind each was (the browser rendering the document: style, layout, paint; parsing it;
// script: the page's and React's code, compiling it, its events, timers and microtasks; or other: the
// browser's work outside any event the trace names; by where most of the task's own time went), and
// their blocking time (the part over 50 ms). Each load also gives, and the summary sums up, the
// browser's rendering of the document (style, layout, paint) before the site's script files were asked
// for: the first screen's cost, split into tasks or not. The budget (docs/performance.md#budgets): no task
// after the first contentful paint over 50 ms of CPU on the 4x CPU, on every route; each route's line
// ends with its verdict, and the run says how many routes are over.
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { startBaselineServer } from "./baseline-page.ts";
import { chromiumFlags, chromiumPath } from "./chromium-path.js";
import { launchPipeBrowser, type PipeBrowser } from "./cdp-pipe.ts";
import { parseCommandLine } from "./command-line.ts";
import { siteRoutes } from "../tests/e2e/support/routes.ts";
import { buildSite, startProductionServer } from "./production-server.ts";
import {
  CPU_SLOWDOWN,
  cpuMs,
  fileName,
  type RenderingStep,
  renderingBetween,
  type TaskKind,
  type TraceEvent,
  taskParts,
} from "./trace-tasks.ts";

const { values } = parseCommandLine(import.meta.filename, {
  options: {
    "no-build": { type: "boolean", default: false },
    port: { type: "string", default: "4410" },
    routes: { type: "string" },
    runs: { type: "string", default: "3" },
    out: { type: "string" },
    over: { type: "string", default: "50" },
    lean: { type: "boolean", default: false },
    sites: { type: "string" },
    inspector: { type: "boolean", default: false },
    baseline: { type: "boolean", default: false },
  },
});

const LONG_TASK_MS = Number(values.over);
const BUDGET_MS = 50;
/** How long a load is traced after its load event: hydration, and what it sets going. */
const HYDRATION_WINDOW_MS = 5_000;

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface LongTask {
  startMs: number;
  /** The task's CPU time times the slowdown: what it takes on a slowed CPU that has a core to itself. */
  durationMs: number;
  wallMs: number;
  /** The trace events inside the task that took the most time, by kind (e.g. "EvaluateScript root-…js"). */
  parts: { what: string; ms: number }[];
  kind: TaskKind;
  /** The functions the sampling profiler saw most during the task (self time), in percent of its samples. */
  functions: { what: string; ms: number }[];
}

const FULL_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  "disabled-by-default-devtools.timeline.invalidationTracking",
  "v8.execute",
  "v8",
  "disabled-by-default-v8.cpu_profiler",
  "blink.user_timing",
  "loading",
  "toplevel",
];
const LEAN_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "loading",
  "toplevel",
];
const CATEGORIES = (values.lean ? LEAN_CATEGORIES : FULL_CATEGORIES).join(",");

/** The page's main thread (the renderer thread that parsed the page's HTML), when it began to, and its events. */
interface MainThread {
  pid: number;
  tid: number;
  ts: number;
  onMain: TraceEvent[];
}

function mainThread(events: TraceEvent[], url: string): MainThread | null {
  const parse = events
    .filter((event) => event.name === "ParseHTML" && (event.args?.beginData as { url?: string })?.url === url)
    .sort((a, b) => a.ts - b.ts)[0];
  if (!parse) return null;
  const onMain = events.filter((event) => event.pid === parse.pid && event.tid === parse.tid);
  return { pid: parse.pid, tid: parse.tid, ts: parse.ts, onMain };
}

/** The page's main-thread tasks over the threshold (--over), with what each spent its time on. */
function longTasks(events: TraceEvent[], main: MainThread): LongTask[] {
  const { onMain } = main;
  const tasks = onMain
    .filter((event) => event.ph === "X" && event.name === "RunTask" && event.ts >= main.ts)
    .filter((event) => cpuMs(event) > LONG_TASK_MS);

  // The sampling profiler of the page's process: per profile, its nodes (functions) and its samples
  // (the node on top of the stack, and when).
  const nodes = new Map<string, ProfileNode>();
  const samples: { ts: number; node: string }[] = [];
  const clocks = new Map<string, number>();
  for (const event of events) {
    if (event.pid !== main.pid || event.id === undefined) continue;
    const data = event.args?.data as
      | { startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
      | undefined;
    if (event.name === "Profile") {
      clocks.set(event.id, Number(data?.startTime ?? event.ts));
    } else if (event.name === "ProfileChunk") {
      for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(`${event.id}:${node.id}`, node);
      let clock = clocks.get(event.id) ?? event.ts;
      (data?.cpuProfile?.samples ?? []).forEach((node, index) => {
        clock += data?.timeDeltas?.[index] ?? 0;
        samples.push({ ts: clock, node: `${event.id}:${node}` });
      });
      clocks.set(event.id, clock);
    }
  }
  samples.sort((a, b) => a.ts - b.ts);

  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const { parts, kind } = taskParts(task, onMain);
    // Per function, its share of the task's samples (in percent).
    const functions = new Map<string, number>();
    const inTask = samples.filter((sample) => sample.ts >= task.ts && sample.ts < end);
    for (const sample of inTask) {
      const frame = nodes.get(sample.node)?.callFrame;
      if (!frame) continue;
      const what = `${frame.functionName || "(anonymous)"} ${fileName(frame.url)}`.trim();
      functions.set(what, (functions.get(what) ?? 0) + 100 / inTask.length);
    }
    const top = (map: Map<string, number>, count: number) =>
      [...map]
        .map(([what, ms]) => ({ what, ms }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, count);
    return {
      startMs: (task.ts - main.ts) / 1000,
      durationMs: cpuMs(task),
      wallMs: (task.dur ?? 0) / 1000,
      parts: top(parts, 6),
      kind,
      functions: top(functions, 8),
    };
  });
}

/**
 * After the first contentful paint: the longest main-thread task, how many went over the budget (and
 * of what kind), and their blocking time (each one's part over the budget), all on the slowed CPU.
 */
function afterFirstPaint(
  events: TraceEvent[],
  main: MainThread,
): { longestMs: number; over: number; overByKind: Record<TaskKind, number>; blockingMs: number } | null {
  const paint = events
    .filter((event) => event.name === "firstContentfulPaint" && event.pid === main.pid && event.ts >= main.ts)
    .sort((a, b) => a.ts - b.ts)[0];
  if (!paint) return null;
  const { onMain } = main;
  const tasks = onMain
    .filter((event) => event.ph === "X" && event.name === "RunTask" && event.ts >= paint.ts)
    .map((event) => ({ event, ms: cpuMs(event) }));
  const overBudget = tasks.filter((task) => task.ms > BUDGET_MS);
  const overByKind: Record<TaskKind, number> = { rendering: 0, parsing: 0, script: 0, other: 0 };
  for (const task of overBudget) overByKind[taskParts(task.event, onMain).kind] += 1;
  return {
    longestMs: Math.max(0, ...tasks.map((task) => task.ms)),
    over: overBudget.length,
    overByKind,
    blockingMs: overBudget.reduce((sum, task) => sum + task.ms - BUDGET_MS, 0),
  };
}

/**
 * The browser's rendering of the document as the server sent it: style, layout and paint on the page's
 * main thread, on the slowed CPU, until its first request for one of the site's script files (the
 * loader asks for them after the first paint and `load`), so before hydration: the first screen's
 * cost, whatever tasks it fell in. It counts from the trace's start, not from the first parse event:
 * Chromium may parse a document's first bytes, and draw a frame, before its first ParseHTML event. The
 * baseline page, which has no script files, counts to the trace's end.
 */
function renderingBeforeScripts(events: TraceEvent[], main: MainThread): Record<RenderingStep, number> {
  const firstScript = events
    .filter((event) => event.name === "ResourceSendRequest" && event.pid === main.pid)
    .filter((event) => /\/assets\/[^?#]+\.js([?#]|$)/.test(String(event.args?.data?.url ?? "")))
    .sort((a, b) => a.ts - b.ts)[0];
  return renderingBetween(main.onMain, Number.NEGATIVE_INFINITY, firstScript?.ts ?? Number.POSITIVE_INFINITY);
}

/** The middle value (the lower of the two middle ones for an even count). */
function median(values: number[]): number | undefined {
  return [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
}

async function traceLoad(browser: PipeBrowser, origin: string, route: string, name: string): Promise<TraceEvent[]> {
  const { browserContextId } = await browser.send("Target.createBrowserContext");
  const { targetId } = await browser.send("Target.createTarget", { url: "about:blank", browserContextId });
  const { sessionId } = (await browser.send("Target.attachToTarget", { targetId, flatten: true })) as {
    sessionId: string;
  };
  const send = (method: string, params?: Record<string, unknown>) => browser.send(method, params, sessionId);
  const events: TraceEvent[] = [];
  let loaded: () => void = () => {};
  const load = new Promise<void>((resolve) => {
    loaded = resolve;
  });
  let completed: () => void = () => {};
  const complete = new Promise<void>((resolve) => {
    completed = resolve;
  });
  const stopListening = browser.onEvent((message) => {
    if (message.sessionId !== sessionId) return;
    if (message.method === "Tracing.dataCollected") events.push(...((message.params?.value ?? []) as TraceEvent[]));
    else if (message.method === "Tracing.tracingComplete") completed();
    else if (message.method === "Page.loadEventFired") loaded();
  });
  try {
    await send("Emulation.setDeviceMetricsOverride", { width: 412, height: 823, deviceScaleFactor: 1, mobile: true });
    await send("Page.enable");
    if (values.inspector) await send("Runtime.enable");
    await send("Tracing.start", { categories: CATEGORIES, transferMode: "ReportEvents" });
    await send("Page.navigate", { url: `${origin}${route}` });
    await load;
    // Nothing of the harness runs in the page while it loads and hydrates (it would show in the trace):
    // hydration starts after the load event and the first paint, and must be done by the trace's end.
    await new Promise((resolve) => setTimeout(resolve, HYDRATION_WINDOW_MS));
    const { result } = (await send("Runtime.evaluate", {
      expression: 'document.documentElement.hasAttribute("data-hydrated")',
      returnByValue: true,
    })) as { result: { value?: unknown } };
    if (result.value !== true) {
      throw new Error(`${origin}${route} was not hydrated ${HYDRATION_WINDOW_MS / 1000} s after its load event.`);
    }
    await send("Tracing.end");
    await complete;
  } finally {
    stopListening();
    await browser.send("Target.disposeBrowserContext", { browserContextId });
  }
  if (values.out) {
    mkdirSync(values.out, { recursive: true });
    writeFileSync(path.join(values.out, `${name}.json`), JSON.stringify({ traceEvents: events }));
  }
  return events;
}

async function main(): Promise<void> {
  const port = Number(values.port);
  const sites = values.sites ? values.sites.split(",").map((site) => site.trim().replace(/\/$/, "")) : null;
  if (!sites && !values["no-build"]) buildSite();
  const origins = sites ?? [`http://127.0.0.1:${port}`];
  const routes = values.routes?.split(",").map((route) => route.trim()) ?? siteRoutes.map((route) => route.path);
  const runs = Math.max(1, Number(values.runs) || 1);
  const server = sites ? null : await startProductionServer(port);
  const baseline = values.baseline ? await startBaselineServer() : null;
  if (baseline) origins.push(baseline.origin);
  const labelOf = (origin: string) => (origin === baseline?.origin ? "baseline" : origin);
  const browser = launchPipeBrowser(chromiumPath, chromiumFlags);
  const loadBefore = loadavg();
  const summary = new Map<string, ReturnType<typeof afterFirstPaint>[]>();
  const renderings = new Map<string, Record<RenderingStep, number>[]>();
  try {
    for (const route of routes) {
      for (const origin of origins) {
        await fetch(`${origin}${route}`, { headers: { "User-Agent": "Mozilla/5.0 (trace warm-up)" } }).then((r) =>
          r.text(),
        );
      }
      for (let run = 1; run <= runs; run += 1) {
        for (const [index, origin] of origins.entries()) {
          const label = origins.length > 1 ? `${labelOf(origin)}${route}` : route;
          const page = route === "/" ? "home" : route.slice(1).replace(/[^a-z0-9]+/gi, "-");
          const site = origin === baseline?.origin ? "baseline" : `site${index + 1}`;
          const name = origins.length > 1 ? `${page}-${site}-${run}` : `${page}-${run}`;
          const events = await traceLoad(browser, origin, route, name);
          const main = mainThread(events, `${origin}${route}`);
          const tasks = main ? longTasks(events, main) : [];
          const after = main ? afterFirstPaint(events, main) : null;
          summary.set(label, [...(summary.get(label) ?? []), after]);
          const rendering = main ? renderingBeforeScripts(events, main) : null;
          if (rendering) renderings.set(label, [...(renderings.get(label) ?? []), rendering]);
          // On a busy machine the trace can miss the page's parse or its first paint.
          const longestAfter = after
            ? `after the first paint, the longest ${Math.round(after.longestMs)} ms`
            : "no parse or first paint of the page in the trace: left out of the summary";
          console.log(`\n${label}, load ${run}: ${tasks.length} task(s) over ${LONG_TASK_MS} ms; ${longestAfter}`);
          if (rendering) {
            const { style, layout, paint } = rendering;
            console.log(
              `  the document's rendering before the site's scripts: ${Math.round(style + layout + paint)} ms (style ${Math.round(style)}, layout ${Math.round(layout)}, paint ${Math.round(paint)})`,
            );
          }
          for (const task of tasks) {
            console.log(
              `  ${Math.round(task.durationMs)} ms at ${Math.round(task.startMs)} ms (wall ${Math.round(task.wallMs)} ms), ${task.kind}`,
            );
            console.log(`    parts: ${task.parts.map((part) => `${part.what} ${Math.round(part.ms)}`).join("; ")}`);
            if (task.functions.length > 0) {
              console.log(
                `    functions: ${task.functions.map((fn) => `${fn.what} ${Math.round(fn.ms)}%`).join("; ")}`,
              );
            }
          }
        }
      }
    }
  } finally {
    await browser.close();
    server?.kill("SIGTERM");
    baseline?.server.close();
  }
  const loadAfter = loadavg();
  console.log(`\nAfter the first contentful paint, per load (${BUDGET_MS} ms budget):`);
  const routesNotOk: string[] = [];
  for (const [label, traced] of summary) {
    const loads = traced.filter((load) => load !== null);
    const leftOut = traced.length - loads.length;
    const longest = loads.map((load) => Math.round(load.longestMs));
    const over = loads.reduce((sum, load) => sum + load.over, 0);
    const kinds = (["script", "rendering", "parsing", "other"] as const)
      .map((kind) => `${kind} ${loads.reduce((sum, load) => sum + load.overByKind[kind], 0)}`)
      .join(", ");
    const blocking = loads.reduce((sum, load) => sum + load.blockingMs, 0);
    const verdict = loads.length === 0 ? "unjudged" : over === 0 ? "ok" : "over budget";
    if (verdict !== "ok") routesNotOk.push(label);
    console.log(
      `  ${label}: longest ${longest.join(", ")} ms (median ${median(longest)}); over ${BUDGET_MS} ms: ${over} (${kinds}); blocking ${Math.round(blocking)} ms${leftOut ? `; ${leftOut} load(s) left out` : ""}: ${verdict}`,
    );
  }
  console.log(
    routesNotOk.length === 0
      ? `Budget met: no task after the first contentful paint over ${BUDGET_MS} ms on any route.`
      : `Budget not met on ${routesNotOk.length} of ${summary.size}: ${routesNotOk.join(", ")}.`,
  );
  console.log("\nThe document's rendering (style, layout, paint) before the site's scripts, per load:");
  for (const [label, loads] of renderings) {
    const totals = loads.map(({ style, layout, paint }) => Math.round(style + layout + paint));
    console.log(`  ${label}: ${totals.join(", ")} ms (median ${median(totals)})`);
  }
  console.log(
    `\nEach task: its CPU time times ${CPU_SLOWDOWN}; load average ${loadBefore.map((n) => n.toFixed(2)).join(" ")} before, ${loadAfter.map((n) => n.toFixed(2)).join(" ")} after`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
