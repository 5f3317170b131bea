// The tap probe of `npm run bench -- --taps` (docs/performance.md): how long a visitor's first tap takes to show its
// result, at three moments of a page's load, on a phone-sized Chromium with its CPU slowed 4x. Each
// control is tapped at DOMContentLoaded, at the `load` event, and once the page is hydrated and idle;
// the time runs from the tap's `pointerdown` to the end of the frame that first draws its visible
// result, and (the "answered" columns) to the end of the first frame that shows the tap was taken: a
// tap held until hydration marks its control busy at once (app/first-seconds/first-script.ts), and a hydrated Load More
// says "Loading..." while the next page comes. Each load is a first visit (a new browser context:
// nothing cached) or, `warm`, a return visit (a tab kept per control that has loaded the page twice: its
// scripts cached and compiled). The control is scrolled into view at once before the tap (the site
// scrolls smoothly, and a tap during a smooth scroll misses), the tap comes once the frame after that
// scroll has drawn it (a visitor taps what they see), and the tap is the browser's own mouse
// input at the control's centre. The probe drives Chromium over the DevTools protocol on a pipe without
// enabling the Runtime domain (cdp-pipe.ts), as a visitor's browser. A tap on the hydrated page is also
// traced, on a load of its own at full speed as `bench:trace` traces: the page's main-thread CPU time
// from the tap to the frame painted after its click, four times over (`tapCpuMs`), is what the budget
// judges.
import { loadavg } from "node:os";
import { BASELINE_TAP_PATH } from "./baseline-page.ts";
import type { PipeBrowser } from "./cdp-pipe.ts";
import { cpuMs, type TraceEvent } from "./trace-tasks.ts";

/**
 * The budget (docs/performance.md#budgets): a tap is never lost, whenever it comes; once the page is
 * hydrated, its handler and the frame it draws take at most this much of the page's CPU on the 4x CPU.
 * The wall times are reported beside the machine's floor (the baseline disclosure), never judged.
 */
export const TAP_CPU_BUDGET_MS = 50;
export const TAP_MOMENTS = ["DOMContentLoaded", "load", "hydrated"] as const;
export type TapMoment = (typeof TAP_MOMENTS)[number];

export interface TapControl {
  name: string;
  route: string;
  /** A page expression for the control to tap. */
  control: string;
  /** A page expression that is truthy once the tap's visible result is in the DOM. */
  result: string;
  /** A page expression that is truthy while the control shows it is working on the tap, if it shows that. */
  pending?: string;
  /**
   * A reference, not judged against the budget: what a tap costs with none of the site's scripts
   * involved, on the site's page or (`onBaseline`) on the benchmarks' baseline page at its tap path.
   */
  reference?: true;
  onBaseline?: true;
}

/** The controls whose hydrated behaviour differs from their no-JavaScript one (answered or held before hydration). */
export const TAP_CONTROLS: TapControl[] = [
  {
    name: "video tile",
    route: "/coworking",
    control: `document.querySelector('button[data-analytics^="Play video: "]')`,
    result: `document.querySelector('main video')`,
  },
  {
    name: "booking option",
    route: "/event-spaces",
    // The radio's label, which draws it (the radio itself is visually hidden).
    control: `document.querySelector('input[data-analytics="Select: Half Day"]').closest('label')`,
    result: `[...document.querySelectorAll('main h2, main h3')].some((h) => h.textContent.includes('Book the Think Lounge: Half Day') && h.checkVisibility())`,
  },
  {
    name: "Load More",
    route: "/blog",
    control: `document.querySelector('main a[data-analytics][href*="page=2"]')`,
    result: `document.querySelectorAll('main article').length > 6`,
    pending: `document.querySelector('main a[aria-disabled="true"]')?.textContent === 'Loading...'`,
  },
  {
    name: "gallery filter",
    route: "/gallery",
    control: `document.querySelector('main input[type="checkbox"][data-analytics="Exterior"]').closest('label')`,
    result: `document.querySelector('main input[type="checkbox"][data-analytics="Exterior"]').checked`,
  },
  {
    name: "Send, empty contact form",
    route: "/contact",
    control: `document.querySelector('main form button[type="submit"]')`,
    // The page's message, shown in the page before hydration too (docs/decisions/029-send-refused-in-the-page.md).
    result: `document.querySelector('main form [role="alert"]')?.textContent.includes('Name is required.')`,
  },
];

