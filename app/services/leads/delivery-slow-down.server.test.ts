import { describe, expect, it, vi } from "vitest";
import { DEFAULT_RATE_LIMIT_PAUSE_MS, MAX_RETRY_AFTER_MS, retryAfterMs } from "./delivery.server.ts";
import { log, people, setup, submission, setUpEachTest } from "./delivery.test-harness.ts";

setUpEachTest();

/** A webhook in this process: answers what `answer` says for each post, and records when each came. */
function scriptedWebhook(answer: (key: string, at: number) => { status: number; headers?: Record<string, string> }) {
  const calls: { key: string; at: number; status: number }[] = [];
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    const key = new Headers(init?.headers).get("idempotency-key") ?? "";
    const at = Date.now();
    const { status, headers } = answer(key, at);
    calls.push({ key, at, status });
    return new Response(status === 204 ? null : "{}", { status, headers });
  };
  return { fetch, calls };
}

describe("lead delivery against a webhook that says slow down", () => {
  it("reads Retry-After as seconds or a date, at most an hour, and nothing else", () => {
    const now = new Date("2026-03-05T12:00:00.000Z");
    expect(retryAfterMs("20", now)).toBe(20_000);
    expect(retryAfterMs(" 120 ", now)).toBe(120_000);
    expect(retryAfterMs("Thu, 05 Mar 2026 12:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("86400", now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs("Fri, 06 Mar 2026 12:00:00 GMT", now)).toBe(60 * 60_000);
    for (const unusable of [null, "", "0", "-5", "1.5", "soon", "Thu, 05 Mar 2026 11:59:00 GMT"]) {
      expect(retryAfterMs(unusable, now), String(unusable)).toBeNull();
    }
  });

  it("holds every worker's posts until a 429's Retry-After passes, then lets one probe, and delivers each lead once", async () => {
    let limitedUntil = Date.now() + 1_500;
    const { fetch, calls } = scriptedWebhook((_key, at) =>
      at < limitedUntil ? { status: 429, headers: { "Retry-After": "1" } } : { status: 200 },
    );
    const first = await setup({ fetch, postIntervalMs: 20 });
    const second = await setup({ fetch, postIntervalMs: 20 });
    const leads = [];
    for (const name of people(6)) leads.push(await first.store.create({ ...submission, name }));
    first.worker.start();
    // The other worker starts once the hold is in the store: from then on it obeys it.
    await vi.waitFor(async () => expect(await first.store.deliveryGate("observer", 1)).toMatchObject({ open: false }));
    limitedUntil = Date.now() + 1_500;
    second.worker.start();
    await vi.waitFor(async () => expect((await first.store.stats()).delivered).toBe(6), { timeout: 10_000 });

    const holds = calls.filter((call) => call.status === 429);
    for (const hold of holds) {
      const inside = calls.filter((call) => call.at > hold.at && call.at < hold.at + 1_000);
      expect(inside, `posts inside the Retry-After of the 429 at ${hold.at}`).toEqual([]);
    }
    // One post when the first hold ended (another 429), one when the second ended (accepted), then the rest.
    expect(holds.length).toBe(2);
    const accepted = calls.filter((call) => call.status === 200).map((call) => call.key);
    expect(accepted.toSorted()).toEqual(leads.map((lead) => lead.id).toSorted());
    expect(await first.store.deliveryGate("observer", 1)).toEqual({ open: true, probe: false });
    expect(log.warn).toHaveBeenCalledWith(
      expect.stringMatching(/asked to wait \(429, Retry-After 1 s\): no instance posts/),
    );
    // The held leads waited for the time the webhook gave, without growing their backoff.
    for (const lead of leads) expect((await first.store.get(lead.id))?.backoffFailures).toBe(0);
  }, 20_000);

  it("treats a 503 with Retry-After as rate limiting and one without as the webhook being unavailable", async () => {
    const withRetryAfter = scriptedWebhook(() => ({ status: 503, headers: { "Retry-After": "30" } }));
    const { store, worker } = await setup({ fetch: withRetryAfter.fetch });
    const lead = await store.create(submission);
    worker.start();
    await vi.waitFor(async () => expect((await store.get(lead.id))?.attempts).toBe(1));
    expect(await store.get(lead.id)).toMatchObject({
      failureKind: "rate-limited",
      lastError: "webhook answered 503 (Retry-After 30 s)",
    });
    expect(await store.deliveryGate("observer", 1)).toMatchObject({ open: false, reason: "retry-after" });
    expect(Date.parse((await store.get(lead.id))!.nextAttemptAt) - Date.now()).toBeGreaterThan(25_000);
    await vi.waitFor(() => expect(worker.state().heldUntil).not.toBeNull());
  });

  it("treats a 503 without Retry-After as the webhook being unavailable: no hold", async () => {
    const { fetch } = scriptedWebhook(() => ({ status: 503 }));
    const { store, worker } = await setup({ fetch });
    const lead = await store.create(submission);
    worker.start();
    await vi.waitFor(async () => expect((await store.get(lead.id))?.attempts).toBe(1));
    expect((await store.get(lead.id))?.failureKind).toBe("unavailable");
    expect(await store.deliveryGate("observer", 1)).toEqual({ open: true, probe: false });
  });

  it("makes nothing due early when the webhook accepts a post after rate limiting, but what waited for an unavailable or refusing webhook", async () => {
    const answers = new Map<string, number>();
    const { fetch } = scriptedWebhook((key) => ({ status: answers.get(key) ?? 200 }));
    const { store, worker } = await setup({ fetch, firstRetryMs: 60_000 });
    const throttled = await store.create({ ...submission, name: "Throttled" });
    // Rate limited by an earlier worker: it waits for the time the webhook gave (its Retry-After).
    await store.claimDue({ worker: "earlier", leaseMs: 1_000, limit: 1 });
    await store.recordFailure(throttled.id, "earlier", {
      error: "webhook answered 429 (Retry-After 3600 s)",
      status: 429,
      kind: "rate-limited",
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    const unavailable = await store.create({ ...submission, name: "Unavailable" });
    const refused = await store.create({ ...submission, name: "Refused" });
    answers.set(unavailable.id, 500);
    answers.set(refused.id, 401);
    worker.start();
    await vi.waitFor(async () => expect((await store.stats()).retrying).toBe(3));
    expect((await store.get(refused.id))?.failureKind).toBe("refused");
    const waitingUntil = (await store.get(throttled.id))!.nextAttemptAt;
    answers.clear();
    const healthy = await store.create({ ...submission, name: "Healthy" });
    worker.nudge();
    await vi.waitFor(async () => expect((await store.get(healthy.id))?.status).toBe("delivered"));
    // The backlog of the unavailable and the refused leads is due at once; the throttled one keeps its time.
    await vi.waitFor(async () => expect((await store.get(unavailable.id))?.status).toBe("delivered"));
    await vi.waitFor(async () => expect((await store.get(refused.id))?.status).toBe("delivered"));
    expect(await store.get(throttled.id)).toMatchObject({ status: "pending", nextAttemptAt: waitingUntil });
  });

  it("holds every instance's posts for a default pause after a 429 without Retry-After, a rate limit that an accepted post does not end", async () => {
    const answers = new Map<string, number>();
    const { fetch, calls } = scriptedWebhook((key) => ({ status: answers.get(key) ?? 200 }));
    const { store, worker } = await setup({ fetch, firstRetryMs: 1_000 });
    const throttled = await store.create({ ...submission, name: "Throttled" });
    answers.set(throttled.id, 429);
    const startedAt = Date.now();
    worker.start();
    await vi.waitFor(async () => expect((await store.get(throttled.id))?.attempts).toBe(1));
    const lead = (await store.get(throttled.id))!;
    expect(lead).toMatchObject({
      failureKind: "rate-limited",
      backoffFailures: 0,
      lastError: `webhook answered 429 (no Retry-After, a pause of ${DEFAULT_RATE_LIMIT_PAUSE_MS / 1000} s)`,
    });
    expect(Date.parse(lead.nextAttemptAt) - startedAt).toBeGreaterThanOrEqual(DEFAULT_RATE_LIMIT_PAUSE_MS - 1_000);
    // Every instance waits: the hold is in the shared store.
    expect(await store.deliveryGate("another-instance", 1)).toMatchObject({ open: false, reason: "retry-after" });
    expect(log.warn).toHaveBeenCalledWith(
      expect.stringMatching(/asked to wait \(429, no Retry-After, a pause of 60 s\)/),
    );
    // A post another instance got accepted meanwhile makes nothing due early: the lead keeps its pause.
    const accepted = await store.create({ ...submission, name: "Accepted Elsewhere" });
    await store.markDelivered(accepted.id);
    expect(await store.makeBacklogDue(null)).toBe(0);
    expect((await store.get(throttled.id))!.nextAttemptAt).toBe(lead.nextAttemptAt);
    expect(calls.filter((call) => call.key === throttled.id)).toHaveLength(1);
  });

  it("retries a failed lead at the first step while the webhook accepts other posts; its backoff grows only while it accepts nothing", async () => {
    const answers = new Map<string, number>();
    const { fetch } = scriptedWebhook((key) => ({ status: answers.get(key) ?? 200 }));
    // A window of acceptance so short that the second failure's backoff is not capped.
    const { store, worker } = await setup({ fetch, firstRetryMs: 2_000, random: () => 1, acceptingWindowMs: 100 });
    const flaky = await store.create({ ...submission, name: "Flaky" });
    // It has failed ten times in a row already: a backoff of 17 minutes.
    await store.claimDue({ worker: "earlier", leaseMs: 1_000, limit: 1 });
    await store.recordFailure(flaky.id, "earlier", {
      error: "webhook answered 500",
      status: 500,
      nextAttemptAt: new Date(),
      backoffFailures: 10,
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Meanwhile the webhook accepted another lead.
    const other = await store.create({ ...submission, name: "Other" });
    await store.markDelivered(other.id);
    answers.set(flaky.id, 301);
    worker.start();
    await vi.waitFor(async () => expect((await store.get(flaky.id))?.attempts).toBe(2));
    const afterAcceptance = (await store.get(flaky.id))!;
    expect(afterAcceptance.backoffFailures).toBe(1);
    // The worker's clock and the store's are read a moment apart: the wait is 2 s, give or take that moment.
    const waited = (lead: { nextAttemptAt: string; lastAttemptAt: string | null }) =>
      Date.parse(lead.nextAttemptAt) - Date.parse(lead.lastAttemptAt!);
    expect(waited(afterAcceptance)).toBeGreaterThan(1_950);
    expect(waited(afterAcceptance)).toBeLessThanOrEqual(2_000);
    // Nothing accepted since: the next failure is the second in a row, and waits twice as long.
    await vi.waitFor(async () => expect((await store.get(flaky.id))?.attempts).toBe(3), { timeout: 5_000 });
    const inARow = (await store.get(flaky.id))!;
    expect(inARow.backoffFailures).toBe(2);
    expect(waited(inARow)).toBeGreaterThan(3_950);
    expect(waited(inARow)).toBeLessThanOrEqual(4_000);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining("retrying in 2 s"));
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining("retrying in 4 s"));
  }, 15_000);

  it("drains leads through a webhook flipping between 200, 500, 301 and 503, never waiting long while it accepts some", async () => {
    // The scene, ten times faster: the answer flips every 150 ms; the first retry is 0.2-0.4 s,
    // and while the webhook accepted a post within 5 s no lead waits more than 1 s.
    const started = Date.now();
    const flips = [200, 500, 301, 503];
    const { fetch, calls } = scriptedWebhook((_key, at) => {
      const status = flips[Math.floor((at - started) / 150) % flips.length]!;
      return status === 301 ? { status, headers: { Location: "https://elsewhere.example/" } } : { status };
    });
    const waits: number[] = [];
    const { store, worker } = await setup({
      fetch,
      firstRetryMs: 400,
      postIntervalMs: 30,
      maxPostsInFlight: 2,
      acceptingWindowMs: 5_000,
      retryWhileAcceptingMs: 1_000,
      wrap: (inner) => ({
        ...inner,
        recordFailure: (id, worker, failure) => {
          waits.push(failure.nextAttemptAt.getTime() - Date.now());
          return inner.recordFailure(id, worker, failure);
        },
      }),
    });
    const leads = [];
    for (const name of people(40)) leads.push(await store.create({ ...submission, name }));
    worker.start();
    await vi.waitFor(async () => expect((await store.stats()).delivered).toBe(40), { timeout: 30_000, interval: 200 });
    const accepted = calls.filter((call) => call.status === 200).map((call) => call.key);
    expect(accepted.toSorted()).toEqual(leads.map((lead) => lead.id).toSorted());
    expect(waits.length).toBeGreaterThan(20);
    expect(Math.max(...waits)).toBeLessThanOrEqual(1_000);
  }, 40_000);
});
