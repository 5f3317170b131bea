import { describe, expect, it } from "vitest";
import { createTestReset } from "./test-reset.ts";

describe("createTestReset", () => {
  it("stops the lead worker, deletes every lead, forgets the rest, then starts the worker again", async () => {
    const steps: string[] = [];
    const leads = ["lead_a", "lead_b"];
    const reset = createTestReset({
      delivery: {
        stop: async () => void steps.push("stop worker"),
        start: () => void steps.push("start worker"),
      },
      store: {
        list: async () => leads.map((id) => ({ id }) as never),
        delete: async (id) => {
          steps.push(`delete ${id}`);
          return 1;
        },
      },
      forget: [() => void steps.push("forget caches"), () => void steps.push("forget counters")],
    });
    expect(await reset()).toEqual({ leadsDeleted: 2 });
    expect(steps).toEqual([
      "stop worker",
      "delete lead_a",
      "delete lead_b",
      "forget caches",
      "forget counters",
      "start worker",
    ]);
  });

  it("starts the worker again when a step fails", async () => {
    const steps: string[] = [];
    const reset = createTestReset({
      delivery: { stop: async () => void steps.push("stop"), start: () => void steps.push("start") },
      store: {
        list: async () => {
          throw new Error("the store is gone");
        },
        delete: async () => 0,
      },
      forget: [],
    });
    await expect(reset()).rejects.toThrow("the store is gone");
    expect(steps).toEqual(["stop", "start"]);
  });
});