/**
 * The references beside the controls: the site's mobile menu, a native disclosure no script of the
 * site's touches, on a page of the site (what the page's own rendering costs a tap at each moment); and
 * a native disclosure on the baseline page (the machine's floor, which the "x floor" columns divide by).
 */
export const TAP_REFERENCES: TapControl[] = [
  {
    name: "mobile menu (native)",
    route: "/coworking",
    control: `document.querySelector('header details > summary')`,
    result: `document.querySelector('header details[open]')`,
    reference: true,
  },
  {
    name: "baseline disclosure",
    route: BASELINE_TAP_PATH,
    control: `document.querySelector('details > summary')`,
    result: `document.querySelector('details[open]')`,
    reference: true,
    onBaseline: true,
  },
];
/** The machine's floor: the reference tapped on the baseline page. */
const FLOOR = TAP_REFERENCES.find((reference) => reference.onBaseline)?.name;

/** How long a tap may take before it counts as lost (a page that never answered it). */
const TAP_TIMEOUT_MS = 15_000;
/** After hydration, the page is left this long to settle before the tap (the idle moment). */
const SETTLE_MS = 1_000;

/**
 * Runs in every page before its own scripts: notes the time of the first pointerdown after it is armed,
 * and keeps the browser's own timings of the page's input events (the Event Timing API, as INP reads
 * them: from the event to the paint of the frame after its handlers ran).
 */
const RECORDER = `addEventListener("pointerdown", (event) => {
  if (window.__tapArmed && window.__tapDown === undefined) window.__tapDown = event.timeStamp;
}, { capture: true, passive: true });
window.__tapEvents = [];
if (typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes?.includes("event")) {
  window.__tapEventObserver = new PerformanceObserver((list) => { window.__tapEvents.push(...list.getEntries()); });
  window.__tapEventObserver.observe({ type: "event", durationThreshold: 16, buffered: true });
}`;

/**
 * A page expression that is truthy once the tap was visibly taken: a control held until hydration is
 * marked busy in the frame after the tap (app/first-seconds/first-script.ts), the hydrated control shows its own
 * pending state (Load More's "Loading..."), or the result is there already.
 */
const answeredOrDone = ({ result, pending }: TapControl) =>
  `(document.querySelector('[data-hold-until-hydrated][aria-busy="true"]') || ${pending ? `(${pending}) ||` : ""} (${result}))`;

/**
 * Resolves, in the page, with the milliseconds from the recorded pointerdown to the frame that first
 * draws `result`, and to the frame that first shows the tap was taken (`answer`, at the latest with the
 * result).
 * - When the change came while the browser handled one of the tap's own input events (a click answered
 *   by the first script or by the hydrated page), that frame is the one the browser painted after the
 *   event: its Event Timing entry ends there (8 ms steps), as INP counts.
 * - Otherwise (a click replayed once the page hydrated, a list that came from the server, a native
 *   disclosure, which Chromium opens after the click's handling), or where the browser kept no entry
 *   (an event handled in under 16 ms): the end of the change's animation frame, marked by a
 *   user-blocking task that runs as soon as that frame's rendering is done.
 * (A task after the frame, even a user-blocking one, can wait behind others queued meanwhile, such as
 * the start of the page's modules after a first interaction: 60-130 ms more at 4x, after a frame the
 * visitor had already seen. A plain `setTimeout` waited behind every one.)
 */
