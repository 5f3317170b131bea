import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { requestContext } from "~/context";
import { TimeoutError } from "~/services/cache.server";
import { settleSection, streamSection } from "./sections.server";

const log = { error: vi.fn(), warn: vi.fn() };

afterEach(() => {
  vi.useRealTimers();
  log.error.mockReset();
  log.warn.mockReset();
});

describe("settleSection", () => {
  it("passes data through", async () => {
    expect(await settleSection(Promise.resolve([1, 2]), { label: "test", log })).toEqual({
      status: "ok",
      data: [1, 2],
    });
  });

  it("reports an empty list as empty, or whatever the section counts as empty", async () => {
    expect(await settleSection(Promise.resolve([]), { label: "test", log })).toEqual({ status: "empty" });
    expect(await settleSection(Promise.resolve({ items: [] }), { label: "test", log })).toEqual({
      status: "ok",
      data: { items: [] },
    });
    const isEmpty = (data: { items: unknown[] }) => data.items.length === 0;
    expect(await settleSection(Promise.resolve({ items: [] }), { label: "test", isEmpty, log })).toEqual({
      status: "empty",
    });
  });

  it("turns a failure into the error state and keeps the details in the log", async () => {
    const failure = new Error("GET https://cdn.example/spaces/x Authorization: Bearer ...abcd");
    const state = await settleSection(Promise.reject(failure), { label: "home events", log });
    expect(state).toEqual({ status: "error" });
    expect(JSON.stringify(state)).not.toContain("Bearer");
    expect(log.error).toHaveBeenCalledWith("Error loading the home events section:", failure);
  });

  it("calls a section late, not failed or empty, when its service has not answered by the deadline", async () => {
    vi.useFakeTimers();
    const pending = settleSection(new Promise<number[]>(() => {}), { label: "slow", deadlineMs: 3_000, log });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await pending).toEqual({ status: "late" });
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining("slow section was not ready within 3000 ms"));
    expect(log.error).not.toHaveBeenCalled();
  });

  it("calls a section late when the cache stopped waiting for its service", async () => {
    const state = await settleSection(Promise.reject(new TimeoutError(4_000)), { label: "events", log });
    expect(state).toEqual({ status: "late" });
    expect(log.error).not.toHaveBeenCalled();
  });
});

function requestArgs({ dataRequest = false, bot = false, skipPageCache = (_reason: string) => {} } = {}) {
  const context = new RouterContextProvider();
  context.set(requestContext, {
    nonce: "",
    clientAddress: "127.0.0.1",
    dataRequest,
    bot,
    awaitSections: bot,
    random: Math.random,
    skipPageCache,
    preview: false,
  });
  return { context };
}

const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("streamSection", () => {
  it("puts a section that is ready at once into the page", async () => {
    expect(await streamSection(requestArgs(), Promise.resolve(["a"]), { label: "test", log })).toEqual({
      status: "ok",
      data: ["a"],
    });
  });

  it("streams a section that is not ready within the budget", async () => {
    const section = await streamSection(requestArgs(), later(["a"], 200), { label: "test", inlineBudgetMs: 20, log });
    expect(section.status).toBe("streaming");
    if (section.status !== "streaming") return;
    expect(await section.settled).toEqual({ status: "ok", data: ["a"] });
  });

  it("streams every section of the browser's own navigations", async () => {
    const section = await streamSection(requestArgs({ dataRequest: true }), Promise.resolve(["a"]), {
      label: "test",
      log,
    });
    expect(section.status).toBe("streaming");
  });

  it("keeps a page out of the page cache when a section streamed or failed, and only then", async () => {
    const skipPageCache = vi.fn();
    await streamSection(requestArgs({ skipPageCache }), Promise.resolve(["a"]), { label: "ready", log });
    expect(skipPageCache).not.toHaveBeenCalled();
    await streamSection(requestArgs({ skipPageCache }), later(["a"], 100), { label: "slow", inlineBudgetMs: 10, log });
    expect(skipPageCache).toHaveBeenCalledWith("the slow section streamed");
    await streamSection(requestArgs({ skipPageCache, bot: true }), Promise.reject(new Error("down")), {
      label: "failing",
      log,
    });
    expect(skipPageCache).toHaveBeenCalledWith("the failing section failed");
  });

  it("keeps a page out of the page cache when a section is late, even one the render waited for", async () => {
    const skipPageCache = vi.fn();
    const section = await streamSection(
      requestArgs({ skipPageCache, bot: true }),
      Promise.reject(new TimeoutError(4_000)),
      { label: "events", log },
    );
    expect(section).toEqual({ status: "late" });
    expect(skipPageCache).toHaveBeenCalledWith("the events section was late");
  });

  it("makes a bot wait for the whole page", async () => {
    const section = await streamSection(requestArgs({ bot: true }), later(["a"], 100), {
      label: "test",
      inlineBudgetMs: 10,
      log,
    });
    expect(section).toEqual({ status: "ok", data: ["a"] });
  });
});
