import { describe, expect, it, vi } from "vitest";
import { type CacheOptions, createCache, TimeoutError } from "./cache.server";

function setup(overrides: Partial<CacheOptions> = {}) {
  let time = 0;
  const onBackgroundError = vi.fn();
  const cache = createCache({
    freshMs: 60_000,
    staleIfErrorMs: 86_400_000,
    waitMs: 1_000,
    maxEntries: 3,
    retryAfterFailureMs: 10_000,
    now: () => time,
    onBackgroundError,
    ...overrides,
  });
  return {
    cache,
    onBackgroundError,
    advance(ms: number) {
      time += ms;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("createCache", () => {
  it("serves a fresh value without loading again", async () => {
    const { cache, advance } = setup();
    const load = vi.fn().mockResolvedValue("v1");
    expect(await cache.get("k", load)).toBe("v1");
    advance(59_000);
    expect(await cache.get("k", load)).toBe("v1");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("serves a stale value at once and refreshes it in the background", async () => {
    const { cache, advance } = setup();
    await cache.get("k", async () => "v1");
    advance(61_000);
    const load = vi.fn().mockResolvedValue("v2");
    expect(await cache.get("k", load)).toBe("v1");
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(await cache.get("k", load)).toBe("v2");
  });

  it("keeps serving the stale value when the service fails, and waits before retrying", async () => {
    const { cache, advance, onBackgroundError } = setup();
    await cache.get("k", async () => "v1");
    advance(61_000);
    const failing = vi.fn().mockRejectedValue(new Error("down"));
    expect(await cache.get("k", failing)).toBe("v1");
    await settle();
    expect(onBackgroundError).toHaveBeenCalledWith("k", expect.objectContaining({ message: "down" }));
    expect(await cache.get("k", failing)).toBe("v1");
    await settle();
    expect(failing).toHaveBeenCalledTimes(1);
    advance(10_000);
    await cache.get("k", failing);
    await settle();
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it("stops serving a value older than the stale-if-error window", async () => {
    const { cache, advance } = setup();
    await cache.get("k", async () => "v1");
    advance(86_400_001);
    await expect(cache.get("k", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
  });

  it("shares one load between concurrent callers", async () => {
    const { cache } = setup();
    const load = vi.fn(async () => "v1");
    const results = await Promise.all([cache.get("k", load), cache.get("k", load)]);
    expect(results).toEqual(["v1", "v1"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("gives up waiting after waitMs but keeps the late answer for the next caller", async () => {
    const { cache } = setup({ waitMs: 20 });
    let finish: (value: string) => void = () => {};
    const slow = () => new Promise<string>((resolve) => (finish = resolve));
    await expect(cache.get("k", slow)).rejects.toBeInstanceOf(TimeoutError);
    finish("late");
    await settle();
    expect(await cache.get("k", async () => "unused")).toBe("late");
  });

  it("evicts the least recently used entry beyond maxEntries", async () => {
    const { cache } = setup();
    for (const key of ["a", "b", "c"]) await cache.get(key, async () => key);
    expect(await cache.get("a", async () => "unused")).toBe("a");
    await cache.get("d", async () => "d");
    expect(cache.size).toBe(3);
    expect(await cache.get("a", async () => "unused")).toBe("a");
    expect(await cache.get("b", async () => "b2")).toBe("b2");
  });

  it("forgets one key, a prefix of keys, or everything", async () => {
    const { cache } = setup({ maxEntries: 10 });
    for (const key of ["post:a", "post:b", "hero:home"]) await cache.get(key, async () => key);
    cache.delete("hero:home");
    expect(await cache.get("hero:home", async () => "reloaded")).toBe("reloaded");
    cache.deletePrefix("post:");
    expect(await cache.get("post:a", async () => "a2")).toBe("a2");
    expect(await cache.get("post:b", async () => "b2")).toBe("b2");
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("reports a change when a refresh brings other content or entries are removed, not on a first load or the same content", async () => {
    const onChange = vi.fn();
    const { cache, advance } = setup({ onChange });
    await cache.get("k", async () => ({ title: "v1" }));
    await cache.get("other", async () => ["a"]);
    expect(onChange).not.toHaveBeenCalled();
    advance(61_000);
    await cache.get("k", async () => ({ title: "v1" }));
    await settle();
    expect(onChange).not.toHaveBeenCalled();
    advance(61_000);
    await cache.get("k", async () => ({ title: "v2" }));
    await settle();
    expect(onChange).toHaveBeenCalledTimes(1);
    cache.delete("missing");
    cache.deletePrefix("nothing:");
    expect(onChange).toHaveBeenCalledTimes(1);
    cache.delete("k");
    expect(onChange).toHaveBeenCalledTimes(2);
    cache.clear();
    expect(onChange).toHaveBeenCalledTimes(3);
    cache.clear();
    expect(onChange).toHaveBeenCalledTimes(3);
  });
});