const watchFor = (control: TapControl) => `new Promise((resolve) => {
  let done = false;
  let answer;
  let answerSeenAt;
  const afterFrame = (then) => requestAnimationFrame(() =>
    window.scheduler?.postTask ? scheduler.postTask(then, { priority: "user-blocking" }) : setTimeout(then, 0),
  );
  const since = () => performance.now() - window.__tapDown;
  /** The paint after the tap's input event during whose handling a change was seen, if the browser timed it. */
  const paintAfter = (seenAt) => {
    window.__tapEvents.push(...(window.__tapEventObserver?.takeRecords() ?? []));
    const during = window.__tapEvents
      .filter((entry) => entry.startTime >= window.__tapDown - 1 && entry.processingStart <= seenAt)
      .filter((entry) => seenAt <= entry.processingEnd + 1)
      .sort((a, b) => a.processingStart - b.processingStart)[0];
    return during ? during.startTime + during.duration - window.__tapDown : undefined;
  };
  /** The paint \`seenAt\`'s change was in, once its event's entry has come (up to 500 ms after the mark), else \`marked\`. */
  const settle = (seenAt, marked, then) => {
    const waitingSince = performance.now();
    const look = () => {
      const painted = paintAfter(seenAt);
      if (painted !== undefined) then(painted, "event");
      else if (performance.now() - waitingSince > 500) then(marked, "frame");
      else setTimeout(look, 16);
    };
    look();
  };
  let answerSeen = false;
  const check = () => {
    if (done || window.__tapDown === undefined) return;
    if (!answerSeen && ${answeredOrDone(control)}) {
      answerSeen = true;
      answerSeenAt = performance.now();
      afterFrame(() => { if (answer === undefined) answer = since(); });
    }
    if (!(${control.result})) return;
    done = true;
    const resultSeenAt = performance.now();
    observer.disconnect();
    afterFrame(() => {
      const marked = since();
      settle(resultSeenAt, marked, (result, timedBy) =>
        settle(answerSeenAt, answer ?? result, (answered) =>
          resolve({ result, answer: Math.min(answered, result), timedBy }),
        ),
      );
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const poll = () => { check(); if (!done) requestAnimationFrame(poll); };
  requestAnimationFrame(poll);
  setTimeout(() => { if (!done) { done = true; observer.disconnect(); resolve({ result: null, answer: answer ?? null, timedBy: null }); } }, ${TAP_TIMEOUT_MS});
})`;

interface Session {
  sessionId: string;
  send: (method: string, params?: Record<string, unknown>) => Promise<Record<string, unknown>>;
  close: () => Promise<void>;
}

/**
 * A tab of its own (a new browser context: nothing cached), phone-sized, its CPU slowed 4x; with
 * `reducedMotion`, a visitor who asked for reduced motion (the site's animations off).
 */
async function openTapPage(browser: PipeBrowser, reducedMotion = false): Promise<Session> {
  const { browserContextId } = await browser.send("Target.createBrowserContext");
  const { targetId } = await browser.send("Target.createTarget", { url: "about:blank", browserContextId });
  const { sessionId } = (await browser.send("Target.attachToTarget", { targetId, flatten: true })) as {
    sessionId: string;
  };
  const session: Session = {
    sessionId,
    send: (method, params) => browser.send(method, params, sessionId),
    close: async () => {
      await browser.send("Target.disposeBrowserContext", { browserContextId });
    },
  };
  await session.send("Emulation.setDeviceMetricsOverride", {
    width: 412,
    height: 915,
    deviceScaleFactor: 1,
    mobile: true,
  });
  await session.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  if (reducedMotion) {
    await session.send("Emulation.setEmulatedMedia", {
      features: [{ name: "prefers-reduced-motion", value: "reduce" }],
    });
  }
  await session.send("Page.enable");
  await session.send("Page.addScriptToEvaluateOnNewDocument", { source: RECORDER });
  return session;
}

