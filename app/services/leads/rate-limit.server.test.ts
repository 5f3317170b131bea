import { describe, expect, it } from "vitest";
import { clientKey, createRateLimiter } from "./rate-limit.server";

describe("createRateLimiter", () => {
  it("allows `limit` attempts per window and client, then refuses until the window slides", () => {
    let time = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, now: () => time });
    expect(limiter.attempt("a")).toBe(true);
    time = 10_000;
    expect(limiter.attempt("a")).toBe(true);
    expect(limiter.attempt("a")).toBe(false);
    expect(limiter.attempt("b")).toBe(true);
    expect(limiter.retryAfterSeconds("a")).toBe(50);
    time = 60_001;
    expect(limiter.retryAfterSeconds("a")).toBe(0);
    expect(limiter.attempt("a")).toBe(true);
    expect(limiter.attempt("a")).toBe(false);
  });

  it("forgets the least recently seen client when it tracks too many, not the first one it met", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: () => 0, maxClients: 2 });
    limiter.attempt("a");
    limiter.attempt("b");
    // "a" is seen again (and refused), so "b" is now the least recently seen.
    expect(limiter.attempt("a")).toBe(false);
    limiter.attempt("c");
    expect(limiter.attempt("a")).toBe(false);
    expect(limiter.attempt("b")).toBe(true);
  });

  it("forgets every client's attempts when cleared", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: () => 0 });
    expect(limiter.attempt("a")).toBe(true);
    expect(limiter.attempt("a")).toBe(false);
    limiter.clear();
    expect(limiter.retryAfterSeconds("a")).toBe(0);
    expect(limiter.attempt("a")).toBe(true);
  });

  it("answers the shared (async) interface the database limiter also implements", async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: () => 0 }).toShared();
    expect(await limiter.attempt("a")).toEqual({ allowed: true });
    expect(await limiter.attempt("a")).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });
});

describe("clientKey", () => {
  it("counts IPv6 clients by their /64 and IPv4 as itself", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("2001:db8:85a3:0042:1000:8a2e:0370:7334")).toBe("2001:db8:85a3:42::/64");
    expect(clientKey("2001:db8:85a3:42::1")).toBe(clientKey("2001:0db8:85a3:0042:ffff:ffff:ffff:ffff"));
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("2001:db8:85a3:43::1")).not.toBe(clientKey("2001:db8:85a3:42::1"));
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("unknown")).toBe("unknown");
  });
});
