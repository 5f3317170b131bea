import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contentKeysAffectedBy, contentValueSchema } from "./index.ts";
import { type ContentCachesOptions, createContentCaches } from "./caches.server";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function snapshotFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "content-cache-"));
  dirs.push(dir);
  return path.join(dir, "content-cache.json");
}

const timings = { freshMs: 60_000, staleIfErrorMs: 86_400_000, waitMs: 1_000, retryAfterFailureMs: 15_000 };

/** Values as the content service caches them (values.server.ts). */
const hero = {
  site: "cchub",
  backgroundUrl: "https://images.example/hero.webp",
  background: {
    id: "hero-home",
    url: "https://images.example/hero.webp",
    title: "The floor",
    description: "The coworking floor in the morning",
    width: 1920,
    height: 1080,
    contentType: "image/webp",
  },
  status: "ok",
};
const post = {
  id: "post-1",
  title: "Opening day",
  slug: "opening-day",
  publishDate: "2026-01-05",
  author: "Ozark Foundry",
  excerpt: "We opened.",
  content: { nodeType: "document", data: {}, content: [] },
  featuredImage: null,
  videoUrl: null,
  tags: ["news"],
  featured: false,
};
const quietLog = { info: vi.fn(), warn: vi.fn() };

function caches(overrides: Partial<ContentCachesOptions> = {}) {
  return createContentCaches({
    timings,
    snapshot: null,
    keysAffectedBy: contentKeysAffectedBy,
    valueSchema: contentValueSchema,
    log: quietLog,
    ...overrides,
  });
}

describe("purges", () => {
  it("mark what the changed content type affects, bump the version and tell subscribers", async () => {
    const content = caches();
    await content.cache.get("content:posts:latest", async () => ["old post"]);
    await content.cache.get("content:hero:home", async () => "hero");
    await content.lookupCache.get("content:post:opening-day", async () => ["old"]);
    const heard = vi.fn();
    content.onPurge(heard);

    const event = content.purge({ contentTypes: ["blogPost"] }, "webhook");
    expect(event).toMatchObject({ version: 1, purged: 2, origin: "webhook", scope: { contentTypes: ["blogPost"] } });
    expect(heard).toHaveBeenCalledWith(event);
    expect(content.version).toBe(1);
    expect(await content.cache.get("content:posts:latest", async () => ["new post"])).toEqual(["new post"]);
    expect(await content.lookupCache.get("content:post:opening-day", async () => ["new"])).toEqual(["new"]);
    expect(await content.cache.get("content:hero:home", async () => "unused")).toBe("hero");
  });

  it("cover everything for an asset or an unknown type", async () => {
    const content = caches();
    await content.cache.get("content:hero:home", async () => "hero");
    expect(content.purge({ all: true }).purged).toBe(1);
    await content.cache.get("content:hero:home", async () => "hero");
    expect(content.purge({ contentTypes: ["somethingNew"] }).purged).toBe(1);
  });

  it("report their last purge and the caches' sizes in the state", async () => {
    const content = caches();
    await content.cache.get("content:hero:home", async () => "hero");
    await content.lookupCache.get("content:post:a", async () => []);
    content.purge({ contentTypes: ["PageHero"] }, "peer");
    expect(content.state()).toMatchObject({
      version: 1,
      entries: { site: 1, lookups: 1 },
      invalidated: 1,
      failing: 0,
      lastPurge: { origin: "peer", purged: 1, scope: { contentTypes: ["PageHero"] } },
      snapshot: { file: null, restored: 0 },
    });
  });

  it("can be unsubscribed from", () => {
    const content = caches();
    const heard = vi.fn();
    const unsubscribe = content.onPurge(heard);
    unsubscribe();
    content.purge({ all: true });
    expect(heard).not.toHaveBeenCalled();
  });
});