async function evaluate<T>(session: Session, expression: string, awaitPromise = false): Promise<T> {
  const { result, exceptionDetails } = (await session.send("Runtime.evaluate", {
    expression,
    returnByValue: true,
    awaitPromise,
  })) as { result: { value?: T }; exceptionDetails?: { text: string } };
  if (exceptionDetails) throw new Error(`In the page: ${exceptionDetails.text}`);
  return result.value as T;
}

/** Loads `url` in the tab and waits for `moment` (for `hydrated`: hydrated, then a second of quiet). */
async function load(browser: PipeBrowser, session: Session, url: string, moment: TapMoment): Promise<void> {
  const reached = { DOMContentLoaded: false, load: false };
  let wake = () => {};
  const stopListening = browser.onEvent((message) => {
    if (message.sessionId !== session.sessionId) return;
    if (message.method === "Page.domContentEventFired") reached.DOMContentLoaded = true;
    else if (message.method === "Page.loadEventFired") reached.load = true;
    else return;
    wake();
  });
  const until = (event: "DOMContentLoaded" | "load") =>
    new Promise<void>((resolve) => {
      const check = () => (reached[event] ? resolve() : undefined);
      wake = check;
      check();
    });
  try {
    await session.send("Page.navigate", { url });
    if (moment !== "hydrated") return await until(moment);
    await until("load");
    const deadline = Date.now() + 30_000;
    while (!(await evaluate<boolean>(session, `document.documentElement.hasAttribute("data-hydrated")`))) {
      if (Date.now() > deadline) throw new Error(`${url} did not hydrate within 30 s of its load event.`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  } finally {
    stopListening();
  }
}

/**
 * A tab kept for a control's taps in `warm` runs, which has loaded its page twice: a return visit, the
 * page's scripts in the HTTP cache and V8's code cache made from them.
 */
async function warmedPage(
  browser: PipeBrowser,
  origin: string,
  control: TapControl,
  reducedMotion: boolean,
): Promise<Session> {
  const session = await openTapPage(browser, reducedMotion);
  for (let visit = 0; visit < 2; visit += 1) await load(browser, session, `${origin}${control.route}`, "hydrated");
  await session.send("Page.navigate", { url: "about:blank" });
  return session;
}

/**
 * One load of the control's page and one tap at `moment`: the milliseconds to its result and to its
 * first visible answer. In a new tab (a first visit), unless one is given (a warmed one).
 */
export interface TapTiming {
  /** Milliseconds to the tap's result, or null if none came. */
  result: number | null;
  /** Milliseconds to the first frame that showed the tap was taken (its result, or its control busy). */
  answer: number | null;
  /** How the result's frame was found: the browser's timing of the event that drew it, or its animation frame. */
  timedBy: "event" | "frame" | null;
  /** On the hydrated page: the page's main-thread CPU time from the tap to its result, on the 4x CPU. */
  cpu?: number | null;
}

/** The trace categories a tap's CPU time is read from. */
const TAP_TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel"].join(",");

/**
 * Traces what `act` makes the page do, and returns the CPU time of the page's main-thread tasks in that
 * time, on the 4x CPU: the thread that dispatched the tap's `pointerdown` is the page's main thread.
 */
async function tracedCpu(browser: PipeBrowser, session: Session, act: () => Promise<void>): Promise<number | null> {
  const events: TraceEvent[] = [];
  let completed: () => void = () => {};
  const complete = new Promise<void>((resolve) => {
    completed = resolve;
  });
  const stopListening = browser.onEvent((message) => {
    if (message.sessionId !== session.sessionId) return;
    if (message.method === "Tracing.dataCollected") events.push(...((message.params?.value ?? []) as TraceEvent[]));
    else if (message.method === "Tracing.tracingComplete") completed();
  });
  try {
    await session.send("Tracing.start", { categories: TAP_TRACE_CATEGORIES, transferMode: "ReportEvents" });
    await act();
    await session.send("Tracing.end");
    await complete;
  } finally {
    stopListening();
  }
  return tapCpuMs(events);
}

const dispatchOf = (event: TraceEvent, type: string) =>
  event.name === "EventDispatch" && (event.args?.data as { type?: string } | undefined)?.type === type;

/**
 * The page's main-thread CPU time, on the 4x CPU, from the task that dispatched the tap's `pointerdown`
 * to the end of the task that painted the first frame after its `click` was handled: the handlers and
 * the frame they draw (INP's processing and rendering), not what the page goes on to do after that
 * frame (a transition's render, an animation, idle work) or the tracing's own start and end. Null when
 * the trace holds no `pointerdown`. The traced page runs at full speed and each task counts four times
 * over, as in `bench:trace`: the thread times of Chromium's slowed CPU are its wall times, which another
 * process on the machine stretches.
 */
export function tapCpuMs(events: readonly TraceEvent[]): number | null {
  const tap = events.find((event) => dispatchOf(event, "pointerdown"));
  if (!tap) return null;
  const main = events.filter((event) => event.pid === tap.pid && event.tid === tap.tid);
  const tasks = main.filter((event) => event.ph === "X" && event.name === "RunTask").sort((a, b) => a.ts - b.ts);
  const taskAt = (ts: number) => tasks.find((task) => task.ts <= ts && ts <= task.ts + (task.dur ?? 0));
  const handled = main.filter((event) => dispatchOf(event, "click")).at(-1) ?? tap;
  const handledEnd = handled.ts + (handled.dur ?? 0);
  const frame = main.filter((event) => event.name === "Paint" && event.ts >= handledEnd).sort((a, b) => a.ts - b.ts)[0];
  const first = taskAt(tap.ts);
  const last = taskAt(frame?.ts ?? handled.ts);
  if (!first || !last) return null;
  const inWindow = tasks.filter((task) => task.ts >= first.ts && task.ts <= last.ts);
  return Math.round(inWindow.reduce((sum, task) => sum + cpuMs(task), 0));
}

export async function tapOnce(
  browser: PipeBrowser,
  origin: string,
  control: TapControl,
  moment: TapMoment,
  {
    tab,
    reducedMotion = false,
    traced = false,
  }: {
    tab?: Session;
    reducedMotion?: boolean;
    /** A tap of the CPU's measure: the page at full speed, the tap traced (`tapCpuMs`). */
    traced?: boolean;
  } = {},
): Promise<TapTiming> {
  const session = tab ?? (await openTapPage(browser, reducedMotion));
  try {
    if (traced) await session.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await load(browser, session, `${origin}${control.route}`, moment);
    // A visitor taps what the screen shows: the tap comes after the frame that drew the control where
    // it was scrolled to (a section scrolled into view has its first style and layout in that frame).
    const centre = await evaluate<{ x: number; y: number } | null>(
      session,
      `(async () => {
        const control = ${control.control};
        if (!control) return null;
        control.scrollIntoView({ block: "center", behavior: "instant" });
        await new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn, 0)));
        const box = control.getBoundingClientRect();
        window.__tapArmed = true;
        return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      })()`,
      true,
    );
    if (!centre) throw new Error(`${control.name}: no control on ${control.route}.`);
    // The watcher is in the page before the tap is sent: input reaches the page by another way than
    // this protocol's commands, and a watcher that came after the click first saw its result a frame
    // late (30-60 ms at 4x, and the mark a frame later still).
    await evaluate(session, `window.__tapTiming = ${watchFor(control)}; true`);
    let timing: TapTiming = { result: null, answer: null, timedBy: null };
    const tapAndWait = async () => {
      for (const type of ["mousePressed", "mouseReleased"]) {
        await session.send("Input.dispatchMouseEvent", { type, ...centre, button: "left", clickCount: 1 });
      }
      timing = await evaluate<TapTiming>(session, "window.__tapTiming", true);
    };
    if (traced) return { ...timing, cpu: await tracedCpu(browser, session, tapAndWait) };
    await tapAndWait();
    const { result, answer, timedBy } = timing;
    const round = (ms: number | null) => (ms === null ? null : Math.round(ms));
    const timed = { result: round(result), answer: round(answer), timedBy };
    if (moment !== "hydrated") return timed;
    // The hydrated tap's CPU: another load, the same tap traced at full speed.
    await session.send("Page.navigate", { url: "about:blank" });
    const { cpu } = await tapOnce(browser, origin, control, moment, { tab: session, reducedMotion, traced: true });
    return { ...timed, cpu };
  } finally {
    if (traced) await session.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    // A kept tab leaves the page (its animations and timers would take the CPU from the next taps);
    // what it cached stays.
    if (tab) await session.send("Page.navigate", { url: "about:blank" });
    else await session.close();
  }
}

export interface TapRow {
  control: string;
  route: string;
  reference?: true;
  moment: TapMoment;
  /** Milliseconds per tap, in the order taken; null for a tap whose result never came. */
  samples: (number | null)[];
  median: number | null;
  /** Milliseconds per tap to the first frame that showed it was taken; null where nothing showed. */
  answers: (number | null)[];
  answerMedian: number | null;
  /** On the hydrated page: the page's CPU time per tap on the 4x CPU (null where the trace had none). */
  cpu?: (number | null)[];
  cpuMedian?: number | null;
}

/** The middle sample (a lost tap counts as the slowest); null when most taps were lost. */
export function medianTap(samples: (number | null)[]): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => (a ?? Number.POSITIVE_INFINITY) - (b ?? Number.POSITIVE_INFINITY));
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}

