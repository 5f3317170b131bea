import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { type Cache, type CacheOptions, type CachedValue, createCache } from "../cache.server";

/**
 * The content service's two caches (the site's own content, and look-ups whose keys visitors choose)
 * with what editors and outages need around them:
 * - `purge`: one call drops what a published change affects (the publish webhook, or another instance
 *   through PostgreSQL), and tells every subscriber (`onPurge`), e.g. a rendered-page cache;
 * - a snapshot of the last good content in DATA_DIR (bounded), read at start-up, so a server that
 *   restarts while the content service is down serves the last good pages rather than error states.
 *   It is restored only when all of it fits: the file's own shape, load times that are not in the
 *   future, and every value checked with its kind's schema, the one live answers are typed by
 *   (`valueSchema`, from values.server.ts). Otherwise it is ignored, with one log line.
 */

/** What a purge covers: the content types that changed, or everything (an asset, or an unknown type). */
export type PurgeScope = { all: true } | { contentTypes: string[] };

export interface PurgeEvent {
  scope: PurgeScope;
  /** Where the change came from: this instance's webhook, or another instance's. */
  origin: "webhook" | "peer" | "local";
  /** The content version after the purge: it grows by one with every purge. */
  version: number;
  /** How many cached values the purge marked. */
  purged: number;
  at: string;
}

export interface ContentCacheState {
  /** Grows by one with every purge (a page cache can key its pages on it). */
  version: number;
  entries: { site: number; lookups: number };
  /** Values waiting for their first load since a purge. */
  invalidated: number;
  /** Keys whose last load failed and that are answered from memory for a short time. */
  failing: number;
  lastPurge: Omit<PurgeEvent, "version"> | null;
  snapshot: {
    file: string | null;
    /** Values restored from it at start-up. */
    restored: number;
    lastSavedAt: string | null;
    lastError: string | null;
  };
}

export interface ContentCaches {
  /** The site's own content: heroes, partners, stories, the latest posts, site images. */
  cache: Cache;
  /** Answers to queries whose keys come from the address (a post slug, a tag, a gallery page). */
  lookupCache: Cache;
  /** Marks what the change affects as changed (see `Cache.invalidate`) and tells the subscribers. */
  purge(scope: PurgeScope, origin?: PurgeEvent["origin"]): PurgeEvent;
  /** Calls the listener after every purge; returns a function that unsubscribes it. */
  onPurge(listener: (event: PurgeEvent) => void): () => void;
  readonly version: number;
  state(): ContentCacheState;
  /** Writes the snapshot now (at shutdown); otherwise it is written a few seconds after a change. */
  saveSnapshot(): void;
  close(): void;
}

export interface ContentCachesOptions {
  timings: Omit<CacheOptions, "maxEntries" | "onChange">;
  maxEntries?: number;
  maxLookupEntries?: number;
  /**
   * Where the snapshot lives (`DATA_DIR/content-cache.json`), or null for none. `source` names the
   * content it holds (space, environment, host): a snapshot of other content is never restored.
   */
  snapshot: { file: string; source: string; maxBytes?: number; saveDelayMs?: number } | null;
  /** Which cache keys a change to a content type affects (from the content service). */
  keysAffectedBy: (contentType: string) => ((key: string) => boolean) | "all";
  /** The schema of the value cached under a key (null: not a key this site caches), for the snapshot. */
  valueSchema: (key: string) => z.ZodType | null;
  log?: Pick<Console, "info" | "warn">;
}

const SNAPSHOT_FORMAT = 1;
export const DEFAULT_SNAPSHOT_MAX_BYTES = 16 * 1024 * 1024;

interface SnapshotFile {
  format: number;
  source: string;
  savedAt: string;
  site: CachedValue[];
  lookups: CachedValue[];
}

/** Which content a snapshot holds, read before the rest: a snapshot of other content is not checked further. */
const snapshotIdentity = z.object({ format: z.number(), source: z.string() });

function snapshotSchema(valueSchema: ContentCachesOptions["valueSchema"], now: number) {
  const cachedValue = z
    .object({
      key: z.string(),
      value: z.unknown(),
      // A load time in the future would keep the value fresh for ever.
      storedAt: z.number().int().nonnegative().max(now, "a load time in the future"),
      invalidated: z.boolean().optional(),
    })
    .superRefine(({ key, value }, context) => {
      const schema = valueSchema(key);
      if (!schema) {
        context.addIssue({ code: "custom", message: `no kind of content is cached under ${key}`, path: ["key"] });
        return;
      }
      for (const issue of schema.safeParse(value).error?.issues.slice(0, 1) ?? []) {
        context.addIssue({ code: "custom", message: issue.message, path: ["value", ...issue.path] });
      }
    });
  return z.object({
    format: z.literal(SNAPSHOT_FORMAT),
    source: z.string(),
    savedAt: z.iso.datetime(),
    site: z.array(cachedValue),
    lookups: z.array(cachedValue),
  });
}

/** "site[3].value.items[0].title: Invalid input: expected string, received number" */
function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "it does not fit";
  const where = issue.path.reduce<string>(
    (text, part) => (typeof part === "number" ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)),
    "",
  );
  return where ? `${where}: ${issue.message}` : issue.message;
}

