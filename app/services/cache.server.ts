/**
 * An in-memory cache of outside services' answers (docs/architecture.md#content-and-its-caches):
 * - fresh for `freshMs`: served without asking the service;
 * - then stale: served at once while one background refresh runs;
 * - a failed refresh keeps the stale value, which is served for up to `staleIfErrorMs`;
 * - older than that, or never loaded: the caller waits for the service, up to `waitMs`, and gets its
 *   error when it fails. A load that outlives `waitMs` keeps running and fills the cache when it ends.
 * - a load that failed with nothing to fall back on is remembered for `failureTtlMs` (negative
 *   caching): callers in that time get the same error without another call to the service.
 * - `invalidate` (an editor published a change) makes the next caller wait for a fresh load, but
 *   keeps the old value to serve if that load fails or is slow, so a purge never causes an error page.
 * It holds at most `maxEntries` values and evicts the least recently used one beyond that. Keys that
 * visitors choose (a slug from the address) belong in a cache of their own, so that requests for
 * made-up addresses can never push the pages' own content out. `snapshot` and `restore` let the last
 * good values outlive a restart (see content/caches.server.ts).
 */

export interface CacheOptions {
  freshMs: number;
  staleIfErrorMs: number;
  /** How long a caller waits for a load before giving up (the load itself carries on). */
  waitMs: number;
  maxEntries: number;
  /** After a failed background refresh, serve the stale value this long before trying again. */
  retryAfterFailureMs: number;
  /** How long a failed load with no value to fall back on is answered from memory (0: not at all). */
  failureTtlMs?: number;
  now?: () => number;
  onBackgroundError?: (key: string, error: unknown) => void;
  /** Called after a value is stored or forgotten (e.g. to schedule saving a snapshot). */
  onChange?: () => void;
  /**
   * Called when the content the cache holds changes: a load brought a value unlike the one it held
   * for the key, or `delete`, `deletePrefix` or `clear` removed something. (The server's page cache
   * forgets its pages then.) A first load, an eviction or a restore is no change, and neither is
   * `invalidate`: its caller announces the purge (see content/caches.server.ts).
   */
  onContentChange?: () => void;
}

/** A stored value and when it was loaded, as `snapshot` gives and `restore` takes them. */
export interface CachedValue {
  key: string;
  value: unknown;
  storedAt: number;
  invalidated?: boolean;
}

interface Entry<T> {
  value: T;
  storedAt: number;
  /** Published content changed since: the next caller waits for a fresh load. */
  invalidated?: boolean;
}

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`No answer within ${ms} ms`);
    this.name = "TimeoutError";
  }
}

export interface CacheState {
  entries: number;
  invalidated: number;
  /** Keys whose last load failed and which are answered from memory for now. */
  failing: number;
  loading: number;
}

export interface Cache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets one key (e.g. when the content service says it changed). */
  delete(key: string): void;
  /** Forgets every key that starts with the prefix. */
  deletePrefix(prefix: string): void;
  clear(): void;
  /**
   * Marks every key the predicate accepts as changed upstream: the next caller waits for a fresh
   * value, falling back to the old one only when the service fails. Returns how many values it marked.
   */
  invalidate(matches: (key: string) => boolean): number;
  /** The values it holds, least recently used first. */
  snapshot(): CachedValue[];
  /** Adds values (e.g. from a snapshot), keeping their load times; older than `staleIfErrorMs` are skipped. */
  restore(values: CachedValue[]): number;
  state(): CacheState;
  /** How many values it holds. */
  readonly size: number;
}

