import type { Metric } from "web-vitals";
import { describe, expect, it } from "vitest";
import { webVitalParams } from "./web-vitals";

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
