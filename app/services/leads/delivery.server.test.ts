import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startWebhookSink, type WebhookSink } from "../../../demo/webhook.ts";
import type { ContactSubmission } from "~/lib/contact";
import { type LeadStore, openLeadStore } from "./index.ts";
import {
  createLeadDelivery,
  type LeadDelivery,
  MAX_RETRY_AFTER_MS,
  MAX_RETRY_MS,
  retryAfterMs,
  retryDelayMs,
} from "./delivery.server.ts";
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
  pollMs,
  fetch,
  acceptingWindowMs,
  retryWhileAcceptingMs,
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
  pollMs?: number;
  fetch?: typeof globalThis.fetch;
  acceptingWindowMs?: number;
  retryWhileAcceptingMs?: number;
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
    pollMs,
    fetch,
    random,
    acceptingWindowMs,
    retryWhileAcceptingMs,
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
    const { store, worker } = await setup({ firstRetryMs: 1_000 });
    sink.failNext(2, 503);
    const lead = await store.create(submission);
    worker.start();
    await vi.waitFor(async () => expect((await store.get(lead.id))?.attempts).toBe(1));
    expect(await store.get(lead.id)).toMatchObject({ status: "pending", lastError: "webhook answered 503" });
    expect((await store.stats()).pending).toBe(1);
    // The first retries come after 0.5 and 1 second (random() = 0 gives the shortest waits).
    await vi.waitFor(async () => expect((await store.get(lead.id))?.status).toBe("delivered"), { timeout: 5_000 });
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
    const { store, worker } = await setup({ mirror: true, firstRetryMs: 1_000 });
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
    // The worker looks every half second (not 5 s): the probe is what it finds when it looks.
    const { store, worker } = await setup({ firstRetryMs: 3_600_000, probeAfterMs: 300, pollMs: 500 });
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

const people = (count: number) => Array.from({ length: count }, (_, index) => `Person ${index}`);

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

  it("makes nothing due early when the webhook accepts a post after rate limiting, only after it was unavailable", async () => {
    const answers = new Map<string, number>();
    const { fetch } = scriptedWebhook((key) => ({ status: answers.get(key) ?? 200 }));
    const { store, worker } = await setup({ fetch, firstRetryMs: 60_000 });
    const throttled = await store.create({ ...submission, name: "Throttled" });
    const unavailable = await store.create({ ...submission, name: "Unavailable" });
    answers.set(throttled.id, 429);
    answers.set(unavailable.id, 500);
    worker.start();
    await vi.waitFor(async () => expect((await store.stats()).retrying).toBe(2));
    const waitingUntil = (await store.get(throttled.id))!.nextAttemptAt;
    answers.clear();
    const healthy = await store.create({ ...submission, name: "Healthy" });
    worker.nudge();
    await vi.waitFor(async () => expect((await store.get(healthy.id))?.status).toBe("delivered"));
    // The unavailable lead's backlog is due at once and delivered; the throttled one keeps its time.
    await vi.waitFor(async () => expect((await store.get(unavailable.id))?.status).toBe("delivered"));
    expect(await store.get(throttled.id)).toMatchObject({ status: "pending", nextAttemptAt: waitingUntil });
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

describe("lead delivery while the store fails", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("backs off beyond the poll interval, doubling up to a minute, and tries at once when a lead is stored", async () => {
    let claims: number[] = [];
    const { store, worker } = await setup({
      firstRetryMs: 5_000,
      random: () => 1,
      wrap: (inner) => ({
        ...inner,
        claimDue: async () => {
          claims.push(Date.now());
          throw new Error("connection terminated unexpectedly");
        },
      }),
    });
    await store.create(submission);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const started = Date.now();
    worker.start();
    await vi.advanceTimersByTimeAsync(300_000);
    const gaps = claims.slice(1).map((at, index) => Math.round((at - claims[index]!) / 1000));
    expect(claims[0]! - started).toBeLessThan(100);
    expect(gaps.slice(0, 7)).toEqual([5, 10, 20, 40, 60, 60, 60]);
    expect(log.error).toHaveBeenCalledWith(
      expect.stringContaining("the lead store failed (5 time(s) in a row); backing off (at most 60 s)"),
      expect.any(Error),
    );
    claims = [];
    worker.nudge();
    await vi.advanceTimersByTimeAsync(10);
    expect(claims).toHaveLength(1);
  });
});