describe("the snapshot of the last good content", () => {
  it("is written after a change and restored by the next start for the same content", async () => {
    const file = snapshotFile();
    const first = caches({ snapshot: { file, source: "live:space1:master", saveDelayMs: 10 } });
    await first.cache.get("content:hero:home", async () => hero);
    await first.lookupCache.get("content:post:opening-day", async () => [post]);
    await vi.waitFor(() => expect(first.state().snapshot.lastSavedAt).not.toBeNull());
    first.close();

    const second = caches({ snapshot: { file, source: "live:space1:master" } });
    expect(second.state().snapshot.restored).toBe(2);
    const failing = () => Promise.reject(new Error("content service down"));
    expect(await second.cache.get("content:hero:home", failing)).toEqual(hero);
    expect(await second.lookupCache.get("content:post:opening-day", failing)).toEqual([post]);
  });

  it("is not restored for other content (another space or environment)", async () => {
    const file = snapshotFile();
    const first = caches({ snapshot: { file, source: "live:space1:master" } });
    await first.cache.get("content:hero:home", async () => hero);
    first.saveSnapshot();
    const other = caches({ snapshot: { file, source: "live:space2:master" } });
    expect(other.state().snapshot.restored).toBe(0);
    expect(other.cache.size).toBe(0);
  });

  it("stays under its byte limit, dropping look-ups before the site's own content", async () => {
    const file = snapshotFile();
    const content = caches({ snapshot: { file, source: "s", maxBytes: 20_000 } });
    await content.cache.get("content:hero:home", async () => ({ ...hero, site: "h".repeat(5_000) }));
    for (let index = 0; index < 20; index++) {
      await content.lookupCache.get(`content:post:${index}`, async () => [{ ...post, excerpt: "p".repeat(2_000) }]);
    }
    content.saveSnapshot();
    const saved = readFileSync(file, "utf8");
    expect(Buffer.byteLength(saved)).toBeLessThanOrEqual(20_000);
    const parsed = JSON.parse(saved) as { site: { key: string }[]; lookups: { key: string }[] };
    expect(parsed.site.map((value) => value.key)).toEqual(["content:hero:home"]);
    expect(parsed.lookups.length).toBeGreaterThan(0);
    expect(parsed.lookups.length).toBeLessThan(20);
    // The most recently used look-ups are the ones kept.
    expect(parsed.lookups.at(-1)?.key).toBe("content:post:19");
  });

  it("that cannot be read is skipped with a warning, and the site starts without it", () => {
    const file = snapshotFile();
    writeFileSync(file, "{ not json");
    const log = { info: vi.fn(), warn: vi.fn() };
    const content = caches({ snapshot: { file, source: "s" }, log });
    expect(content.cache.size).toBe(0);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining("cannot be read"), expect.anything());
  });

  it("keeps a purge across a restart: the restored value is reloaded first", async () => {
    const file = snapshotFile();
    const first = caches({ snapshot: { file, source: "s" } });
    await first.cache.get("content:posts:latest", async () => [post]);
    first.purge({ contentTypes: ["blogPost"] });
    first.saveSnapshot();
    const second = caches({ snapshot: { file, source: "s" } });
    expect(second.state().snapshot.restored).toBe(1);
    const after = [{ ...post, title: "Opening day, rewritten" }];
    expect(await second.cache.get("content:posts:latest", async () => after)).toEqual(after);
  });

  describe("that does not fit what the site caches is ignored with one log line, and the site starts", () => {
    const now = Date.UTC(2026, 2, 5, 12);
    const value = (key: string, cached: unknown, storedAt = now - 60_000) => ({ key, value: cached, storedAt });
    const file = (fields: Record<string, unknown>) =>
      JSON.stringify({
        format: 1,
        source: "s",
        savedAt: new Date(now - 1_000).toISOString(),
        site: [value("content:hero:home", hero)],
        lookups: [value("content:post:opening-day", [post])],
        ...fields,
      });
    const cases: [string, string, RegExp][] = [
      ["null", "null", /expected object, received null/],
      ["a list", "[]", /expected object, received array/],
      ["values that are not a list", file({ site: { "content:hero:home": hero } }), /site: .*expected array/],
      ["no values at all", file({ lookups: null }), /lookups: .*expected array, received null/],
      [
        "a load time in the future",
        file({ site: [value("content:hero:home", hero, now + 3_600_000)] }),
        /site\[0\]\.storedAt: a load time in the future/,
      ],
      [
        "a load time that is not a number",
        file({ site: [value("content:hero:home", hero, "yesterday" as never)] }),
        /storedAt/,
      ],
      [
        "a value of another shape",
        file({ lookups: [value("content:post:opening-day", [{ ...post, tags: "news" }])] }),
        /lookups\[0\]\.value\[0\]\.tags/,
      ],
      [
        "a post list without its body's document",
        file({ site: [value("content:posts:latest", [{ ...post, content: "text" }])] }),
        /value\[0\]\.content: a rich-text document/,
      ],
      [
        "a key this site does not cache",
        file({ site: [value("content:something-else", {})] }),
        /no kind of content is cached under content:something-else/,
      ],
      ["no save time", file({ savedAt: undefined }), /savedAt/],
    ];
    it.each(cases)("%s", (_label, text, problem) => {
      const snapshot = snapshotFile();
      writeFileSync(snapshot, text);
      const log = { info: vi.fn(), warn: vi.fn() };
      const content = caches({
        snapshot: { file: snapshot, source: "s" },
        log,
        timings: { ...timings, now: () => now },
      });
      expect(content.state().snapshot.restored).toBe(0);
      expect(content.cache.size + content.lookupCache.size).toBe(0);
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(log.warn.mock.calls[0]).toEqual([
        expect.stringMatching(/does not fit what this site caches \(.+\); starting without it\.$/),
      ]);
      expect(log.warn.mock.calls[0]![0]).toMatch(problem);
      expect(log.info).not.toHaveBeenCalled();
    });

    it("while the same file with every value in shape is restored", () => {
      const snapshot = snapshotFile();
      writeFileSync(snapshot, file({}));
      const content = caches({ snapshot: { file: snapshot, source: "s" }, timings: { ...timings, now: () => now } });
      expect(content.state().snapshot.restored).toBe(2);
    });
  });
});
