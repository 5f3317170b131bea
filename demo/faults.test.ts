import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { DEFAULT_RECORDED_REQUESTS, FaultController } from "./faults.ts";

const request = (url: string) => ({ url, method: "GET" }) as IncomingMessage;
const response = {} as ServerResponse;

describe("the recorded requests", () => {
  it("are a window of the latest ones, oldest forgotten first", async () => {
    const faults = new FaultController({ maxRecorded: 3 });
    for (let index = 1; index <= 5; index++) await faults.intercept(request(`/item/${index}`), response);
    expect(faults.requests.map((recorded) => recorded.url)).toEqual(["/item/3", "/item/4", "/item/5"]);
  });

  it(`keep ${DEFAULT_RECORDED_REQUESTS} by default, however long a demo runs`, async () => {
    const faults = new FaultController();
    for (let index = 0; index < DEFAULT_RECORDED_REQUESTS + 250; index++) {
      await faults.intercept(request(`/item/${index}`), response);
    }
    expect(faults.requests).toHaveLength(DEFAULT_RECORDED_REQUESTS);
    expect(faults.requests.at(-1)?.url).toBe(`/item/${DEFAULT_RECORDED_REQUESTS + 249}`);
    expect(faults.requests[0]?.url).toBe("/item/250");
  });

  it("leave out the control endpoints", async () => {
    const faults = new FaultController();
    await faults.intercept(request("/__control/requests"), response);
    expect(faults.requests).toEqual([]);
  });
});

describe("a held rule", () => {
  it("keeps its requests waiting until released, then lets the real answer through", async () => {
    const faults = new FaultController();
    const release = Promise.withResolvers<void>();
    faults.add({ pathIncludes: "/slow", until: release.promise });
    let settled = false;
    const held = faults.intercept(request("/slow"), response).then((answered) => {
      settled = true;
      return answered;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    expect(await faults.intercept(request("/fast"), response)).toBe(false);
    release.resolve();
    expect(await held).toBe(false);
  });
});
