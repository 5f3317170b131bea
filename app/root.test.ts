import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type AppContext, appContext, type RequestInfo, requestContext } from "./context";
import { loader } from "./root";

afterEach(() => {
  vi.useRealTimers();
});

function loadAt(instant: string, timeZone: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(instant));
  const context = new RouterContextProvider();
  context.set(appContext, { config: { timeZone } } as AppContext);
  context.set(requestContext, { preview: false } as RequestInfo);
  return loader({ context } as unknown as Parameters<typeof loader>[0]);
}

describe("root loader", () => {
  it("gives the footer the copyright year of the hub's time zone (TZ_SITE)", () => {
    expect(loadAt("2027-01-01T03:00:00Z", "America/Chicago").year).toBe(2026);
    expect(loadAt("2026-12-31T11:00:00Z", "Pacific/Kiritimati").year).toBe(2027);
  });
});
