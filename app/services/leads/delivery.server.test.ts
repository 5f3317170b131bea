import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startWebhookSink, type WebhookSink } from "../../../demo/webhook.ts";
import type { ContactSubmission } from "~/lib/contact";
import { type LeadStore, openLeadStore } from "./index.ts";
import { createLeadDelivery, type LeadDelivery, MAX_RETRY_MS, retryDelayMs } from "./delivery.server.ts";
import { leadReadiness } from "../../../server/readiness.ts";

const submission: ContactSubmission = {
  name: "Jordan Reyes",
  email: "jordan.reyes@example.com",
  phone: "(870) 555-0199",
  interests: ["coworking-space", "think-lounge"],
  referralSource: "Event",
};

let dataDir: string;
let sink: WebhookSink;
const open: { stores: LeadStore[]; workers: LeadDelivery[] } = { stores: [], workers: [] };
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "lead-delivery-"));
  sink = await startWebhookSink({});
});

afterEach(async () => {
  for (const worker of open.workers.splice(0)) await worker.stop();
  for (const store of open.stores.splice(0)) await store.close();
  await sink.close();
  rmSync(dataDir, { recursive: true, force: true });
  vi.clearAllMocks();
});

async function setup({
  mirror = false,
  random = () => 0,
  wrap = (store: LeadStore) => store,
  webhookPath = "/hooks/leads",
  firstRetryMs = 5_000,
  leaseMs,
  recordReserveMs,
  postIntervalMs,
  maxPostsInFlight,
  probeAfterMs,
  fetch,
}: {
  mirror?: boolean;
  random?: () => number;
  wrap?: (store: LeadStore) => LeadStore;
  webhookPath?: string;
  firstRetryMs?: number;
  leaseMs?: number;
  recordReserveMs?: number;
  postIntervalMs?: number;
  maxPostsInFlight?: number;
  probeAfterMs?: number;
  fetch?: typeof globalThis.fetch;
} = {}) {
  const store = await openLeadStore({ dataDir });
  const worker = createLeadDelivery({
    store: wrap(store),
    webhookUrl: `${sink.url}${webhookPath}`,
    mirrorUrl: mirror ? `${sink.url}/mirror` : null,
    log,
    timeoutMs: 2_000,
    firstRetryMs,
    leaseMs,
    recordReserveMs,
    postIntervalMs,
    maxPostsInFlight,
    probeAfterMs,
    fetch,
    random,
  });
  open.stores.push(store);
  open.workers.push(worker);
  return { store, worker };
}

const webhookPosts = () => sink.received().filter((post) => post.path === "/hooks/leads");

