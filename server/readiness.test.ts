import { afterEach, describe, expect, it, vi } from "vitest";
import { type Readiness, startReadinessChecks } from "./readiness.ts";

const ok: Readiness = { status: "ok", leads: { writable: true } };
const refused: Readiness = { status: "unavailable", leads: { writable: false } };

afterEach(() => {
  vi.useRealTimers();
});

describe("the readiness checks on a timer", () => {
  it("check the store once a second however often the answer is read, never two checks at once", async () => {
    vi.useFakeTimers();
    let checks = 0;
    const timed = startReadinessChecks({
      check: async () => {
        checks += 1;
        return ok;
      },
    });
    try {
      for (let read = 0; read < 200; read += 1) expect(await timed.latest()).toEqual(ok);
      expect(checks).toBe(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(checks).toBe(2);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(checks).toBe(12);
    } finally {
      timed.stop();
    }
    await vi.advanceTimersByTimeAsync(10_000);
    expect(checks).toBe(12);
  });

  it("answer what the last check found: a store that stops taking writes within a check, and back, said once each", async () => {
    vi.useFakeTimers();
    let answer = ok;
    const changes: string[] = [];
    const timed = startReadinessChecks({
      check: async () => answer,
      onChange: (readiness, before) => changes.push(`${before?.status ?? "none"} → ${readiness.status}`),
    });
    try {
      await timed.latest();
      expect(timed.storeWritable()).toBe(true);
      answer = refused;
      expect((await timed.latest()).status).toBe("ok");
      await vi.advanceTimersByTimeAsync(1_000);
      expect((await timed.latest()).status).toBe("unavailable");
      expect(timed.storeWritable()).toBe(false);
      await vi.advanceTimersByTimeAsync(5_000);
      answer = ok;
      await vi.advanceTimersByTimeAsync(1_000);
      expect(timed.storeWritable()).toBe(true);
      expect(changes).toEqual(["none → ok", "ok → unavailable", "unavailable → ok"]);
    } finally {
      timed.stop();
    }
  });

  it("count a check that has not answered for 5 s as a store refusing writes, and one that throws", async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    let hang = false;
    let fail = false;
    const timed = startReadinessChecks({
      check: async () => {
        if (fail) throw new Error("the store is closed");
        if (hang) await new Promise<void>((resolve) => (release = resolve));
        return ok;
      },
    });
    try {
      await timed.latest();
      hang = true;
      await vi.advanceTimersByTimeAsync(1_000 + 4_000);
      expect(timed.storeWritable()).toBe(true);
      await vi.advanceTimersByTimeAsync(1_500);
      expect(timed.storeWritable()).toBe(false);
      expect(await timed.latest()).toMatchObject({ status: "unavailable", leads: { writable: false } });
      hang = false;
      fail = true;
      release();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await timed.latest()).toMatchObject({ status: "unavailable", leads: { problem: "the store is closed" } });
    } finally {
      timed.stop();
    }
  });
});
