import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchPipeBrowser, type PipeBrowser } from "./cdp-pipe.ts";
import { chromiumFlags, chromiumPath } from "./chromium-path.js";
import {
  medianTap,
  TAP_CONTROLS,
  TAP_MOMENTS,
  TAP_REFERENCES,
  type TapRow,
  tapCpuMs,
  tapOnce,
  tapTable,
} from "./tap-probe.ts";
import type { TraceEvent } from "./trace-tasks.ts";

describe("the tap probe", () => {
  it("takes the middle tap, a lost tap counting as the slowest", () => {
    expect(medianTap([180, 120, 400, 150, 90])).toBe(150);
    expect(medianTap([180, null, 120])).toBe(180);
    expect(medianTap([null, null, 120])).toBeNull();
    expect(medianTap([])).toBeNull();
  });

  it("counts a tap's CPU from its pointerdown's task to the frame painted after its click, on the page's thread", () => {
    const on = (name: string, ts: number, dur: number, extra: Partial<TraceEvent> = {}): TraceEvent => ({
      name,
      cat: "devtools.timeline",
      ph: "X",
      ts,
      dur,
      tdur: dur,
      pid: 1,
      tid: 7,
      ...extra,
    });
    const dispatch = (type: string, ts: number) => on("EventDispatch", ts, 500, { args: { data: { type } } });
    const events: TraceEvent[] = [
      on("RunTask", 0, 90_000), // the tracing's start: before the tap, not counted
      on("RunTask", 100_000, 3_000), // pointerdown's task
      dispatch("pointerdown", 100_500),
      on("RunTask", 104_000, 2_000), // a timer between: the page's CPU in the window
      on("RunTask", 108_000, 4_000), // click's task
      dispatch("click", 108_500),
      on("RunTask", 116_000, 5_000), // the frame
      on("Paint", 119_000, 1_000),
      on("RunTask", 130_000, 40_000), // a transition's render after the frame: not counted
      on("Paint", 165_000, 1_000),
      on("RunTask", 100_000, 9_000, { tid: 9 }), // another thread
    ];
    // (3 + 2 + 4 + 5) ms of thread time, four times over.
    expect(tapCpuMs(events)).toBe(56);
    expect(tapCpuMs(events.filter((event) => event.name !== "EventDispatch"))).toBeNull();
  });

  it("measures the five held controls, each on its own route", () => {
    expect(TAP_CONTROLS.map((control) => control.name)).toEqual([
      "video tile",
      "booking option",
      "Load More",
      "gallery filter",
      "Send, empty contact form",
    ]);
    expect(TAP_MOMENTS).toEqual(["DOMContentLoaded", "load", "hydrated"]);
  });

  it("shows each condition's median beside the others; judges a lost tap, and a hydrated tap by its CPU", () => {
    const row = (
      moment: TapRow["moment"],
      samples: (number | null)[],
      answers: (number | null)[],
      cpu?: (number | null)[],
    ): TapRow => ({
      control: "video tile",
      route: "/coworking",
      moment,
      samples,
      median: medianTap(samples),
      answers,
      answerMedian: medianTap(answers),
      ...(cpu ? { cpu, cpuMedian: medianTap(cpu) } : {}),
    });
    const table = tapTable([
      {
        name: "at rest",
        rows: [
          row("load", [150, 160, 170], [40, 50, 60]),
          row("hydrated", [60, 70, 80], [60, 70, 80], [30, 35, 40]),
          row("DOMContentLoaded", [300, 310, 320], [90, 90, 90]),
        ],
      },
      {
        name: "one core busy",
        rows: [
          row("load", [210, 260, 230], [90, 100, 95]),
          row("hydrated", [90, 80, 95], [90, 80, 95], [45, 60, 70]),
          row("DOMContentLoaded", [300, null, 320], [90, null, 90]),
        ],
      },
    ]);
    const [header, load, hydrated, early] = table.split("\n");
    expect(header).toMatch(
      /at rest \(median\)\s+one core busy \(median\)\s+answered, at rest\s+answered, one core busy\s+CPU, at rest\s+CPU, one core busy\s+samples/,
    );
    // Wall times are reported, not judged: 230 ms is fine for a tap that was not lost.
    expect(load).toMatch(/load\s+160 ms\s+230 ms\s+50 ms\s+95 ms\s+–\s+–\s+150 160 170 \| 210 260 230\s+ok/);
    expect(hydrated).toMatch(
      /hydrated\s+70 ms\s+90 ms\s+70 ms\s+90 ms\s+35 ms\s+60 ms\s+60 70 80 \| 90 80 95\s+over 50 ms CPU/,
    );
    expect(early).toMatch(/300 310 320 \| 300 lost 320\s+lost/);
  });

  it("taps two references beside them, unjudged, and divides every median by the baseline disclosure's", () => {
    expect(TAP_REFERENCES.map((control) => [control.name, control.route, control.onBaseline ?? false])).toEqual([
      ["mobile menu (native)", "/coworking", false],
      ["baseline disclosure", "/tap", true],
    ]);
    const row = (control: string, samples: number[], reference?: true): TapRow => ({
      control,
      route: "/",
      moment: "load",
      ...(reference ? { reference } : {}),
      samples,
      median: medianTap(samples),
      answers: samples,
      answerMedian: medianTap(samples),
    });
    const table = tapTable([
      {
        name: "at rest",
        rows: [
          row("video tile", [150]),
          row("mobile menu (native)", [300], true),
          row("baseline disclosure", [50], true),
        ],
      },
      {
        name: "one core busy",
        rows: [
          row("video tile", [240]),
          row("mobile menu (native)", [320], true),
          row("baseline disclosure", [80], true),
        ],
      },
    ]);
    const [header, tile, menu, floor] = table.split("\n");
    expect(header).toMatch(
      /answered, one core busy\s+x floor, at rest\s+x floor, one core busy\s+CPU, at rest\s+CPU, one core busy\s+samples/,
    );
    expect(tile).toMatch(/150 ms\s+240 ms\s+150 ms\s+240 ms\s+3\.0x\s+3\.0x\s+–\s+–\s+150 \| 240\s+ok/);
    expect(menu).toMatch(/6\.0x\s+4\.0x\s+–\s+–\s+300 \| 320\s+reference\s*$/);
    expect(floor).toMatch(/1\.0x\s+1\.0x\s+–\s+–\s+50 \| 80\s+reference\s*$/);
  });
});