/**
 * Every control at every moment, `runs` taps each. First visits go round the controls, so each sees the
 * machine alike. Return visits (`warm`) take one control at a time, in a tab kept for it: with several
 * kept tabs open at once (even left for about:blank), every tap grew slower run by run.
 */
export async function probeTaps(
  browser: PipeBrowser,
  origins: { site: string; baseline: string },
  {
    runs,
    warm = false,
    reducedMotion = false,
    controls = TAP_CONTROLS,
    log = console.log,
  }: {
    runs: number;
    warm?: boolean;
    reducedMotion?: boolean;
    controls?: TapControl[];
    log?: (line: string) => void;
  },
): Promise<TapRow[]> {
  const originOf = (control: TapControl) => (control.onBaseline ? origins.baseline : origins.site);
  const rows: TapRow[] = controls.flatMap((control) =>
    TAP_MOMENTS.map((moment) => ({
      control: control.name,
      route: control.route,
      ...(control.reference ? { reference: true as const } : {}),
      moment,
      samples: [],
      median: null,
      answers: [],
      answerMedian: null,
    })),
  );
  const tap = async (control: TapControl, row: TapRow, run: number, tab?: Session) => {
    let timing: TapTiming;
    try {
      timing = await tapOnce(browser, originOf(control), control, row.moment, { tab, reducedMotion });
    } catch (error) {
      log(`  ${row.control} at ${row.moment}: ${error instanceof Error ? error.message : error}`);
      timing = { result: null, answer: null, timedBy: null };
    }
    row.samples.push(timing.result);
    row.answers.push(timing.answer);
    if (row.moment === "hydrated") row.cpu = [...(row.cpu ?? []), timing.cpu ?? null];
    const shown = (ms: number | null, none: string) => (ms === null ? none : `${ms} ms`);
    log(
      `  ${row.control} at ${row.moment}, run ${run + 1}: ${shown(timing.result, "no result")} (answered: ${shown(timing.answer, "never")}${timing.cpu === undefined ? "" : `; CPU ${shown(timing.cpu, "untraced")}`})`,
    );
  };
  const rowsOf = (control: TapControl) => rows.filter((row) => row.control === control.name);
  if (warm) {
    for (const control of controls) {
      const tab = await warmedPage(browser, originOf(control), control, reducedMotion);
      try {
        for (let run = 0; run < runs; run += 1) for (const row of rowsOf(control)) await tap(control, row, run, tab);
      } finally {
        await tab.close();
      }
    }
  } else {
    for (let run = 0; run < runs; run += 1) {
      for (const control of controls) for (const row of rowsOf(control)) await tap(control, row, run);
    }
  }
  for (const row of rows) {
    row.median = medianTap(row.samples);
    row.answerMedian = medianTap(row.answers);
    if (row.cpu) row.cpuMedian = medianTap(row.cpu);
  }
  return rows;
}

