import { type Metric, onCLS, onINP, onLCP } from "web-vitals";
import { sendEvent } from "./analytics";

/**
 * Core Web Vitals from real visitors (LCP, INP, CLS), sent as GA4 events named after the metric, in the
 * form the `web-vitals` library recommends for GA4: `value` is the change since the metric's last
 * report as a whole number (CLS in thousandths), and `metric_id` groups the reports of one page load.
 * `entry.client.tsx` loads this module once the page is hydrated, like gtag.js after the page's `load`:
 * nothing of it competes with the first paint.
 */
export function webVitalParams(metric: Metric): Record<string, unknown> {
  return {
    value: Math.round(metric.name === "CLS" ? metric.delta * 1000 : metric.delta),
    metric_id: metric.id,
    metric_value: metric.value,
    metric_delta: metric.delta,
    metric_rating: metric.rating,
    non_interaction: true,
  };
}

export function reportWebVitals(): void {
  const report = (metric: Metric) => sendEvent(metric.name, webVitalParams(metric));
  onLCP(report);
  onINP(report);
  onCLS(report);
}
