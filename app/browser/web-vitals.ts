import { type INPMetric, type Metric, onCLS, onINP, onLCP } from "web-vitals";
import { controlLabel, recordedControl, redactLabel, sendEvent } from "./analytics";

/**
 * Core Web Vitals from real visitors (LCP, INP, CLS), sent as GA4 events named after the metric, in the
 * form the `web-vitals` library recommends for GA4: `value` is the change since the metric's last
 * report as a whole number (CLS in thousandths), and `metric_id` groups the reports of one page load.
 * INP also says which control the slowest interaction was on (`inp_target`: its analytics label, as its
 * clicks are recorded, or the element's tag) and which of its three phases took the time, so the
 * owners can see in the field which control is slow and why. (The library's
 * attribution build says the same and more, for 2 KB more of script: read here from the interaction's
 * own event timings.) `entry.client.tsx` loads this module once the page is hydrated, like gtag.js
 * after the page's `load`: nothing of it competes with the first paint.
 */
export function webVitalParams(metric: Metric): Record<string, unknown> {
  return {
    value: Math.round(metric.name === "CLS" ? metric.delta * 1000 : metric.delta),
    metric_id: metric.id,
    metric_value: metric.value,
    metric_delta: metric.delta,
    metric_rating: metric.rating,
    non_interaction: true,
    ...(metric.name === "INP" ? inpAttributionParams(metric as INPMetric) : {}),
  };
}

/**
 * The controls of the latest interactions, by the time they began: a control that an interaction
 * replaced (a video tile becomes its player) is no longer in the page when INP is reported, and its
 * event timings then name no target.
 */
const recentTargets = new Map<number, string>();

function rememberTarget(event: Event): void {
  const label = interactionTarget(event.target as Node | null);
  if (!label) return;
  recentTargets.set(event.timeStamp, label);
  if (recentTargets.size > 50) recentTargets.delete(recentTargets.keys().next().value!);
}

/**
 * The control an interaction whose first timed event began at `start` was on: the latest pointerdown or
 * keydown at most a second before it. The browser times only events of 40 ms or more, so a quick
 * pointerdown and a slow click give the click's start, a moment after the tap (each rounded by the
 * browser: hence the millisecond after `start`).
 */
function rememberedTarget(start: number): string | undefined {
  let latest: string | undefined;
  for (const [time, label] of recentTargets) {
    if (time <= start + 1 && start - time <= 1_000) latest = label;
  }
  return latest;
}

/** Starts remembering the control of each interaction, for INP's attribution. */
export function rememberInteractionTargets(target: Pick<Document, "addEventListener">): void {
  for (const type of ["pointerdown", "keydown"]) {
    target.addEventListener(type, rememberTarget, { capture: true, passive: true });
  }
}

/** A control's analytics label (what its clicks are recorded as), or undefined when it is no control. */
export function interactionTarget(element: Node | null): string | undefined {
  const control = recordedControl(element);
  return control ? controlLabel(control) || undefined : undefined;
}

/**
 * Where an interaction's time went, from its event timings (each event of the interaction: pointerdown,
 * click...): the control, the slowest of its three phases, and each phase in ms.
 */
export function inpAttributionParams({ entries }: Pick<INPMetric, "entries">): Record<string, unknown> {
  let start = Number.POSITIVE_INFINITY;
  let processingStart = Number.POSITIVE_INFINITY;
  let processingEnd = 0;
  let end = 0;
  let element: Node | null = null;
  for (const entry of entries) {
    start = Math.min(start, entry.startTime);
    processingStart = Math.min(processingStart, entry.processingStart);
    processingEnd = Math.max(processingEnd, entry.processingEnd);
    end = Math.max(end, entry.startTime + entry.duration);
    if (entry.target?.isConnected) element ??= entry.target;
  }
  if (!entries.length) return {};
  const phases: [string, number][] = [
    ["input_delay", processingStart - start],
    ["processing_duration", processingEnd - processingStart],
    ["presentation_delay", end - processingEnd],
  ];
  const params: Record<string, unknown> = {
    inp_target: redactLabel(
      element ? (interactionTarget(element) ?? element.nodeName.toLowerCase()) : (rememberedTarget(start) ?? ""),
    ),
    inp_slowest_phase: phases.reduce((a, b) => (b[1] > a[1] ? b : a))[0],
  };
  for (const [phase, ms] of phases) params[`inp_${phase}`] = Math.round(Math.max(0, ms));
  return params;
}

export function reportWebVitals(): void {
  rememberInteractionTargets(document);
  const report = (metric: Metric) => sendEvent(metric.name, webVitalParams(metric));
  onLCP(report);
  onINP(report);
  onCLS(report);
}
