// @vitest-environment jsdom
import type { Metric } from "web-vitals";
import { describe, expect, it } from "vitest";
import { rememberInteractionTargets, webVitalParams } from "./web-vitals";

const metric = (name: Metric["name"], value: number, delta: number): Metric => ({
  name,
  value,
  delta,
  rating: "good",
  id: `v6-${name}-1`,
  entries: [],
  navigationType: "navigate",
  navigationId: 1,
});

describe("webVitalParams", () => {
  it("sends the change since the last report as a whole number, and the metric itself", () => {
    expect(webVitalParams(metric("LCP", 1234.56, 1234.56))).toEqual({
      value: 1235,
      metric_id: "v6-LCP-1",
      metric_value: 1234.56,
      metric_delta: 1234.56,
      metric_rating: "good",
      non_interaction: true,
    });
    expect(webVitalParams(metric("INP", 200, 56)).value).toBe(56);
  });

  it("sends CLS in thousandths, GA4's values being whole numbers", () => {
    expect(webVitalParams(metric("CLS", 0.0123, 0.0023)).value).toBe(2);
    expect(webVitalParams(metric("CLS", 0.0123, 0.0023)).metric_value).toBe(0.0123);
  });
});

describe("INP's attribution", () => {
  /** An interaction's event timings: a pointerdown and its click, with the given phases (ms). */
  const timings = (
    { inputDelay, processing, presentation }: { inputDelay: number; processing: number; presentation: number },
    target: Node | null,
    start = 1_000,
  ) =>
    ["pointerdown", "click"].map((name) => ({
      name,
      startTime: start,
      processingStart: start + inputDelay,
      processingEnd: start + inputDelay + processing,
      duration: inputDelay + processing + presentation,
      target,
    })) as unknown as PerformanceEventTiming[];
  const inp = (entries: PerformanceEventTiming[]): Metric => ({ ...metric("INP", 312, 312), entries });

  it("names the control and the phase that took the time", () => {
    document.body.innerHTML = `<button id="play" data-analytics="Play video: Tour"><span id="icon">▶</span></button>`;
    const icon = document.getElementById("icon");
    expect(
      webVitalParams(inp(timings({ inputDelay: 180.4, processing: 40.2, presentation: 91.6 }, icon))),
    ).toMatchObject({
      value: 312,
      inp_target: "Play video: Tour",
      inp_slowest_phase: "input_delay",
      inp_input_delay: 180,
      inp_processing_duration: 40,
      inp_presentation_delay: 92,
    });
    const processing = webVitalParams(inp(timings({ inputDelay: 2, processing: 250, presentation: 16 }, icon)));
    expect(processing.inp_slowest_phase).toBe("processing_duration");
  });

  it("names an element that is no control by its tag, and never sends an email address", () => {
    document.body.innerHTML = `<p id="text">Just text</p><button id="mail">Write to hello@example.com</button>`;
    const phases = { inputDelay: 2, processing: 5, presentation: 20 };
    expect(webVitalParams(inp(timings(phases, document.getElementById("text")))).inp_target).toBe("p");
    expect(webVitalParams(inp(timings(phases, document.getElementById("mail")))).inp_target).toBe("[redacted]");
  });

  it("names a control the interaction replaced (no longer in the page) by what it was when tapped", () => {
    document.body.innerHTML = `<button id="play" data-analytics="Play video: Tour">▶</button>`;
    rememberInteractionTargets(document);
    const tapped = new Event("pointerdown", { bubbles: true });
    document.getElementById("play")?.dispatchEvent(tapped);
    const gone = document.getElementById("play");
    document.body.innerHTML = "<video></video>";
    const phases = { inputDelay: 2, processing: 5, presentation: 20 };
    expect(webVitalParams(inp(timings(phases, gone, tapped.timeStamp))).inp_target).toBe("Play video: Tour");
    // The entry's start, rounded otherwise than the event's time, is still that tap.
    expect(webVitalParams(inp(timings(phases, gone, tapped.timeStamp + 0.1))).inp_target).toBe("Play video: Tour");
    // Only its click was timed (a quick pointerdown is not): it began a moment after the tap.
    expect(webVitalParams(inp(timings(phases, null, tapped.timeStamp + 60))).inp_target).toBe("Play video: Tour");
    // Not an interaction that began before the tap, or long after it.
    expect(webVitalParams(inp(timings(phases, null, tapped.timeStamp - 5))).inp_target).toBe("");
    expect(webVitalParams(inp(timings(phases, null, tapped.timeStamp + 2_000))).inp_target).toBe("");
    // Nor one whose element is still in the page: it names that element.
    document.body.innerHTML = "<p id='after'>Text</p>";
    const after = document.getElementById("after");
    expect(webVitalParams(inp(timings(phases, after, tapped.timeStamp + 60))).inp_target).toBe("p");
  });
});
