import { isIP } from "node:net";

/** Counts requests per client over a sliding window, in memory (one server process). */

export interface RateLimiter {
  /** Records an attempt; false when the client has used up its allowance. */
  attempt(clientKey: string): boolean;
  /** Seconds until the client may try again (0 when it may now). */
  retryAfterSeconds(clientKey: string): number;
}

/** The same, for limits kept outside the process (several instances counting together). */
export interface SharedRateLimiter {
  attempt(clientKey: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
}

/**
 * The key a client is counted under: its address, except that an IPv6 client counts by its /64 (one
 * household or host usually holds a whole /64, so one address each would let it multiply its limit),
 * and an IPv4 address written as IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 address.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = address.includes("::") ? [...headGroups, ...Array(missing).fill("0"), ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
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
}): RateLimiter & { toShared(): SharedRateLimiter; clear(): void } {
  // Map order is recency: a client seen again moves to the end, so the first key is the least recently seen.
  const attempts = new Map<string, number[]>();

  function recent(clientKey: string): number[] {
    const cutoff = now() - windowMs;
    const kept = (attempts.get(clientKey) ?? []).filter((time) => time > cutoff);
    attempts.delete(clientKey);
    if (kept.length > 0) attempts.set(clientKey, kept);
    return kept;
  }

  const limiter: RateLimiter = {
    attempt(clientKey) {
      const times = recent(clientKey);
      if (times.length >= limit) return false;
      if (!attempts.has(clientKey) && attempts.size >= maxClients) {
        const leastRecent = attempts.keys().next().value;
        if (leastRecent !== undefined) attempts.delete(leastRecent);
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
  return {
    ...limiter,
    /** Forgets every client's attempts (the end-to-end tests' reset). */
    clear: () => attempts.clear(),
    toShared: () => ({
      attempt: async (key) =>
        limiter.attempt(key)
          ? { allowed: true }
          : { allowed: false, retryAfterSeconds: limiter.retryAfterSeconds(key) },
    }),
  };
}
