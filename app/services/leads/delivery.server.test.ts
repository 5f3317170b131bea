import { afterEach, describe, expect, it, vi } from "vitest";
import { leadReadiness } from "../../../server/readiness.ts";
import { createLeadDelivery, MAX_RETRY_MS, retryDelayMs } from "./delivery.server.ts";
import { openLeadStore } from "./index.ts";
import {
  closeAfterTest,
  dataDir,
  log,
  setup,
  sink,
  submission,
  setUpEachTest,
  webhookPosts,
} from "./delivery.test-harness.ts";

setUpEachTest();

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
    const worker = createLeadDelivery({ store, webhookUrl: null, log });
    closeAfterTest({ store, worker });
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