export function createCache(options: CacheOptions): Cache {
  const now = options.now ?? Date.now;
  const failureTtlMs = options.failureTtlMs ?? 0;
  const entries = new Map<string, Entry<unknown>>();
  const inFlight = new Map<string, Promise<unknown>>();
  const failedAt = new Map<string, number>();
  const failures = new Map<string, { error: unknown; at: number }>();
  const changed = () => options.onChange?.();
  const contentChanged = () => options.onContentChange?.();

  function forget(key: string): void {
    const had = entries.delete(key);
    failedAt.delete(key);
    failures.delete(key);
    if (had) changed();
  }

  /** Marks the key most recently used: a Map iterates in insertion order, so the first key is the least. */
  function touch(key: string, entry: Entry<unknown>): void {
    entries.delete(key);
    entries.set(key, entry);
  }

  function evictBeyondLimit(): void {
    while (entries.size > options.maxEntries) {
      const leastRecent = entries.keys().next().value;
      if (leastRecent === undefined) break;
      forget(leastRecent);
    }
    while (failures.size > options.maxEntries) {
      const oldest = failures.keys().next().value;
      if (oldest === undefined) break;
      failures.delete(oldest);
    }
  }

  function store(key: string, value: unknown): void {
    touch(key, { value, storedAt: now() });
    evictBeyondLimit();
    changed();
  }

  function refresh<T>(key: string, load: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const loading: Promise<T> = load()
      .then(
        (value) => {
          // An invalidation while this load ran replaced it: its value may predate the change.
          if (inFlight.get(key) === loading) {
            const previous = entries.get(key);
            store(key, value);
            failedAt.delete(key);
            failures.delete(key);
            if (previous && !sameValue(previous.value, value)) contentChanged();
          }
          return value;
        },
        (error: unknown) => {
          if (inFlight.get(key) === loading) {
            // A value being served stale needs its last failure remembered; without one, the error.
            if (entries.has(key)) failedAt.set(key, now());
            else if (failureTtlMs > 0) {
              failures.delete(key);
              failures.set(key, { error, at: now() });
              evictBeyondLimit();
            }
          }
          throw error;
        },
      )
      .finally(() => {
        if (inFlight.get(key) === loading) inFlight.delete(key);
      });
    inFlight.set(key, loading);
    return loading;
  }

  /** Waits for a fresh value after an invalidation; the old one answers if the service fails or is slow. */
  async function reloadInvalidated<T>(key: string, entry: Entry<T>, load: () => Promise<T>): Promise<T> {
    const loading = refresh(key, load);
    try {
      return await withTimeout(loading, options.waitMs);
    } catch (error) {
      options.onBackgroundError?.(key, error);
      return entry.value;
    }
  }

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = entries.get(key) as Entry<T> | undefined;
      const age = entry ? now() - entry.storedAt : Number.POSITIVE_INFINITY;
      if (entry) touch(key, entry);
      if (entry?.invalidated) {
        const lastFailure = failedAt.get(key);
        if (lastFailure !== undefined && now() - lastFailure < options.retryAfterFailureMs) return entry.value;
        return reloadInvalidated(key, entry, load);
      }
      if (entry && age <= options.freshMs) return entry.value;
      if (entry && age <= options.staleIfErrorMs) {
        const lastFailure = failedAt.get(key);
        if (lastFailure === undefined || now() - lastFailure >= options.retryAfterFailureMs) {
          refresh(key, load).catch((error) => options.onBackgroundError?.(key, error));
        }
        return entry.value;
      }
      const failure = failures.get(key);
      if (failure && now() - failure.at < failureTtlMs) throw failure.error;
      const loading = refresh(key, load);
      loading.catch(() => {});
      return withTimeout(loading, options.waitMs);
    },
    delete(key) {
      const held = entries.has(key);
      forget(key);
      if (held) contentChanged();
    },
    deletePrefix(prefix) {
      const held = [...entries.keys()].some((key) => key.startsWith(prefix));
      for (const key of [...entries.keys(), ...failures.keys()]) if (key.startsWith(prefix)) forget(key);
      if (held) contentChanged();
    },
    clear() {
      const had = entries.size > 0;
      entries.clear();
      failedAt.clear();
      failures.clear();
      if (had) {
        changed();
        contentChanged();
      }
    },
    invalidate(matches) {
      let marked = 0;
      for (const [key, entry] of entries) {
        if (!matches(key)) continue;
        entry.invalidated = true;
        failedAt.delete(key);
        marked += 1;
      }
      for (const key of [...failures.keys()]) if (matches(key)) failures.delete(key);
      // A load under way may answer with the content from before the change: the next caller starts anew.
      for (const key of [...inFlight.keys()]) if (matches(key)) inFlight.delete(key);
      if (marked > 0) changed();
      return marked;
    },
    snapshot() {
      return [...entries].map(([key, { value, storedAt, invalidated }]) => ({
        key,
        value,
        storedAt,
        ...(invalidated ? { invalidated } : {}),
      }));
    },
    restore(values) {
      let restored = 0;
      for (const { key, value, storedAt, invalidated } of values) {
        if (entries.has(key) || now() - storedAt > options.staleIfErrorMs) continue;
        entries.set(key, { value, storedAt, ...(invalidated ? { invalidated } : {}) });
        restored += 1;
      }
      evictBeyondLimit();
      return restored;
    },
    state() {
      let invalidated = 0;
      for (const entry of entries.values()) if (entry.invalidated) invalidated += 1;
      const at = now();
      let failing = 0;
      for (const failure of failures.values()) if (at - failure.at < failureTtlMs) failing += 1;
      return { entries: entries.size, invalidated, failing, loading: inFlight.size };
    },
    get size() {
      return entries.size;
    },
  };
}

/** Whether two loaded values hold the same data (they are plain data from a service's JSON). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