export function createContentCaches({
  timings,
  maxEntries = 500,
  maxLookupEntries = 2_000,
  snapshot,
  keysAffectedBy,
  valueSchema,
  log = console,
}: ContentCachesOptions): ContentCaches {
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  const scheduleSave = () => {
    if (!snapshot || saveTimer) return;
    saveTimer = setTimeout(save, snapshot.saveDelayMs ?? 5_000);
    saveTimer.unref?.();
  };
  const cache = createCache({ ...timings, maxEntries, onChange: scheduleSave });
  const lookupCache = createCache({ ...timings, maxEntries: maxLookupEntries, onChange: scheduleSave });
  const listeners = new Set<(event: PurgeEvent) => void>();
  let version = 0;
  let lastPurge: PurgeEvent | null = null;
  const snapshotState = { restored: 0, lastSavedAt: null as string | null, lastError: null as string | null };

  if (snapshot) snapshotState.restored = restore(snapshot.file, snapshot.source);

  function restore(file: string, source: string): number {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
        log.warn(`The content snapshot ${file} cannot be read; starting without it.`, error);
      }
      return 0;
    }
    const identity = snapshotIdentity.safeParse(parsed);
    if (identity.success && (identity.data.format !== SNAPSHOT_FORMAT || identity.data.source !== source)) {
      log.info(`The content snapshot ${file} holds other content (${identity.data.source}); not using it.`);
      return 0;
    }
    const checked = snapshotSchema(valueSchema, timings.now?.() ?? Date.now()).safeParse(parsed);
    if (!checked.success) {
      log.warn(
        `The content snapshot ${file} does not fit what this site caches (${firstProblem(checked.error)}); starting without it.`,
      );
      return 0;
    }
    // The values as they were saved (a schema's output may differ from its input, e.g. drop a field).
    const { site, lookups, savedAt } = parsed as SnapshotFile;
    const restored = cache.restore(site) + lookupCache.restore(lookups);
    log.info(`Restored ${restored} cached content values from ${file} (saved ${savedAt}).`);
    return restored;
  }

  function save(): void {
    clearTimeout(saveTimer);
    saveTimer = undefined;
    if (!snapshot) return;
    const maxBytes = snapshot.maxBytes ?? DEFAULT_SNAPSHOT_MAX_BYTES;
    // Least recently used first: trimming drops from the front, look-ups before the site's own content.
    let site = cache.snapshot();
    let lookups = lookupCache.snapshot();
    let text = serialize(site, lookups);
    while (Buffer.byteLength(text) > maxBytes && (site.length > 0 || lookups.length > 0)) {
      if (lookups.length > 0) lookups = lookups.slice(Math.ceil(lookups.length / 2));
      else site = site.slice(Math.ceil(site.length / 2));
      text = serialize(site, lookups);
    }
    try {
      mkdirSync(path.dirname(snapshot.file), { recursive: true });
      const temporary = `${snapshot.file}.${process.pid}.tmp`;
      writeFileSync(temporary, text);
      renameSync(temporary, snapshot.file);
      snapshotState.lastSavedAt = new Date().toISOString();
      snapshotState.lastError = null;
    } catch (error) {
      snapshotState.lastError = (error as Error).message;
      log.warn(`Saving the content snapshot ${snapshot.file} failed; will try again after the next change.`, error);
    }
  }

  function serialize(site: CachedValue[], lookups: CachedValue[]): string {
    const file: SnapshotFile = {
      format: SNAPSHOT_FORMAT,
      source: snapshot?.source ?? "",
      savedAt: new Date().toISOString(),
      site,
      lookups,
    };
    return JSON.stringify(file);
  }

  function matcherFor(scope: PurgeScope): (key: string) => boolean {
    if ("all" in scope) return () => true;
    const matchers = scope.contentTypes.map(keysAffectedBy);
    if (matchers.includes("all") || matchers.length === 0) return () => true;
    return (key) => matchers.some((matches) => matches !== "all" && matches(key));
  }

  return {
    cache,
    lookupCache,
    purge(scope, origin = "local") {
      const matches = matcherFor(scope);
      const purged = cache.invalidate(matches) + lookupCache.invalidate(matches);
      version += 1;
      const event: PurgeEvent = { scope, origin, version, purged, at: new Date().toISOString() };
      lastPurge = event;
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          log.warn("A purge listener failed.", error);
        }
      }
      return event;
    },
    onPurge(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get version() {
      return version;
    },
    state() {
      const site = cache.state();
      const lookups = lookupCache.state();
      return {
        version,
        entries: { site: site.entries, lookups: lookups.entries },
        invalidated: site.invalidated + lookups.invalidated,
        failing: site.failing + lookups.failing,
        lastPurge: lastPurge && {
          scope: lastPurge.scope,
          origin: lastPurge.origin,
          purged: lastPurge.purged,
          at: lastPurge.at,
        },
        snapshot: { file: snapshot?.file ?? null, ...snapshotState },
      };
    },
    saveSnapshot: save,
    close() {
      if (saveTimer) save();
      listeners.clear();
    },
  };
}