describe("lead delivery", () => {
  it("posts exactly the five fields with the lead id as idempotency key, then marks it delivered", async () => {
    const { store, worker } = await setup();
    const lead = await store.create(submission);
    worker.start();
    await vi.waitFor(async () => expect((await store.get(lead.id))?.status).toBe("delivered"));
    const [post] = webhookPosts();
    expect(post?.contentType).toBe("application/json");
    expect(post?.body).toEqual(submission);
    expect(post?.headers["idempotency-key"]).toBe(lead.id);
    expect(await store.stats()).toMatchObject({ pending: 0, delivered: 1 });
  });

  it("keeps a lead the webhook refuses and delivers it once the webhook recovers", async () => {
    const { store, worker } = await setup();
    sink.failNext(2, 503);
    const lead = await store.create(submission);
    worker.start();
    await vi.waitFor(async () => expect((await store.get(lead.id))?.attempts).toBe(1));
    expect(await store.get(lead.id)).toMatchObject({ status: "pending", lastError: "webhook answered 503" });
    expect((await store.stats()).pending).toBe(1);
    // The first retries come after 2.5 and 5 seconds at most (random() = 0 gives the shortest waits).
    await vi.waitFor(async () => expect((await store.get(lead.id))?.status).toBe("delivered"), { timeout: 12_000 });
    expect((await store.get(lead.id))?.attempts).toBe(3);
    expect(webhookPosts()).toHaveLength(1);
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain("jordan.reyes@example.com");
    expect(JSON.stringify(log.warn.mock.calls)).toContain("j***@e***.com");
  }, 20_000);

  it("delivers the leads a stopped worker left pending, once, after a restart", async () => {
    const first = await setup();
    sink.failNext(1, 500);
    const lead = await first.store.create(submission);
    first.worker.start();
    await vi.waitFor(async () => expect((await first.store.get(lead.id))?.attempts).toBe(1));
    await first.worker.stop();
    await first.store.close();

    const second = await setup();
    await second.store.retry({ allFailed: true });
    second.worker.start();
    await vi.waitFor(async () => expect((await second.store.get(lead.id))?.status).toBe("delivered"));
    expect(webhookPosts()).toHaveLength(1);
  });

  it("sends the mirror copy as a form post, only after the webhook accepted the lead", async () => {
    const { store, worker } = await setup({ mirror: true });
    sink.failNext(1, 500);
    const lead = await store.create(submission);
    worker.start();
    await vi.waitFor(async () => expect((await store.get(lead.id))?.attempts).toBe(1));
    expect(sink.received().filter((post) => post.path === "/mirror")).toEqual([]);
    await vi.waitFor(async () => expect((await store.get(lead.id))?.mirrorStatus).toBe("answered 200"), {
      timeout: 8_000,
    });
    const mirror = sink.received().find((post) => post.path === "/mirror");
    expect(mirror?.contentType).toBe("application/x-www-form-urlencoded");
    expect(mirror?.body).toEqual({
      "form-name": "Contact Form",
      "bot-field": "",
      name: submission.name,
      email: submission.email,
      phone: submission.phone,
      interests: "coworking-space, think-lounge",
      referralSource: "Event",
    });
  }, 15_000);

  it("waits for a delivery under way when stopped", async () => {
    const { store, worker } = await setup();
    sink.faults.add({ method: "POST", delayMs: 500 });
    const lead = await store.create(submission);
    worker.start();
    await vi.waitFor(() => expect(sink.faults.requests.length).toBeGreaterThan(0));
    await worker.stop();
    expect((await store.get(lead.id))?.status).toBe("delivered");
  });
});

