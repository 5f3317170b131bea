import { describe, expect, it } from "vitest";
import { createFeedCache, entityTag, type Render } from "./feed-cache.server";

const quiet = { warn: () => {} };

function counting(bodies: string[]): Render & { calls: number } {
  const render = (async () => {
    render.calls += 1;
    const body = bodies[Math.min(render.calls - 1, bodies.length - 1)]!;
    return { body, contentType: "text/plain", items: 1 };
  }) as unknown as Render & { calls: number };
  render.calls = 0;
  return render;
}

describe("the feed cache", () => {
  it("renders a feed once while it is fresh, again when it is not or after a purge", async () => {
    let clock = 1_000_000;
    const cache = createFeedCache({ maxEntries: 10, maxAgeMs: 30_000, now: () => clock, log: quiet });
    const render = counting(["one", "one", "two"]);
    const first = await cache.get("/feed", render);
    expect(first).toMatchObject({ status: "ok", stale: false, feed: { body: "one", etag: entityTag("one") } });
    clock += 29_000;
    await cache.get("/feed", render);
    expect(render.calls).toBe(1);
    clock += 2_000;
    const again = await cache.get("/feed", render);
    expect(render.calls).toBe(2);
    // The same bytes: the same validators, Last-Modified included.
    expect(again.status === "ok" && again.feed.lastModified).toEqual(first.status === "ok" && first.feed.lastModified);
    cache.purge();
    clock += 5_000;
    const changed = await cache.get("/feed", render);
    expect(render.calls).toBe(3);
    expect(changed).toMatchObject({ feed: { body: "two", etag: entityTag("two"), lastModified: new Date(1_036_000) } });
  });

  it("renders a feed once for the requests that ask at the same time, but not across a purge", async () => {
    const cache = createFeedCache({ maxEntries: 10, maxAgeMs: 30_000, log: quiet });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const render: Render = async () => {
      calls += 1;
      const call = calls;
      if (call === 1) await held;
      return { body: `render ${call}`, contentType: "text/plain", items: 1 };
    };
    const first = cache.get("/feed", render);
    const second = cache.get("/feed", render);
    cache.purge();
    const afterPurge = await cache.get("/feed", render);
    release();
    expect([await first, await second].map((answer) => answer.status === "ok" && answer.feed.body)).toEqual([
      "render 1",
      "render 1",
    ]);
    expect(afterPurge).toMatchObject({ feed: { body: "render 2" } });
    // The render from before the purge finished last, but the copy kept is the newer one.
    expect(await cache.get("/feed", render)).toMatchObject({ status: "ok", stale: false, feed: { body: "render 2" } });
    expect(calls).toBe(2);
  });

  it("sends the last good copy when a render fails, and says unavailable when there is none", async () => {
    const cache = createFeedCache({ maxEntries: 10, maxAgeMs: 0, log: quiet });
    const failing: Render = async () => {
      throw new Error("down");
    };
    expect(await cache.get("/feed", failing)).toEqual({ status: "unavailable" });
    await cache.get("/feed", counting(["good"]));
    expect(await cache.get("/feed", failing)).toMatchObject({ status: "ok", stale: true, feed: { body: "good" } });
  });

  it("forgets a feed that no longer exists, and keeps at most maxEntries, the least recently used going first", async () => {
    const cache = createFeedCache({ maxEntries: 2, maxAgeMs: 60_000, log: quiet });
    await cache.get("/a", counting(["a"]));
    expect(await cache.get("/a", async () => null)).toMatchObject({ status: "ok" });
    cache.purge();
    expect(await cache.get("/a", async () => null)).toEqual({ status: "not-found" });
    expect(cache.size).toBe(0);
    for (const key of ["/x", "/y", "/z"]) await cache.get(key, counting([key]));
    expect(cache.size).toBe(2);
    const x = counting(["x again"]);
    await cache.get("/x", x);
    expect(x.calls).toBe(1);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