/** A row's median over the baseline disclosure's at the same moment in the same condition, e.g. "2.4x". */
export function timesFloor(rows: TapRow[], row: TapRow): string {
  const floor = rows.find((entry) => entry.control === FLOOR && entry.moment === row.moment)?.median;
  if (!floor || row.median === null) return "–";
  return `${(row.median / floor).toFixed(1)}x`;
}

/** A row's verdict: a lost tap first, then (hydrated) the CPU budget; references are not judged. */
export function tapVerdict(each: TapRow[]): string {
  const [row] = each;
  if (!row || row.reference) return "reference";
  if (each.some((entry) => entry.median === null || entry.samples.includes(null))) return "lost";
  if (row.moment !== "hydrated") return "ok";
  if (each.some((entry) => entry.cpuMedian === undefined || entry.cpuMedian === null)) return "CPU unmeasured";
  return each.some((entry) => (entry.cpuMedian ?? 0) > TAP_CPU_BUDGET_MS) ? `over ${TAP_CPU_BUDGET_MS} ms CPU` : "ok";
}

/**
 * The table: a row per control and moment, the median of each condition (to the result, then to the
 * first frame that showed the tap was taken), each median over the machine's floor at that moment (when
 * the baseline disclosure was tapped): the wall times, reported beside the floor, never judged; then
 * the hydrated tap's CPU, the samples, and the verdict (`tapVerdict`).
 */
