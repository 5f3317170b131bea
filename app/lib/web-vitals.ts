import { type INPMetric, type Metric, onCLS, onINP, onLCP } from "web-vitals";
import { controlLabel, recordedControl, redactLabel, sendEvent } from "./analytics";

/**
 * Core Web Vitals from real visitors (LCP, INP, CLS), sent as GA4 events named after the metric, in the
 * form the `web-vitals` library recommends for GA4: `value` is the change since the metric's last
 * report as a whole number (CLS in thousandths), and `metric_id` groups the reports of one page load.
 * INP also says which control the slowest interaction was on (`inp_target`: its analytics label, as its
 * clicks are recorded, or the element's tag), when in the load it came, and which of its three phases
 * took the time, so the owners can see in the field which control is slow and why. (The library's
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

type InpPhase = "input_delay" | "processing_duration" | "presentation_delay";

/**
 * The controls of the latest interactions, by the time they began: a control that an interaction
 * replaced (a video tile becomes its player) is no longer in the page when INP is reported, and its
 * event timings then name no target.
 */
const recentTargets = new Map<number, string>();
const RECENT_TARGETS = 50;

function rememberTarget(event: Event): void {
  const label = interactionTarget(event.target as Node | null);
  if (!label) return;
  recentTargets.set(event.timeStamp, label);
  if (recentTargets.size > RECENT_TARGETS) recentTargets.delete(recentTargets.keys().next().value!);
}

/**
 * The control an interaction that began at `start` was on: the event's time and its timing entry's
 * start are the same moment, each rounded by the browser, so the nearest within a millisecond.
 */
function rememberedTarget(start: number): string | undefined {
  let nearest: { label: string; off: number } | undefined;
  for (const [time, label] of recentTargets) {
    const off = Math.abs(time - start);
    if (off <= 1 && (!nearest || off < nearest.off)) nearest = { label, off };
  }
  return nearest?.label;
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

/** When in the page's load an interaction came, in the words of the web-vitals attribution build. */
function loadStateAt(time: number): string {
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  if (!navigation) return "complete";
  if (time < navigation.domInteractive) return "loading";
  if (!navigation.domContentLoadedEventStart || time < navigation.domContentLoadedEventStart) return "dom-interactive";
  if (!navigation.loadEventStart || time < navigation.loadEventStart) return "dom-content-loaded";
  return "complete";
}

/** Where an interaction's time went, from its event timings (each event of the interaction: pointerdown, click...). */
export function inpAttributionParams({ entries }: Pick<INPMetric, "entries">): Record<string, unknown> {
  if (entries.length === 0) return {};
  const start = Math.min(...entries.map((entry) => entry.startTime));
  const end = Math.max(...entries.map((entry) => entry.startTime + entry.duration));
  const processingStart = Math.min(...entries.map((entry) => entry.processingStart));
  const processingEnd = Math.max(...entries.map((entry) => entry.processingEnd));
  const phases: Record<InpPhase, number> = {
    input_delay: Math.max(0, processingStart - start),
    processing_duration: Math.max(0, processingEnd - processingStart),
    presentation_delay: Math.max(0, end - processingEnd),
  };
  const slowest = (Object.keys(phases) as InpPhase[]).reduce((a, b) => (phases[b] > phases[a] ? b : a));
  const element = entries.map((entry) => entry.target).find((target) => target?.isConnected) ?? null;
  const target = interactionTarget(element) ?? rememberedTarget(start) ?? element?.nodeName.toLowerCase() ?? "";
  return {
    inp_target: redactLabel(target),
    inp_interaction_type: entries.some((entry) => entry.name.startsWith("key")) ? "keyboard" : "pointer",
    inp_load_state: loadStateAt(start),
    inp_slowest_phase: slowest,
    inp_input_delay: Math.round(phases.input_delay),
    inp_processing_duration: Math.round(phases.processing_duration),
    inp_presentation_delay: Math.round(phases.presentation_delay),
  };
}

export function reportWebVitals(): void {
  rememberInteractionTargets(document);
  const report = (metric: Metric) => sendEvent(metric.name, webVitalParams(metric));
  onLCP(report);
  onINP(report);
  onCLS(report);
}
