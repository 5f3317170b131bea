import type { FaultRule } from "../../../demo/faults.ts";
import { CONTENT_STAND_IN } from "./servers";

/** Drives the fault injection of the content service behind the "live" site. */
export const contentService = {
  async addFault(rule: FaultRule): Promise<void> {
    const response = await fetch(`${CONTENT_STAND_IN.url}/__control/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(rule),
    });
    if (!response.ok) throw new Error(`Could not add a fault: ${response.status}`);
  },
  async clearFaults(): Promise<void> {
    await fetch(`${CONTENT_STAND_IN.url}/__control/faults`, { method: "DELETE" });
  },
  async requests(): Promise<{ method: string; url: string }[]> {
    const response = await fetch(`${CONTENT_STAND_IN.url}/__control/requests`);
    return (await response.json()) as { method: string; url: string }[];
  },
};