// A real browser tapping two small pages: how the probe finds the frame that drew a tap's result.
describe("a tap on a real page", { timeout: 120_000 }, () => {
  const pages: Record<string, string> = {
    // The click's own handler adds the result (and works a while, so the browser keeps a timing of it).
    "/handler": `<!doctype html><button type="button">Show</button><script>
      document.querySelector("button").addEventListener("click", () => {
        const until = performance.now() + 30;
        while (performance.now() < until) {}
        document.body.insertAdjacentHTML("beforeend", "<p id=done>Shown</p>");
      });</script>`,
    // A native disclosure, which Chromium opens after the click's handling.
    "/disclosure": `<!doctype html><details><summary>More</summary><p>Shown</p></details>`,
  };
  let server: Server;
  let origin: string;
  let browser: PipeBrowser;
  beforeAll(async () => {
    server = createServer((request, response) => {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.end(pages[request.url ?? ""] ?? "");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = launchPipeBrowser(chromiumPath, chromiumFlags);
  });
  afterAll(async () => {
    await browser.close();
    server.close();
  });

  /** One tap at the `load` event on the test page at `route`: its control, and what shows its result. */
  const tapAt = (route: string, control: string, result: string) =>
    tapOnce(browser, origin, { name: route, route, control, result }, "load");

  it("times a result drawn by the click's own handler to the paint the browser reports for that click", async () => {
    const timing = await tapAt("/handler", "document.querySelector('button')", "document.querySelector('#done')");
    expect(timing.timedBy).toBe("event");
    expect(timing.result).toBeGreaterThan(0);
    expect(timing.answer).toBeLessThanOrEqual(timing.result!);
  });

  it("times a change that came after the click's handling (a native disclosure) to the frame that drew it", async () => {
    const timing = await tapAt(
      "/disclosure",
      "document.querySelector('summary')",
      "document.querySelector('details[open]')",
    );
    expect(timing.timedBy).toBe("frame");
    expect(timing.result).toBeGreaterThan(0);
  });
});
