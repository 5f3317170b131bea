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
    const onContentChange = vi.fn();
    const { cache, advance } = setup({ onContentChange });
    await cache.get("k", async () => ({ title: "v1" }));
    await cache.get("other", async () => ["a"]);
    expect(onContentChange).not.toHaveBeenCalled();
    advance(61_000);
    await cache.get("k", async () => ({ title: "v1" }));
    await settle();
    expect(onContentChange).not.toHaveBeenCalled();
    advance(61_000);
    await cache.get("k", async () => ({ title: "v2" }));
    await settle();
    expect(onContentChange).toHaveBeenCalledTimes(1);
    cache.delete("missing");
    cache.deletePrefix("nothing:");
    expect(onContentChange).toHaveBeenCalledTimes(1);
    cache.delete("k");
    expect(onContentChange).toHaveBeenCalledTimes(2);
    cache.clear();
    expect(onContentChange).toHaveBeenCalledTimes(3);
    cache.clear();
    expect(onContentChange).toHaveBeenCalledTimes(3);
  });

  it("reports a change when the load after an invalidation brings other content, not the invalidation itself", async () => {
    const onContentChange = vi.fn();
    const { cache } = setup({ onContentChange });
    await cache.get("k", async () => ({ title: "v1" }));
    await cache.get("same", async () => ({ title: "s" }));
    expect(cache.invalidate(() => true)).toBe(2);
    expect(onContentChange).not.toHaveBeenCalled();
    expect(await cache.get("same", async () => ({ title: "s" }))).toEqual({ title: "s" });
    expect(onContentChange).not.toHaveBeenCalled();
    expect(await cache.get("k", async () => ({ title: "v2" }))).toEqual({ title: "v2" });
    expect(onContentChange).toHaveBeenCalledTimes(1);
  });
});

