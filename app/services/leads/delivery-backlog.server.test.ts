import { describe, expect, it, vi } from "vitest";
import {
  log,
  people,
  replaceSink,
  setup,
  sink,
  submission,
  setUpEachTest,
  webhookPosts,
} from "./delivery.test-harness.ts";

setUpEachTest();

describe("lead delivery with a backlog", () => {
  it("leases one lead per post: two workers and a webhook slower than the lease never post a lead twice", async () => {
    // Each post takes longer than half the lease: a lease over a batch ran out while the batch was posted.
    // A post may run until 100 ms before its lease ends (1.1 s after the claim), well past its 600 ms.
    const first = await setup({ leaseMs: 1_200, recordReserveMs: 100 });
    const second = await setup({ leaseMs: 1_200, recordReserveMs: 100 });
    sink.faults.add({ method: "POST", delayMs: 600 });
    const leads = [];
    for (const name of people(8)) leads.push(await first.store.create({ ...submission, name }));
    first.worker.start();
    second.worker.start();
    await vi.waitFor(async () => expect((await first.store.stats()).delivered).toBe(8), { timeout: 15_000 });
    const keys = webhookPosts().map((post) => post.headers["idempotency-key"]);
    expect(keys.toSorted()).toEqual(leads.map((lead) => lead.id).toSorted());
  }, 20_000);

  it("never posts one lead from two workers at once, even when the webhook answers after the lease ends", async () => {
    // The webhook holds the first post longer than the lease: without a deadline inside the lease, the
    // other worker claimed the lead when the lease ran out and posted it while the first post still waited.
    const underWay = new Map<string, number>();
    let overlaps = 0;
    const tracking: typeof globalThis.fetch = async (input, init) => {
      const key = new Headers(init?.headers).get("idempotency-key") ?? "";
      underWay.set(key, (underWay.get(key) ?? 0) + 1);
      if (underWay.get(key)! > 1) overlaps++;
      try {
        return await fetch(input, init);
      } finally {
        underWay.set(key, underWay.get(key)! - 1);
      }
    };
    const options = { leaseMs: 1_000, recordReserveMs: 200, firstRetryMs: 200, fetch: tracking };
    const first = await setup(options);
    const second = await setup(options);
    sink.faults.add({ method: "POST", pathIncludes: "/hooks/leads", delayMs: 1_500, times: 1 });
    const lead = await first.store.create(submission);
    first.worker.start();
    await vi.waitFor(() => expect(underWay.get(lead.id)).toBe(1));
    second.worker.start();
    await vi.waitFor(async () => expect((await first.store.get(lead.id))?.status).toBe("delivered"), {
      timeout: 5_000,
    });
    expect(overlaps).toBe(0);
    // The first post was cut off inside its lease (800 ms) and recorded as a failed attempt by its worker.
    expect((await first.store.get(lead.id))?.attempts).toBeGreaterThanOrEqual(2);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining("webhook timed out"));
  });

  it("does not post a lead whose claim came back too late to post it within the lease", async () => {
    let slowClaims = 1;
    const { store, worker } = await setup({
      leaseMs: 1_000,
      recordReserveMs: 200,
      wrap: (inner) => ({
        ...inner,
        claimDue: async (claim) => {
          const claimed = await inner.claimDue(claim);
          // The store answers after 900 ms: 100 ms of the lease are left, inside the record's 200 ms.
          if (claimed.length > 0 && slowClaims-- > 0) await new Promise((resolve) => setTimeout(resolve, 900));
          return claimed;
        },
      }),
    });
    const lead = await store.create(submission);
    worker.start();
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalledWith(expect.stringContaining("claim came back too late")));
    expect(webhookPosts()).toEqual([]);
    // Once the lease ends, the lead is claimed again and posted, once.
    await vi.waitFor(async () => expect((await store.get(lead.id))?.status).toBe("delivered"), { timeout: 3_000 });
    expect(webhookPosts()).toHaveLength(1);
    expect((await store.get(lead.id))?.attempts).toBe(1);
  });

  it("posts at a steady pace, and no more at once than allowed, however many leads are due", async () => {
    let underWay = 0;
    let mostAtOnce = 0;
    const started: number[] = [];
    const countingFetch: typeof fetch = async (input, init) => {
      started.push(performance.now());
      underWay++;
      mostAtOnce = Math.max(mostAtOnce, underWay);
      try {
        return await fetch(input, init);
      } finally {
        underWay--;
      }
    };
    const { store, worker } = await setup({ postIntervalMs: 100, maxPostsInFlight: 3, fetch: countingFetch });
    sink.faults.add({ method: "POST", delayMs: 400 });
    for (const name of people(12)) await store.create({ ...submission, name });
    worker.start();
    await vi.waitFor(async () => expect((await store.stats()).delivered).toBe(12), { timeout: 15_000 });
    const gaps = started.slice(1).map((at, index) => at - started[index]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(95);
    expect(mostAtOnce).toBe(3);
  }, 20_000);

  it("makes the backlog due at once when the webhook accepts a lead again, but not a lead it rejected on its own", async () => {
    let down = true;
    let rejectedId = "";
    await replaceSink({
      respond: ({ idempotencyKey }) =>
        idempotencyKey === rejectedId ? { status: 422 } : down ? { status: 503 } : undefined,
    });
    // A minute before the first retry: only the recovery can make the backlog due within the test.
    const { store, worker } = await setup({ firstRetryMs: 120_000 });
    const rejected = await store.create({ ...submission, name: "Rejected Lead" });
    rejectedId = rejected.id;
    worker.start();
    const waiting = [];
    for (const name of people(5)) waiting.push(await store.create({ ...submission, name }));
    worker.nudge();
    await vi.waitFor(async () => expect((await store.stats()).retrying).toBe(6), { timeout: 10_000 });
    expect(await store.get(rejected.id)).toMatchObject({ lastStatus: 422, attempts: 1 });

    down = false;
    const next = await store.create({ ...submission, name: "After The Outage" });
    worker.nudge();
    await vi.waitFor(async () => expect((await store.stats()).delivered).toBe(6), { timeout: 10_000 });
    for (const lead of [...waiting, next]) expect((await store.get(lead.id))?.status).toBe("delivered");
    expect(await store.get(rejected.id)).toMatchObject({ status: "pending", attempts: 1 });
    expect(log.info).toHaveBeenCalledWith(
      expect.stringMatching(/accepts leads again after 6 failed post\(s\) here: 5 waiting lead\(s\) are due now/),
    );
  }, 20_000);

  it("after a refusal of every post (401, 403, 404, 410, a redirect), the first success makes the backlog due", async () => {
    let refusal: number | null = 401;
    const statuses = [401, 403, 404, 410, 308, 405];
    await replaceSink({
      respond: ({ idempotencyKey }) => {
        if (refusal === null) return undefined;
        const index = waiting.findIndex((lead) => lead.id === idempotencyKey);
        const status = statuses[index % statuses.length]!;
        return status === 308 ? { status, headers: { Location: "https://elsewhere.example/hooks" } } : { status };
      },
    });
    // Backoffs far longer than the test, and a probe after half a second without posts: only the
    // repair, seen by the probe, can bring the leads in time.
    const { store, worker } = await setup({ firstRetryMs: 3_600_000, probeAfterMs: 500, pollMs: 250 });
    const waiting: { id: string }[] = [];
    for (const name of people(6)) waiting.push(await store.create({ ...submission, name }));
    worker.start();
    await vi.waitFor(async () => expect((await store.stats()).retrying).toBe(6), { timeout: 10_000 });
    for (const lead of waiting) expect((await store.get(lead.id))?.failureKind).toBe("refused");
    refusal = null;
    await vi.waitFor(async () => expect((await store.stats()).delivered).toBe(6), { timeout: 10_000 });
    // Each lead was accepted once.
    const accepted = webhookPosts().map((post) => post.headers["idempotency-key"]);
    expect(accepted.toSorted()).toEqual(waiting.map((lead) => lead.id).toSorted());
  }, 20_000);

  it("tries the lead due soonest early when nothing was posted for a while, so a recovery is seen", async () => {
    // The worker looks every half second (not 5 s): the probe is what it finds when it looks.
    const { store, worker } = await setup({ firstRetryMs: 3_600_000, probeAfterMs: 300, pollMs: 500 });
    sink.failNext(1, 502);
    const lead = await store.create(submission);
    worker.start();
    // Due in half an hour at the earliest after its failure; the webhook is back, and the worker's probe
    // finds out. (The failure is read from the delivered lead's attempts: polling for its 502 could miss
    // it on a busy machine, where the probe follows within a poll.)
    await vi.waitFor(async () => expect((await store.get(lead.id))?.status).toBe("delivered"), { timeout: 10_000 });
    expect((await store.get(lead.id))?.attempts).toBe(2);
    expect(webhookPosts()).toHaveLength(1);
  }, 15_000);
});
