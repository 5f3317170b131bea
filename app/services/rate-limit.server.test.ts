import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.server";

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

  it("forgets the oldest client when it tracks too many", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: () => 0, maxClients: 2 });
    limiter.attempt("a");
    limiter.attempt("b");
    limiter.attempt("c");
    expect(limiter.attempt("a")).toBe(true);
    expect(limiter.attempt("c")).toBe(false);
  });
});
