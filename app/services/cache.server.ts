/**
 * An in-memory cache for responses from outside services (DESIGN.md section 5):
 * - fresh for `freshMs`: served without asking the service;
 * - then stale: served at once while one background refresh runs;
 * - a failed refresh keeps the stale value, which is served for up to `staleIfErrorMs`;
 * - older than that, or never loaded: the caller waits for the service, up to `waitMs`, and gets its
 *   error when it fails. A load that outlives `waitMs` keeps running and fills the cache when it ends.
 * It holds at most `maxEntries` values and evicts the least recently used one beyond that. Keys that
 * visitors choose (a slug from the address) belong in a cache of their own, so that requests for
 * made-up addresses can never push the pages' own content out.
 */

export interface CacheOptions {
  freshMs: number;
  staleIfErrorMs: number;
  /** How long a caller waits for a load before giving up (the load itself carries on). */
  waitMs: number;
  maxEntries: number;
  /** After a failed background refresh, serve the stale value this long before trying again. */
  retryAfterFailureMs: number;
  now?: () => number;
  onBackgroundError?: (key: string, error: unknown) => void;
  /**
   * Called when what the cache holds changes: a load brought a value unlike the one it held for the
   * key, or `delete`, `deletePrefix` or `clear` removed something. (The server's page cache forgets
   * its pages then.) A first load or an eviction is no change.
   */
  onChange?: () => void;
}

interface Entry<T> {
  value: T;
  storedAt: number;
}

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`No answer within ${ms} ms`);
    this.name = "TimeoutError";
  }
}

export interface Cache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets one key (e.g. when the content service says it changed). */
  delete(key: string): void;
  /** Forgets every key that starts with the prefix. */
  deletePrefix(prefix: string): void;
  clear(): void;
  /** How many values it holds. */
  readonly size: number;
}

export function createCache(options: CacheOptions): Cache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<unknown>>();
  const inFlight = new Map<string, Promise<unknown>>();
  const failedAt = new Map<string, number>();

  function forget(key: string): void {
    entries.delete(key);
    failedAt.delete(key);
  }

  /** Marks the key most recently used: a Map iterates in insertion order, so the first key is the least. */
  function touch(key: string, entry: Entry<unknown>): void {
    entries.delete(key);
    entries.set(key, entry);
  }

  function store(key: string, value: unknown): void {
    touch(key, { value, storedAt: now() });
    while (entries.size > options.maxEntries) {
      const leastRecent = entries.keys().next().value;
      if (leastRecent === undefined) break;
      forget(leastRecent);
    }
  }

  function refresh<T>(key: string, load: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const loading = load()
      .then(
        (value) => {
          const previous = entries.get(key);
          store(key, value);
          failedAt.delete(key);
          if (previous && !sameValue(previous.value, value)) options.onChange?.();
          return value;
        },
        (error: unknown) => {
          // Only a value being served stale needs its last failure remembered.
          if (entries.has(key)) failedAt.set(key, now());
          throw error;
        },
      )
      .finally(() => inFlight.delete(key));
    inFlight.set(key, loading);
    return loading;
  }

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = entries.get(key) as Entry<T> | undefined;
      const age = entry ? now() - entry.storedAt : Number.POSITIVE_INFINITY;
      if (entry) touch(key, entry);
      if (entry && age <= options.freshMs) return entry.value;
      if (entry && age <= options.staleIfErrorMs) {
        const lastFailure = failedAt.get(key);
        if (lastFailure === undefined || now() - lastFailure >= options.retryAfterFailureMs) {
          refresh(key, load).catch((error) => options.onBackgroundError?.(key, error));
        }
        return entry.value;
      }
      const loading = refresh(key, load);
      loading.catch(() => {});
      return withTimeout(loading, options.waitMs);
    },
    delete(key) {
      const held = entries.has(key);
      forget(key);
      if (held) options.onChange?.();
    },
    deletePrefix(prefix) {
      const keys = [...entries.keys()].filter((key) => key.startsWith(prefix));
      for (const key of keys) forget(key);
      if (keys.length > 0) options.onChange?.();
    },
    clear() {
      const held = entries.size > 0;
      entries.clear();
      failedAt.clear();
      if (held) options.onChange?.();
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