describe("lead delivery when things go wrong", () => {
  it("treats a redirect as a failed attempt naming the Location, and never follows it", async () => {
    const { store, worker } = await setup();
    sink.faults.add({
      method: "POST",
      pathIncludes: "/hooks/leads",
      status: 301,
      headers: { Location: `${sink.url}/moved-here` },
      times: 1,
    });
    const lead = await store.create(submission);
    worker.start();
    await vi.waitFor(async () => expect((await store.get(lead.id))?.attempts).toBe(1));
    expect(await store.get(lead.id)).toMatchObject({
      status: "pending",
      lastError: `webhook redirected (301) to ${sink.url}/moved-here; fix the URL (redirects are not followed)`,
    });
    // fetch would have turned the POST into a bodiless GET of the new address, whose 405 or 200 ended the lead.
    expect(sink.faults.requests.map((request) => `${request.method} ${request.url}`)).toEqual(["POST /hooks/leads"]);
    expect(webhookPosts()).toEqual([]);
  });

  it("counts a webhook that does not answer in time as a failed attempt, not a delivery", async () => {
    const { store, worker } = await setup();
    // Slower than the worker's 2-second timeout; the sink would still have answered 200.
    sink.faults.add({ method: "POST", pathIncludes: "/hooks/leads", delayMs: 3_000, times: 1 });
    const lead = await store.create(submission);
    worker.start();
    await vi.waitFor(async () => expect((await store.get(lead.id))?.attempts).toBe(1), { timeout: 5_000 });
    expect(await store.get(lead.id)).toMatchObject({ status: "pending", lastError: "webhook timed out" });
  });

  it("records a redirecting mirror as such, without following it or undoing the delivery", async () => {
    const { store, worker } = await setup({ mirror: true });
    sink.faults.add({
      method: "POST",
      pathIncludes: "/mirror",
      status: 302,
      headers: { Location: `${sink.url}/elsewhere` },
      times: 1,
    });
    const lead = await store.create(submission);
    worker.start();
    await vi.waitFor(async () =>
      expect((await store.get(lead.id))?.mirrorStatus).toMatch(/^mirror redirected \(302\)/),
    );
    expect((await store.get(lead.id))?.status).toBe("delivered");
    expect(sink.faults.requests.some((request) => request.url.startsWith("/elsewhere"))).toBe(false);
  });

  it("does not post a lead again when the store fails to record its delivery, and records it later", async () => {
    let refusals = 3;
    const { store, worker } = await setup({
      firstRetryMs: 50,
      wrap: (inner) => ({
        ...inner,
        markDelivered: async (id) => {
          if (refusals-- > 0) throw new Error("SQLITE_IOERR: disk I/O error");
          return inner.markDelivered(id);
        },
      }),
    });
    const lead = await store.create(submission);
    worker.start();
    await vi.waitFor(async () => expect((await store.get(lead.id))?.status).toBe("delivered"), { timeout: 5_000 });
    expect(webhookPosts()).toHaveLength(1);
    expect(refusals).toBe(-1);
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining("backing off"), expect.any(Error));
  });

  it("backs off, without an unhandled rejection, when the store cannot be read at all", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    let claims = 0;
    const { store, worker } = await setup({
      firstRetryMs: 100,
      random: () => 1,
      wrap: (inner) => ({
        ...inner,
        claimDue: async () => {
          claims++;
          throw new Error("database is locked");
        },
        nextWakeAt: async () => {
          throw new Error("database is locked");
        },
      }),
    });
    await store.create(submission);
    worker.start();
    for (let nudge = 0; nudge < 20; nudge++) worker.nudge();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    process.off("unhandledRejection", unhandled);
    // Waits of 100, 200, 400 ms...: a handful of tries in a second, not a tight loop.
    expect(claims).toBeGreaterThanOrEqual(2);
    expect(claims).toBeLessThanOrEqual(5);
    expect(unhandled).not.toHaveBeenCalled();
    expect(worker.state()).toMatchObject({ lastError: "database is locked" });
  });

  it("lets two workers on one store share the queue without posting any lead twice", async () => {
    const first = await setup();
    const second = await setup();
    sink.faults.add({ method: "POST", delayMs: 20 });
    const leads = await Promise.all(
      Array.from({ length: 20 }, (_, index) => first.store.create({ ...submission, name: `Person ${index}` })),
    );
    first.worker.start();
    second.worker.start();
    await vi.waitFor(async () => expect((await first.store.stats()).delivered).toBe(20), { timeout: 10_000 });
    const keys = webhookPosts().map((post) => post.headers["idempotency-key"]);
    expect(keys).toHaveLength(20);
    expect(new Set(keys)).toEqual(new Set(leads.map((lead) => lead.id)));
  });

  it("delivers a lead whose worker crashed while holding it, once its lease expires", async () => {
    const { store, worker } = await setup({ leaseMs: 400 });
    const lead = await store.create(submission);
    // A worker of an instance that was then killed: it claimed the lead and never finished.
    await store.claimDue({ worker: "killed-instance", leaseMs: 400, limit: 10 });
    worker.start();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(webhookPosts()).toEqual([]);
    await vi.waitFor(async () => expect((await store.get(lead.id))?.status).toBe("delivered"), { timeout: 3_000 });
    expect(webhookPosts()).toHaveLength(1);
  });

  it("without a webhook, keeps every lead pending and says so in the readiness answer once they wait too long", async () => {
    const store = await openLeadStore({ dataDir });
    open.stores.push(store);
    const worker = createLeadDelivery({ store, webhookUrl: null, log });
    open.workers.push(worker);
    await store.create(submission);
    worker.start();
    worker.nudge();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sink.faults.requests).toEqual([]);
    const soon = await leadReadiness({ store, delivery: worker, alertAfterMs: 15 * 60_000 });
    expect(soon).toMatchObject({ status: "ok", leads: { pending: 1, writable: true, store: "sqlite" } });
    const inAnHour = await leadReadiness({
      store,
      delivery: worker,
      alertAfterMs: 15 * 60_000,
      now: () => new Date(Date.now() + 3_600_000),
    });
    expect(inAnHour).toMatchObject({
      status: "degraded",
      leads: { pending: 1, worker: { webhook: "not configured" } },
    });
    expect((inAnHour.leads as { oldestPendingAgeSeconds: number }).oldestPendingAgeSeconds).toBeGreaterThanOrEqual(
      3_600,
    );
  });

  it("answers unavailable when the store refuses a write", async () => {
    const { store, worker } = await setup();
    const refusing = { ...store, probeWrite: async () => Promise.reject(new Error("SQLITE_READONLY")) };
    expect(await leadReadiness({ store: refusing, delivery: worker, alertAfterMs: 60_000 })).toMatchObject({
      status: "unavailable",
      leads: { writable: false },
    });
  });
});