export function tapTable(conditions: { name: string; rows: TapRow[] }[]): string {
  const [first] = conditions;
  if (!first) return "";
  const withFloor = first.rows.some((row) => row.control === FLOOR);
  const cells = [
    [
      "control",
      "route",
      "tapped at",
      ...conditions.map((condition) => `${condition.name} (median)`),
      ...conditions.map((condition) => `answered, ${condition.name}`),
      ...(withFloor ? conditions.map((condition) => `x floor, ${condition.name}`) : []),
      ...conditions.map((condition) => `CPU, ${condition.name}`),
      "samples",
      "budget",
    ],
    ...first.rows.map((row, index) => {
      const each = conditions.map((condition) => condition.rows[index]!);
      return [
        row.control,
        row.route,
        row.moment,
        ...each.map((entry) => (entry.median === null ? "lost" : `${entry.median} ms`)),
        ...each.map((entry) => (entry.answerMedian === null ? "never" : `${entry.answerMedian} ms`)),
        ...(withFloor ? conditions.map((condition, at) => timesFloor(condition.rows, each[at]!)) : []),
        ...each.map((entry) =>
          entry.cpuMedian === undefined ? "–" : entry.cpuMedian === null ? "untraced" : `${entry.cpuMedian} ms`,
        ),
        each.map((entry) => entry.samples.map((sample) => sample ?? "lost").join(" ")).join(" | "),
        tapVerdict(each),
      ];
    }),
  ];
  const widths = cells[0]!.map((_, column) => Math.max(...cells.map((line) => String(line[column]).length)));
  return cells.map((line) => line.map((cell, column) => String(cell).padEnd(widths[column]!)).join("  ")).join("\n");
}

export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
