/** Counts requests per client over a sliding window, in memory (one server process). */

export interface RateLimiter {
  /** Records an attempt; false when the client has used up its allowance. */
  attempt(clientKey: string): boolean;
  /** Seconds until the client may try again (0 when it may now). */
  retryAfterSeconds(clientKey: string): number;
}

export function createRateLimiter({
  limit,
  windowMs,
  now = Date.now,
  maxClients = 10_000,
}: {
  limit: number;
  windowMs: number;
  now?: () => number;
  maxClients?: number;
}): RateLimiter {
  const attempts = new Map<string, number[]>();

  function recent(clientKey: string): number[] {
    const cutoff = now() - windowMs;
    const kept = (attempts.get(clientKey) ?? []).filter((time) => time > cutoff);
    if (kept.length === 0) attempts.delete(clientKey);
    else attempts.set(clientKey, kept);
    return kept;
  }

  return {
    attempt(clientKey) {
      const times = recent(clientKey);
      if (times.length >= limit) return false;
      if (!attempts.has(clientKey) && attempts.size >= maxClients) {
        const oldest = attempts.keys().next().value;
        if (oldest !== undefined) attempts.delete(oldest);
      }
      attempts.set(clientKey, [...times, now()]);
      return true;
    },
    retryAfterSeconds(clientKey) {
      const times = recent(clientKey);
      if (times.length < limit) return 0;
      return Math.max(1, Math.ceil((times[0]! + windowMs - now()) / 1000));
    },
  };
}