describe("lead delivery with a backlog", () => {
  const names = (count: number) => Array.from({ length: count }, (_, index) => `Person ${index}`);

  it("leases one lead per post: two workers and a webhook slower than the lease never post a lead twice", async () => {
    // Each post takes longer than half the lease: a lease over a batch ran out while the batch was posted.
    // A post may run until 100 ms before its lease ends (1.1 s after the claim), well past its 600 ms.
    const first = await setup({ leaseMs: 1_200, recordReserveMs: 100 });
    const second = await setup({ leaseMs: 1_200, recordReserveMs: 100 });
    sink.faults.add({ method: "POST", delayMs: 600 });
    const leads = [];
    for (const name of names(8)) leads.push(await first.store.create({ ...submission, name }));
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
    for (const name of names(12)) await store.create({ ...submission, name });
    worker.start();
    await vi.waitFor(async () => expect((await store.stats()).delivered).toBe(12), { timeout: 15_000 });
    const gaps = started.slice(1).map((at, index) => at - started[index]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(95);
    expect(mostAtOnce).toBe(3);
  }, 20_000);

  it("makes the backlog due at once when the webhook accepts a lead again, but not a lead it rejected on its own", async () => {
    await sink.close();
    let down = true;
    let rejectedId = "";
    sink = await startWebhookSink({
      respond: ({ idempotencyKey }) =>
        idempotencyKey === rejectedId ? { status: 422 } : down ? { status: 503 } : undefined,
    });
    // A minute before the first retry: only the recovery can make the backlog due within the test.
    const { store, worker } = await setup({ firstRetryMs: 120_000 });
    const rejected = await store.create({ ...submission, name: "Rejected Lead" });
    rejectedId = rejected.id;
    worker.start();
    const waiting = [];
    for (const name of names(5)) waiting.push(await store.create({ ...submission, name }));
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
      expect.stringMatching(/accepts leads again after 5 failed post\(s\) here: 5 waiting lead\(s\) are due now/),
    );
  }, 20_000);

  it("tries the lead due soonest early when nothing was posted for a while, so a recovery is seen", async () => {
    const { store, worker } = await setup({ firstRetryMs: 3_600_000, probeAfterMs: 300 });
    sink.failNext(1, 502);
    const lead = await store.create(submission);
    worker.start();
    await vi.waitFor(async () => expect((await store.get(lead.id))?.lastStatus).toBe(502));
    // Due in half an hour at the earliest; the webhook is back, and the worker's probe finds out.
    await vi.waitFor(async () => expect((await store.get(lead.id))?.status).toBe("delivered"), { timeout: 10_000 });
    expect(webhookPosts()).toHaveLength(1);
  }, 15_000);
});

describe("retryDelayMs", () => {
  it("doubles from 5 seconds with jitter, and never waits more than a day", () => {
    expect(retryDelayMs(1, () => 0)).toBe(2_500);
    expect(retryDelayMs(1, () => 1)).toBe(5_000);
    expect(retryDelayMs(2, () => 1)).toBe(10_000);
    expect(retryDelayMs(5, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(40, () => 1)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(40, () => 0)).toBe(MAX_RETRY_MS / 2);
  });
});
