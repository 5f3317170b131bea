// The main-thread tasks of a Chromium performance trace, as npm run bench:trace reads them: what each
// task's events are, and what kind of work the task is.

import path from "node:path";

/** As Lighthouse's mobile run does, every task counts four times over: a CPU slowed four times. */
export const CPU_SLOWDOWN = 4;

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time for the event. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown> & { data?: Record<string, unknown> };
}

/** An event's time on the slowed CPU: its thread's CPU time (its wall time when the trace has none), times four. */
export function cpuMs(event: TraceEvent): number {
  return (CPU_SLOWDOWN * (event.tdur ?? event.dur ?? 0)) / 1000;
}

export function fileName(url: unknown): string {
  if (typeof url !== "string" || url === "") return "";
  try {
    return path.basename(new URL(url).pathname) || url;
  } catch {
    return url;
  }
}

/** What a trace event inside a task is, named for a reader (the script it ran, the kind of work). */
export function describeEvent(event: TraceEvent): string | null {
  const data = event.args?.data ?? {};
  switch (event.name) {
    case "EvaluateScript":
    case "v8.evaluateModule":
      return `evaluate ${fileName(data.url ?? (event.args as Record<string, unknown>)?.url) || "inline script"}`;
    case "v8.compile":
    case "v8.compileModule":
    case "V8.CompileCode":
      return `compile ${fileName(data.url ?? (event.args as Record<string, unknown>)?.fileName)}`.trim();
    case "FunctionCall":
      return `call ${fileName(data.url)}${data.functionName ? ` ${data.functionName}` : ""}`;
    case "EventDispatch":
      return `event ${data.type}`;
    case "TimerFire":
      return "timer";
    case "FireAnimationFrame":
      return "animation frame";
    case "RunMicrotasks":
      return "microtasks";
    case "ParseHTML":
      return "parse HTML";
    case "Layout":
      return "layout";
    case "UpdateLayoutTree":
    case "RecalculateStyles":
      return "style";
    case "Paint":
    case "PrePaint":
    case "Layerize":
      return "paint";
    case "MajorGC":
    case "MinorGC":
    case "V8.GC_SCAVENGER":
    case "BlinkGC.AtomicPhase":
      return "garbage collection";
    case "HitTest":
      return "hit test";
    default:
      return null;
  }
}

/** "other": the browser's own work outside any event the trace names (its loader, its parser's bookkeeping). */
export type TaskKind = "rendering" | "parsing" | "script" | "other";

export function kindOf(what: string): TaskKind {
  if (what === "style" || what === "layout" || what === "paint" || what === "hit test") return "rendering";
  if (what === "parse HTML") return "parsing";
  return "script";
}

/**
 * What a task is made of: its described events (above) by what they are, and its kind, the kind where
 * most of its own time went. Events nest (a script the parser runs is inside its parse, microtasks
 * inside a timer), so each event's own time is its time less that of the described events inside it;
 * the task's own time, outside all of them, is "other".
 */
export function taskParts(task: TraceEvent, onMain: TraceEvent[]): { parts: Map<string, number>; kind: TaskKind } {
  const end = task.ts + (task.dur ?? 0);
  const inside = onMain
    .filter((event) => event !== task && event.ph === "X" && event.ts >= task.ts && event.ts < end)
    .map((event) => ({ event, what: describeEvent(event) }))
    .filter((entry): entry is { event: TraceEvent; what: string } => entry.what !== null)
    .sort((a, b) => a.event.ts - b.event.ts || (b.event.dur ?? 0) - (a.event.dur ?? 0));
  const parts = new Map<string, number>();
  const ownMs = new Map<TraceEvent, number>();
  const open: TraceEvent[] = [];
  for (const { event, what } of inside) {
    parts.set(what, (parts.get(what) ?? 0) + cpuMs(event));
    const endsBefore = (outer: TraceEvent | undefined) =>
      outer !== undefined && outer.ts + (outer.dur ?? 0) <= event.ts;
    while (endsBefore(open.at(-1))) open.pop();
    const parent = open.at(-1);
    if (parent) ownMs.set(parent, (ownMs.get(parent) ?? 0) - cpuMs(event));
    ownMs.set(event, (ownMs.get(event) ?? 0) + cpuMs(event));
    open.push(event);
  }
  const outside = inside.reduce((ms, { event }) => ms - Math.max(0, ownMs.get(event) ?? 0), cpuMs(task));
  const byKind = new Map<TaskKind, number>([["other", outside]]);
  for (const { event, what } of inside) {
    byKind.set(kindOf(what), (byKind.get(kindOf(what)) ?? 0) + (ownMs.get(event) ?? 0));
  }
  let kind: TaskKind = "other";
  for (const [candidate, ms] of byKind) if (ms > (byKind.get(kind) ?? 0)) kind = candidate;
  return { parts, kind };
}

export type RenderingStep = "style" | "layout" | "paint";

/**
 * The browser's rendering on the main thread between two times (trace microseconds): its style, layout
 * and paint on the slowed CPU. Each event counts once: one inside another already counted (a paint
 * inside a paint) is part of it.
 */
export function renderingBetween(onMain: TraceEvent[], from: number, to: number): Record<RenderingStep, number> {
  const totals: Record<RenderingStep, number> = { style: 0, layout: 0, paint: 0 };
  const isStep = (what: string | null): what is RenderingStep =>
    what === "style" || what === "layout" || what === "paint";
  const steps = onMain
    .filter((event) => event.ph === "X" && event.ts >= from && event.ts < to)
    .map((event) => ({ event, what: describeEvent(event) }))
    .filter((entry): entry is { event: TraceEvent; what: RenderingStep } => isStep(entry.what))
    .sort((a, b) => a.event.ts - b.event.ts || (b.event.dur ?? 0) - (a.event.dur ?? 0));
  let countedUntil = Number.NEGATIVE_INFINITY;
  for (const { event, what } of steps) {
    if (event.ts < countedUntil) continue;
    totals[what] += cpuMs(event);
    countedUntil = event.ts + (event.dur ?? 0);
  }
  return totals;
}