describe("negative caching", () => {
  it("answers a failed load from memory for failureTtlMs, then asks again", async () => {
    const { cache, advance } = setup({ failureTtlMs: 15_000 });
    const failing = vi.fn().mockRejectedValue(new Error("upstream 500"));
    await expect(cache.get("k", failing)).rejects.toThrow("upstream 500");
    advance(14_000);
    await expect(cache.get("k", failing)).rejects.toThrow("upstream 500");
    expect(failing).toHaveBeenCalledTimes(1);
    advance(1_000);
    expect(await cache.get("k", async () => "back")).toBe("back");
    expect(cache.state().failing).toBe(0);
  });

  it("is off by default", async () => {
    const { cache } = setup();
    const failing = vi.fn().mockRejectedValue(new Error("down"));
    await expect(cache.get("k", failing)).rejects.toThrow("down");
    await expect(cache.get("k", failing)).rejects.toThrow("down");
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it("forgets a remembered failure when the key is invalidated or deleted", async () => {
    const { cache } = setup({ failureTtlMs: 60_000 });
    await expect(cache.get("post:a", async () => Promise.reject(new Error("down")))).rejects.toThrow();
    await expect(cache.get("post:b", async () => Promise.reject(new Error("down")))).rejects.toThrow();
    expect(cache.state().failing).toBe(2);
    cache.invalidate((key) => key === "post:a");
    cache.deletePrefix("post:b");
    expect(await cache.get("post:a", async () => "a")).toBe("a");
    expect(await cache.get("post:b", async () => "b")).toBe("b");
  });
});

describe("invalidation (an editor published a change)", () => {
  it("makes the next caller wait for the new value, even while the old one is fresh", async () => {
    const { cache } = setup();
    await cache.get("post:a", async () => "old");
    expect(cache.invalidate((key) => key.startsWith("post:"))).toBe(1);
    expect(cache.state().invalidated).toBe(1);
    expect(await cache.get("post:a", async () => "new")).toBe("new");
    expect(await cache.get("post:a", async () => "unused")).toBe("new");
    expect(cache.state().invalidated).toBe(0);
  });

  it("leaves other keys alone", async () => {
    const { cache } = setup();
    await cache.get("hero:home", async () => "hero");
    cache.invalidate((key) => key.startsWith("post:"));
    expect(await cache.get("hero:home", async () => "unused")).toBe("hero");
  });

  it("serves the old value when the reload fails, and retries only after retryAfterFailureMs", async () => {
    const { cache, advance, onBackgroundError } = setup();
    await cache.get("post:a", async () => "old");
    cache.invalidate(() => true);
    const failing = vi.fn().mockRejectedValue(new Error("down"));
    expect(await cache.get("post:a", failing)).toBe("old");
    expect(onBackgroundError).toHaveBeenCalledTimes(1);
    expect(await cache.get("post:a", failing)).toBe("old");
    expect(failing).toHaveBeenCalledTimes(1);
    advance(10_000);
    expect(await cache.get("post:a", async () => "new")).toBe("new");
  });

  it("serves the old value when the reload is slow, and the late answer to the next caller", async () => {
    const { cache } = setup({ waitMs: 20 });
    await cache.get("post:a", async () => "old");
    cache.invalidate(() => true);
    let finish: (value: string) => void = () => {};
    expect(await cache.get("post:a", () => new Promise<string>((resolve) => (finish = resolve)))).toBe("old");
    finish("new");
    await settle();
    expect(await cache.get("post:a", async () => "unused")).toBe("new");
  });

  it("never stores what a load begun before the change answers", async () => {
    const { cache, advance } = setup();
    await cache.get("post:a", async () => "v1");
    advance(61_000);
    let finishOld: (value: string) => void = () => {};
    // A stale value triggers a background refresh that is still running when the change arrives.
    expect(await cache.get("post:a", () => new Promise<string>((resolve) => (finishOld = resolve)))).toBe("v1");
    cache.invalidate(() => true);
    const fresh = cache.get("post:a", async () => "v3");
    finishOld("v2 (from before the change)");
    expect(await fresh).toBe("v3");
    await settle();
    expect(await cache.get("post:a", async () => "unused")).toBe("v3");
  });
});

describe("snapshots", () => {
  it("give every value with its load time, and restore them into another cache", async () => {
    const first = setup({ maxEntries: 10 });
    await first.cache.get("a", async () => ({ title: "A" }));
    first.advance(5_000);
    await first.cache.get("b", async () => [1, 2]);
    first.cache.invalidate((key) => key === "b");
    const snapshot = first.cache.snapshot();
    expect(snapshot).toEqual([
      { key: "a", value: { title: "A" }, storedAt: 0 },
      { key: "b", value: [1, 2], storedAt: 5_000, invalidated: true },
    ]);

    const second = setup({ maxEntries: 10 });
    second.advance(30_000);
    expect(second.cache.restore(snapshot)).toBe(2);
    expect(await second.cache.get("a", async () => "unused")).toEqual({ title: "A" });
    expect(await second.cache.get("b", async () => "reloaded")).toBe("reloaded");
  });

  it("restore nothing older than the stale-if-error window, and no more than maxEntries", async () => {
    const { cache, advance } = setup({ maxEntries: 2 });
    advance(86_400_000 + 10);
    const restored = cache.restore([
      { key: "too-old", value: 1, storedAt: 0 },
      { key: "a", value: 2, storedAt: 86_400_000 },
      { key: "b", value: 3, storedAt: 86_400_000 },
      { key: "c", value: 4, storedAt: 86_400_000 },
    ]);
    expect(restored).toBe(3);
    expect(cache.snapshot().map((value) => value.key)).toEqual(["b", "c"]);
  });

  it("report changes, so a snapshot can be saved", async () => {
    const onChange = vi.fn();
    const { cache } = setup({ onChange });
    await cache.get("a", async () => 1);
    cache.invalidate(() => true);
    cache.delete("a");
    expect(onChange).toHaveBeenCalledTimes(3);
  });
});
