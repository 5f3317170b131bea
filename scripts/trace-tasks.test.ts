import { describe, expect, it } from "vitest";
import { CPU_SLOWDOWN, renderingBetween, type TraceEvent, taskParts } from "./trace-tasks.ts";

/** A complete event on one thread, `startMs` and `cpuMs` in milliseconds (wall time = CPU time). */
function event(name: string, startMs: number, cpuMs: number, data: Record<string, unknown> = {}): TraceEvent {
  return {
    name,
    cat: "devtools.timeline",
    ph: "X",
    ts: startMs * 1000,
    dur: cpuMs * 1000,
    tdur: cpuMs * 1000,
    pid: 1,
    tid: 1,
    args: { data },
  };
}

function partsOf(task: TraceEvent, inside: TraceEvent[]) {
  const { parts, kind } = taskParts(task, [task, ...inside]);
  return { kind, parts: Object.fromEntries(parts) };
}

describe("a trace's tasks", () => {
  it("counts a script the parser runs as script, not as parsing, though the parse contains it", () => {
    const task = event("RunTask", 0, 31);
    const parse = event("ParseHTML", 0, 30);
    const script = event("EvaluateScript", 5, 20, { url: "" });
    expect(partsOf(task, [parse, script])).toEqual({
      kind: "script",
      parts: { "parse HTML": 30 * CPU_SLOWDOWN, "evaluate inline script": 20 * CPU_SLOWDOWN },
    });
  });

  it("calls a parse with a short script in it parsing", () => {
    const task = event("RunTask", 0, 30);
    expect(partsOf(task, [event("ParseHTML", 0, 30), event("EvaluateScript", 10, 5, { url: "" })]).kind).toBe(
      "parsing",
    );
  });

  it("calls style, layout and paint rendering, whatever small script runs beside", () => {
    const task = event("RunTask", 0, 40);
    const inside = [
      event("UpdateLayoutTree", 0, 10),
      event("Layout", 10, 15),
      event("Paint", 25, 5),
      event("FunctionCall", 31, 8, { url: "https://hub.example.org/assets/framework.js", functionName: "D" }),
    ];
    expect(partsOf(task, inside)).toEqual({
      kind: "rendering",
      parts: { style: 40, layout: 60, paint: 20, "call framework.js D": 32 },
    });
  });

  it("gives a timer's microtasks to script, and leaves out events that end before the next begins", () => {
    const task = event("RunTask", 0, 20);
    const inside = [event("TimerFire", 0, 12), event("RunMicrotasks", 1, 11), event("Layout", 13, 6)];
    expect(partsOf(task, inside)).toEqual({ kind: "script", parts: { timer: 48, microtasks: 44, layout: 24 } });
  });

  it("calls a task other when most of its time is in no event the trace names", () => {
    const task = event("RunTask", 0, 13);
    const inside = [
      event("ParseHTML", 0, 1),
      event("EvaluateScript", 0.2, 0.5, { url: "" }),
      event("EventDispatch", 2, 1, { type: "load" }),
    ];
    expect(partsOf(task, inside).kind).toBe("other");
  });

  it("ignores events outside the task", () => {
    const task = event("RunTask", 100, 10);
    expect(partsOf(task, [event("Layout", 0, 50), event("UpdateLayoutTree", 100, 9)])).toEqual({
      kind: "rendering",
      parts: { style: 36 },
    });
  });
});

describe("the rendering between two times", () => {
  it("sums style, layout and paint, each once, and nothing outside the window or of another kind", () => {
    const onMain = [
      event("RunTask", 0, 40),
      event("UpdateLayoutTree", 1, 5),
      event("Layout", 6, 10),
      event("Paint", 16, 6),
      event("Paint", 17, 2), // inside the paint above: already counted with it
      event("PrePaint", 23, 1),
      event("EvaluateScript", 25, 8, { url: "" }),
      event("Layout", 120, 30), // after the window
    ];
    expect(renderingBetween(onMain, 0, 100_000)).toEqual({
      style: 5 * CPU_SLOWDOWN,
      layout: 10 * CPU_SLOWDOWN,
      paint: 7 * CPU_SLOWDOWN,
    });
    expect(renderingBetween(onMain, 100_000, 200_000)).toEqual({ style: 0, layout: 30 * CPU_SLOWDOWN, paint: 0 });
  });
});
