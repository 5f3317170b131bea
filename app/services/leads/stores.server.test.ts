import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ContactSubmission } from "~/domain/contact";
import { startTestDatabase, type TestDatabase } from "../../../tests/support/postgres.ts";
import { startTcpProxy } from "../../../tests/support/tcp-proxy.ts";
import { openPostgresLeadStore } from "./postgres-store.server.ts";
import { describeDatabaseUrl, leadsToCsv, type LeadStore, maskEmail, maskPhone, openLeadStore } from "./index.ts";

const submission: ContactSubmission = {
  name: "Jordan Reyes",
  email: "jordan.reyes@example.com",
  phone: "(870) 555-0199",
  interests: ["coworking-space", "think-lounge"],
  referralSource: "Event",
};

let clock: Date;
const later = (ms: number) => new Date(clock.getTime() + ms);

/** The same contract, against the embedded SQLite file and against a real PostgreSQL server. */
const backends = [
  {
    name: "SQLite",
    async setup() {
      const dataDir = mkdtempSync(path.join(tmpdir(), "leads-"));
      return {
        open: () => openLeadStore({ dataDir, now: () => clock }),
        cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: "PostgreSQL",
    async setup() {
      return {
        open: () => openLeadStore({ dataDir: "unused", databaseUrl: database.url, now: () => clock }),
        cleanup: async () => {
          const client = new pg.Client({ connectionString: database.url });
          await client.connect();
          await client.query(
            "DROP TABLE IF EXISTS leads, spam_leads, lead_settings, delivery_hold, contact_attempts, store_health, lead_schema_migrations",
          );
          await client.end();
        },
      };
    },
  },
];

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.stop();
});

describe.each(backends)("lead store ($name)", (backend) => {
  let opened: LeadStore[];
  let environment: Awaited<ReturnType<typeof backend.setup>>;

  async function open(): Promise<LeadStore> {
    const store = await environment.open();
    opened.push(store);
    return store;
  }

  const claim = (store: LeadStore, worker = "worker-a", leaseMs = 30_000) =>
    store.claimDue({ worker, leaseMs, limit: 10 });
  const fail = (store: LeadStore, id: string, status: number | null, waitMs: number, worker = "worker-a") =>
    store.recordFailure(id, worker, {
      error: status === null ? "webhook unreachable" : `webhook answered ${status}`,
      status,
      nextAttemptAt: later(waitMs),
    });

  beforeEach(async () => {
    clock = new Date("2026-03-05T12:00:00.000Z");
    opened = [];
    environment = await backend.setup();
  });

  afterEach(async () => {
    for (const store of opened) await store.close();
    await environment.cleanup();
  });

  it("stores a lead as pending and due at once", async () => {
    const store = await open();
    const lead = await store.create(submission);
    expect(lead).toMatchObject({ ...submission, status: "pending", attempts: 0, nextAttemptAt: clock.toISOString() });
    expect(lead.id).toMatch(/^lead_[0-9a-f-]{36}$/);
    expect((await claim(store)).map((due) => due.id)).toEqual([lead.id]);
    expect(await store.stats()).toEqual({
      pending: 1,
      retrying: 0,
      delivered: 0,
      spam: 0,
      oldestPendingAt: clock.toISOString(),
    });
  });

  it("keeps a failed lead pending until its next attempt, then delivers it", async () => {
    const store = await open();
    const lead = await store.create(submission);
    await claim(store);
    await fail(store, lead.id, 503, 60_000);
    expect(await claim(store)).toEqual([]);
    expect(await store.get(lead.id)).toMatchObject({
      attempts: 1,
      lastError: "webhook answered 503",
      lastStatus: 503,
      claimedBy: null,
    });
    expect(await store.nextWakeAt()).toEqual(later(60_000));
    clock = later(60_000);
    expect(await claim(store)).toHaveLength(1);
    await store.markDelivered(lead.id);
    expect(await store.get(lead.id)).toMatchObject({ status: "delivered", attempts: 2, lastError: null });
    expect(await claim(store)).toEqual([]);
    expect(await store.nextWakeAt()).toBeNull();
    expect(await store.stats()).toMatchObject({ pending: 0, delivered: 1 });
  });

  it("lets one worker hold a lead: another cannot claim it until the lease expires", async () => {
    const store = await open();
    const lead = await store.create(submission);
    expect((await claim(store, "worker-a", 30_000)).map((due) => due.id)).toEqual([lead.id]);
    expect(await claim(store, "worker-b")).toEqual([]);
    // Not even the holder claims it again while it posts it.
    expect(await claim(store, "worker-a")).toEqual([]);
    expect(await store.nextWakeAt()).toEqual(later(30_000));
    // worker-a crashed: its lease runs out and worker-b picks the lead up.
    clock = later(30_000);
    expect((await claim(store, "worker-b")).map((due) => due.id)).toEqual([lead.id]);
    // A failure recorded by a worker that no longer holds the lead changes nothing.
    await fail(store, lead.id, 503, 60_000, "worker-a");
    expect(await store.get(lead.id)).toMatchObject({ attempts: 0, claimedBy: "worker-b" });
  });

  it("never gives one lead to two workers claiming at the same moment", async () => {
    const stores = [await open(), await open()];
    const created = await Promise.all(
      Array.from({ length: 30 }, (_, index) => stores[0]!.create({ ...submission, name: `Person ${index}` })),
    );
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        stores[index % 2]!.claimDue({ worker: `worker-${index}`, leaseMs: 30_000, limit: 5 }),
      ),
    );
    const ids = claims.flat().map((lead) => lead.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(30);
    expect(new Set(ids)).toEqual(new Set(created.map((lead) => lead.id)));
  });

  it("leases one lead per claim, so a worker posting slowly leaves the rest to others", async () => {
    const store = await open();
    const first = await store.create(submission);
    clock = later(1);
    const second = await store.create({ ...submission, name: "Second Person" });
    expect((await store.claimDue({ worker: "worker-a", leaseMs: 30_000, limit: 1 })).map((lead) => lead.id)).toEqual([
      first.id,
    ]);
    // worker-a is still posting the first lead; the second is not held by its lease.
    expect((await store.claimDue({ worker: "worker-b", leaseMs: 30_000, limit: 1 })).map((lead) => lead.id)).toEqual([
      second.id,
    ]);
    expect(await store.claimDue({ worker: "worker-c", leaseMs: 30_000, limit: 1 })).toEqual([]);
  });

  it("stores one lead per submission: the same id with the same details is a repeat, other details a new lead", async () => {
    const store = await open();
    const stored = await store.createOnce(submission, "form-4c1d9e0b2a7f3e1d");
    expect(stored).toMatchObject({ repeat: false, lead: { ...submission, status: "pending" } });
    const again = await store.createOnce(
      { ...submission, interests: ["think-lounge", "coworking-space"] },
      "form-4c1d9e0b2a7f3e1d",
    );
    expect(again).toEqual({ lead: stored.lead, repeat: true });
    // Two sends of one form arriving together.
    const together = await Promise.all([
      store.createOnce({ ...submission, name: "Sam Lee" }, "form-0a1b2c3d4e5f6a7b"),
      store.createOnce({ ...submission, name: "Sam Lee" }, "form-0a1b2c3d4e5f6a7b"),
    ]);
    expect(together.map(({ repeat }) => repeat).sort()).toEqual([false, true]);
    expect(together[0]!.lead.id).toBe(together[1]!.lead.id);
    // A stale form (the back button) sent with other details is somebody's new message, not a repeat.
    const other = await store.createOnce({ ...submission, phone: "(870) 555-0100" }, "form-4c1d9e0b2a7f3e1d");
    expect(other.repeat).toBe(false);
    expect(other.lead.id).not.toBe(stored.lead.id);
    // Leads without a submission id are never repeats of each other.
    await store.create(submission);
    await store.create(submission);
    expect((await store.list()).length).toBe(5);
  });

  it("makes the backlog due when the webhook is back after it was unavailable or refusing posts, and only what waited for that", async () => {
    const store = await open();
    const [unreachable, overloaded, redirected, rejected, throttled, held, healthy, unauthorized, gone] =
      await Promise.all(
        ["a", "b", "c", "d", "e", "f", "g", "h", "i"].map((name) => store.create({ ...submission, name })),
      );
    await claim(store);
    await fail(store, unreachable!.id, null, 600_000);
    await fail(store, overloaded!.id, 503, 600_000);
    await fail(store, redirected!.id, 301, 600_000);
    await fail(store, rejected!.id, 422, 600_000);
    await fail(store, throttled!.id, 429, 600_000);
    await fail(store, unauthorized!.id, 401, 600_000);
    await fail(store, gone!.id, 410, 600_000);
    // A 503 with Retry-After is the webhook limiting the rate: its lead waits for the time it gave.
    await store.recordFailure(held!.id, "worker-a", {
      error: "webhook answered 503",
      status: 503,
      kind: "rate-limited",
      nextAttemptAt: later(600_000),
    });
    await store.markDelivered(healthy!.id);
    clock = later(1_000);

    expect(await store.makeBacklogDue(null)).toBe(5);
    const due = (await claim(store, "worker-b")).map((lead) => lead.id);
    // A redirect, 401 and 410 refuse every post, whatever the lead: due too.
    expect(new Set(due)).toEqual(
      new Set([unreachable!.id, overloaded!.id, redirected!.id, unauthorized!.id, gone!.id]),
    );
    // A 429 (with or without Retry-After) and a 503 with one limit the rate: their leads wait for the time given.
    for (const waiting of [rejected, held, throttled]) {
      expect(await store.get(waiting!.id)).toMatchObject({ nextAttemptAt: later(599_000).toISOString() });
    }
    for (const limited of [held, throttled]) expect((await store.get(limited!.id))!.failureKind).toBe("rate-limited");
    for (const refused of [redirected, unauthorized, gone]) {
      expect((await store.get(refused!.id))!.failureKind).toBe("refused");
    }
    // A lead that got the same 422 was accepted after all: the 422 was not about the lead, so it is due too.
    expect(await store.makeBacklogDue(422)).toBe(1);
    expect((await claim(store, "worker-c")).map((lead) => lead.id)).toEqual([rejected!.id]);
  });

  it("records each failure's kind, when it happened and the failures in a row its backoff grows with", async () => {
    const store = await open();
    const lead = await store.create(submission);
    expect(lead).toMatchObject({ lastAttemptAt: null, failureKind: null, backoffFailures: 0 });
    await claim(store);
    await fail(store, lead.id, 500, 1_000);
    expect(await store.get(lead.id)).toMatchObject({
      lastAttemptAt: clock.toISOString(),
      failureKind: "unavailable",
      backoffFailures: 1,
    });
    clock = later(1_000);
    await claim(store);
    await store.recordFailure(lead.id, "worker-a", {
      error: "webhook answered 301",
      status: 301,
      nextAttemptAt: later(5_000),
      backoffFailures: 1,
    });
    expect(await store.get(lead.id)).toMatchObject({
      attempts: 2,
      lastAttemptAt: clock.toISOString(),
      failureKind: "refused",
      backoffFailures: 1,
    });
    expect(await store.lastDeliveryAt()).toBeNull();
    clock = later(5_000);
    await claim(store);
    await store.markDelivered(lead.id);
    expect(await store.lastDeliveryAt()).toEqual(clock);
  });

  it("holds suspected spam apart: never claimed, not waiting, listed as spam, and released into the queue", async () => {
    const store = await open();
    const real = await store.create(submission);
    const spam = await store.create({ ...submission, name: "Bot" }, { spamReason: "honeypot filled" });
    expect(spam).toMatchObject({ status: "spam", spamReason: "honeypot filled", attempts: 0 });
    expect((await claim(store)).map((lead) => lead.id)).toEqual([real.id]);
    expect(await store.stats()).toMatchObject({ pending: 1, retrying: 0, spam: 1 });
    expect((await store.list("spam")).map((lead) => lead.id)).toEqual([spam.id]);
    expect((await store.list("pending")).map((lead) => lead.id)).toEqual([real.id]);
    expect((await store.list()).map((lead) => lead.id).sort()).toEqual([real.id, spam.id].sort());
    expect(await store.get(spam.id)).toMatchObject({ status: "spam", name: "Bot" });
    expect(await store.nextWakeAt()).toEqual(later(30_000));
    await store.markDelivered(real.id);
    expect(await store.nextWakeAt()).toBeNull();

    clock = later(60_000);
    const released = await store.release(spam.id);
    expect(released).toMatchObject({
      alreadyStored: false,
      lead: { id: spam.id, status: "pending", spamReason: "honeypot filled", nextAttemptAt: clock.toISOString() },
    });
    expect(await store.release(spam.id)).toBeNull();
    expect(await store.release(real.id)).toBeNull();
    expect(await store.stats()).toMatchObject({ pending: 1, delivered: 1, spam: 0 });
    expect((await claim(store, "worker-b")).map((lead) => lead.id)).toEqual([spam.id]);
  });

  it("keeps one lead per submission across leads and held spam", async () => {
    const store = await open();
    const held = await store.createOnce(submission, "form-aaaaaaaaaaaaaaaa", { spamReason: "sent too fast" });
    expect(held).toMatchObject({ repeat: false, lead: { status: "spam" } });
    // The same form sent again, now judged fine: it is still the one held submission.
    expect(await store.createOnce(submission, "form-aaaaaaaaaaaaaaaa")).toMatchObject({
      repeat: true,
      lead: { id: held.lead.id, status: "spam" },
    });
    const stored = await store.createOnce(submission, "form-bbbbbbbbbbbbbbbb");
    expect(await store.createOnce(submission, "form-bbbbbbbbbbbbbbbb", { spamReason: "x" })).toMatchObject({
      repeat: true,
      lead: { id: stored.lead.id, status: "pending" },
    });
    expect(await store.stats()).toMatchObject({ pending: 1, spam: 1 });
  });

  it("lets one page's submission ids carry as many different leads as its allowance, holds the rest, and counts a release", async () => {
    const store = await open();
    const allowance = { leads: 2, reason: "the form token already carried 2 leads" };
    const id = "5".repeat(32);
    /** Another submission id of the same page (its first 16 digits, the root). */
    const sibling = (tail: string) => "5".repeat(16) + tail.repeat(16);
    const send = (name: string, options = {}) =>
      store.createOnce({ ...submission, name }, id, { allowance, ...options });
    expect((await send("One")).lead.status).toBe("pending");
    // Held spam with the id does not count: a person's send after a bot's stays within the allowance.
    expect(
      (await store.createOnce({ ...submission, name: "Bot" }, id, { spamReason: "honeypot filled" })).lead.status,
    ).toBe("spam");
    expect((await send("Two", { confirmedReasons: "a word in the name looks like a domain" })).lead).toMatchObject({
      status: "pending",
      confirmedReasons: "a word in the name looks like a domain",
    });
    const third = await send("Three");
    expect(third).toMatchObject({ repeat: false, lead: { status: "spam", spamReason: allowance.reason } });
    // A resend of a stored one is that lead, not counted again.
    expect(await send("One")).toMatchObject({ repeat: true, lead: { status: "pending", name: "One" } });
    // Released by staff, the third is a lead with the same id: the page now carries three.
    expect((await store.release(third.lead.id))?.lead).toMatchObject({ status: "pending" });
    expect((await send("Four")).lead.status).toBe("spam");
    // Another token of the page (after a thanks) counts with it; another page does not.
    for (const tail of ["0", "a", "f"]) {
      expect(
        (await store.createOnce({ ...submission, name: `Sibling ${tail}` }, sibling(tail), { allowance })).lead,
      ).toMatchObject({ status: "spam", spamReason: allowance.reason });
    }
    // A person who already has a lead from the page is not another person: a further enquiry of theirs
    // (other interests) is within the allowance.
    expect(
      (
        await store.createOnce({ ...submission, name: "One", interests: ["partnership"] }, sibling("1"), {
          allowance,
        })
      ).lead.status,
    ).toBe("pending");
    expect((await store.createOnce({ ...submission, name: "Other" }, "6".repeat(32), { allowance })).lead.status).toBe(
      "pending",
    );
    expect(
      (
        await store.createOnce({ ...submission, name: "Neighbour" }, `${"5".repeat(15)}6${"0".repeat(16)}`, {
          allowance,
        })
      ).lead.status,
    ).toBe("pending");
  });

  it("counts a page's leads once when instances store at the same moment, from any of its tokens", async () => {
    const store = await open();
    const other = await open();
    const allowance = { leads: 3, reason: "used up" };
    const idOf = (index: number) => "7".repeat(16) + index.toString(16).repeat(16);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        (index % 2 === 0 ? store : other).createOnce({ ...submission, name: `Person ${index}` }, idOf(index), {
          allowance,
        }),
      ),
    );
    expect(results.filter((result) => result.lead.status === "pending")).toHaveLength(3);
    expect(results.filter((result) => result.lead.status === "spam")).toHaveLength(9);
  });

  it("finds a stored submission by its id and details, and the same enquiry by its details and interests", async () => {
    const store = await open();
    const since = clock;
    expect(await store.findSubmission(submission, "8".repeat(32))).toBeNull();
    const { lead } = await store.createOnce(submission, "8".repeat(32));
    expect(await store.findSubmission(submission, "8".repeat(32))).toMatchObject({ id: lead.id });
    expect(await store.findSubmission({ ...submission, phone: "(870) 555-0100" }, "8".repeat(32))).toBeNull();
    const held = await store.createOnce({ ...submission, name: "Bot" }, "9".repeat(32), { spamReason: "x" });
    expect(await store.findSubmission({ ...submission, name: "Bot" }, "9".repeat(32))).toMatchObject({
      id: held.lead.id,
      status: "spam",
    });
    clock = later(1_000);
    // The same person and interests, in another order and spelling of the details.
    const again = { ...submission, name: " JORDAN  reyes ", interests: [...submission.interests].reverse() };
    expect(await store.findEnquiry(again, since)).toMatchObject({ id: lead.id });
    expect(await store.findEnquiry({ ...submission, interests: ["partnership"] }, since)).toBeNull();
    expect(await store.findEnquiry(submission, later(1))).toBeNull();
    // Held spam is never the earlier enquiry: a person's send after a bot's with their details is delivered.
    expect(await store.findEnquiry({ ...submission, name: "Bot" }, since)).toBeNull();
  });

  it("counts other submissions with the same contact details within a window, leads and spam alike", async () => {
    const store = await open();
    const since = clock;
    await store.createOnce(submission, "form-1111111111111111");
    clock = later(1_000);
    await store.createOnce({ ...submission, name: " JORDAN  reyes ", phone: "870.555.0199" }, "form-2222222222222222", {
      spamReason: "sent too fast",
    });
    await store.create({ ...submission, email: "JORDAN.REYES@example.com", interests: ["partnership"] });
    await store.create({ ...submission, email: "someone.else@example.com" });
    expect(await store.countSameDetails(submission, since, null)).toBe(3);
    expect(await store.countSameDetails(submission, since, "form-1111111111111111")).toBe(2);
    expect(await store.countSameDetails(submission, later(1), null)).toBe(0);
  });

  it("erases and deletes held spam too, and purges spam by its age", async () => {
    const store = await open();
    const old = await store.create(submission, { spamReason: "a link in the name" });
    clock = later(10 * 24 * 60 * 60_000);
    const recent = await store.create({ ...submission, email: "other@example.com" }, { spamReason: "honeypot filled" });
    const other = await store.create({ ...submission, email: "third@example.com" }, { spamReason: "honeypot filled" });
    expect(await store.purgeSpam(later(-1))).toBe(1);
    expect(await store.get(old.id)).toBeNull();
    expect(await store.erase("OTHER@example.com")).toBe(1);
    expect(await store.get(recent.id)).toBeNull();
    expect(await store.delete(other.id)).toBe(1);
    expect(await store.stats()).toMatchObject({ spam: 0 });
  });

  it("holds every worker's posts until the webhook's Retry-After, then lets one probe first", async () => {
    const store = await open();
    expect(await store.deliveryGate("worker-a", 30_000)).toEqual({ open: true, probe: false });
    await store.holdDeliveries(later(20_000), 429);
    // A shorter Retry-After that comes later never shortens the wait.
    await store.holdDeliveries(later(5_000), 503);
    for (const worker of ["worker-a", "worker-b"]) {
      expect(await store.deliveryGate(worker, 30_000)).toEqual({
        open: false,
        until: later(20_000),
        reason: "retry-after",
      });
    }
    clock = later(20_000);
    expect(await store.deliveryGate("worker-b", 30_000)).toEqual({ open: true, probe: true });
    expect(await store.deliveryGate("worker-a", 30_000)).toEqual({
      open: false,
      until: later(30_000),
      reason: "probe",
    });
    // The probe met another "wait": a new hold, and no probe until it passes.
    await store.holdDeliveries(later(20_000), 429);
    expect(await store.deliveryGate("worker-a", 30_000)).toMatchObject({ open: false, reason: "retry-after" });
    clock = later(20_000);
    expect(await store.deliveryGate("worker-a", 30_000)).toEqual({ open: true, probe: true });
    // A probe whose worker died is free again when its lease ends.
    clock = later(30_000);
    expect(await store.deliveryGate("worker-b", 30_000)).toEqual({ open: true, probe: true });
    // The probe was accepted: the hold is lifted, and every worker posts freely.
    await store.endProbe("worker-a", true);
    expect(await store.deliveryGate("worker-a", 30_000)).toMatchObject({ open: false, reason: "probe" });
    await store.endProbe("worker-b", true);
    expect(await store.deliveryGate("worker-a", 30_000)).toEqual({ open: true, probe: false });
    expect(await store.deliveryGate("worker-b", 30_000)).toEqual({ open: true, probe: false });
  });

  it("claims no lead while a Retry-After lasts, even for a worker that found the gate open just before", async () => {
    const store = await open();
    const due = await store.create(submission);
    const tried = await store.create({ ...submission, email: "tried@example.com" });
    expect((await claim(store, "worker-a")).map((lead) => lead.id)).toEqual([due.id, tried.id]);
    await fail(store, due.id, null, 60_000);
    await fail(store, tried.id, null, 60_000);
    await store.retry(due.id);
    // Worker b saw the gate open; worker a's post then met a 429, whose hold reached the store first.
    expect(await store.deliveryGate("worker-b", 30_000)).toEqual({ open: true, probe: false });
    await store.holdDeliveries(later(20_000), 429);
    expect(await claim(store, "worker-b")).toEqual([]);
    expect(await store.claimEarly({ worker: "worker-b", leaseMs: 30_000 })).toBeNull();
    // Once it has passed, the probe's worker claims the lead due first.
    clock = later(20_000);
    expect(await store.deliveryGate("worker-b", 30_000)).toEqual({ open: true, probe: true });
    expect((await claim(store, "worker-b")).map((lead) => lead.id)).toEqual([due.id]);
  });

  it("gives up a probe without lifting the hold, and keeps a hold that came during a probe", async () => {
    const store = await open();
    await store.holdDeliveries(later(1_000), 429);
    clock = later(1_000);
    expect(await store.deliveryGate("worker-a", 30_000)).toEqual({ open: true, probe: true });
    await store.endProbe("worker-a", false);
    expect(await store.deliveryGate("worker-b", 30_000)).toEqual({ open: true, probe: true });
    await store.holdDeliveries(later(10_000), 429);
    await store.endProbe("worker-b", true);
    expect(await store.deliveryGate("worker-a", 30_000)).toMatchObject({ open: false, until: later(10_000) });
  });

  it("shares one secret, made by whichever instance asks first", async () => {
    const first = await open();
    const second = await open();
    const made = await first.sharedSecret("form-token", () => "secret-one");
    expect(made).toBe("secret-one");
    expect(await second.sharedSecret("form-token", () => "secret-two")).toBe("secret-one");
    expect(await second.sharedSecret("other", () => "secret-three")).toBe("secret-three");
  });

  it("shares small values by prefix, each changed only by a writer who saw its current value", async () => {
    const first = await open();
    const second = await open();
    expect(await first.swapSetting("event-revision:a", null, "one")).toBe(true);
    expect(await second.swapSetting("event-revision:a", null, "other")).toBe(false);
    expect(await second.swapSetting("event-revision:a", "stale", "other")).toBe(false);
    expect(await second.swapSetting("event-revision:a", "one", "two")).toBe(true);
    expect(await first.swapSetting("event-revision:a", "one", "three")).toBe(false);
    expect(await first.swapSetting("event-revision:b_%", null, "b")).toBe(true);
    await first.sharedSecret("form-token", () => "secret");
    // A prefix is plain text: "_" and "%" match only themselves.
    expect(await second.readSettings("event-revision:")).toEqual(
      new Map([
        ["event-revision:a", "two"],
        ["event-revision:b_%", "b"],
      ]),
    );
    expect(await second.readSettings("event-revision:b_")).toEqual(new Map([["event-revision:b_%", "b"]]));
    expect(await second.readSettings("event-revision:_")).toEqual(new Map());
  });

  it("gives a periodic task to one claim per period", async () => {
    const first = await open();
    const second = await open();
    expect(await first.claimPeriodicTask("retention", 24 * 60 * 60_000)).toBe(true);
    expect(await second.claimPeriodicTask("retention", 24 * 60 * 60_000)).toBe(false);
    expect(await second.claimPeriodicTask("other", 24 * 60 * 60_000)).toBe(true);
    clock = later(23 * 60 * 60_000);
    expect(await second.claimPeriodicTask("retention", 24 * 60 * 60_000)).toBe(false);
    clock = later(60 * 60_000);
    const claims = await Promise.all([first, second].map((store) => store.claimPeriodicTask("retention", 86_400_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it("knows which servers use it", async () => {
    const store = await open();
    await store.recordInstance("host:1", true);
    clock = later(20_000);
    await store.recordInstance("host:2", true);
    expect((await store.activeInstances(30_000)).map((item) => item.instance).sort()).toEqual(["host:1", "host:2"]);
    expect((await store.activeInstances(10_000)).map((item) => item.instance)).toEqual(["host:2"]);
    await store.recordInstance("host:2", false);
    expect(await store.activeInstances(30_000)).toEqual([{ instance: "host:1", seenAt: later(-20_000).toISOString() }]);
  });

  it("lets a worker claim early the lead due soonest among those waiting for an unavailable webhook", async () => {
    const store = await open();
    const [later1, sooner, rejected] = await Promise.all(
      ["a", "b", "c"].map((name) => store.create({ ...submission, name })),
    );
    expect(await store.claimEarly({ worker: "worker-a", leaseMs: 30_000 })).toBeNull();
    await claim(store);
    await fail(store, later1!.id, 503, 600_000);
    await fail(store, sooner!.id, null, 300_000);
    await fail(store, rejected!.id, 400, 60_000);
    const probe = await store.claimEarly({ worker: "worker-a", leaseMs: 30_000 });
    expect(probe).toMatchObject({ id: sooner!.id, claimedBy: "worker-a" });
    expect(await store.claimEarly({ worker: "worker-b", leaseMs: 30_000 })).toMatchObject({ id: later1!.id });
    expect(await store.claimEarly({ worker: "worker-c", leaseMs: 30_000 })).toBeNull();
  });

  it("still has every pending lead after it is closed and opened again", async () => {
    const first = await open();
    const a = await first.create(submission);
    clock = later(1_000);
    const b = await first.create({ ...submission, name: "Second Person" });
    await first.markDelivered(a.id);
    await first.close();
    const reopened = await open();
    expect((await reopened.list("pending")).map((lead) => lead.id)).toEqual([b.id]);
    expect((await reopened.list()).map((lead) => lead.id)).toEqual([b.id, a.id]);
  });

  it("makes failed leads due again on request", async () => {
    const store = await open();
    const lead = await store.create(submission);
    await claim(store);
    await fail(store, lead.id, null, 3_600_000);
    expect(await store.retry({ allFailed: true })).toBe(1);
    expect(await claim(store)).toHaveLength(1);
    expect(await store.retry("lead_unknown")).toBe(0);
  });

  it("deletes one lead, erases a person's leads whatever the case, and purges old delivered ones", async () => {
    const store = await open();
    const jordan = await store.create(submission);
    const jordanAgain = await store.create({ ...submission, email: "Jordan.Reyes@Example.com" });
    const sam = await store.create({ ...submission, name: "Sam Lee", email: "sam@example.com" });
    const kim = await store.create({ ...submission, name: "Kim Park", email: "kim@example.com" });
    await store.markDelivered(sam.id);
    clock = later(86_400_000);
    await store.markDelivered(kim.id);

    expect(await store.erase("jordan.reyes@example.com")).toBe(2);
    expect(await store.get(jordan.id)).toBeNull();
    expect(await store.get(jordanAgain.id)).toBeNull();
    expect(await store.purgeDelivered(new Date("2026-03-06T00:00:00.000Z"))).toBe(1);
    expect(await store.get(sam.id)).toBeNull();
    expect(await store.delete(kim.id)).toBe(1);
    expect(await store.delete(kim.id)).toBe(0);
    expect(await store.list()).toEqual([]);
  });

  it("answers the readiness write probe", async () => {
    const store = await open();
    await expect(store.probeWrite()).resolves.toBeUndefined();
  });

  it("counts the contact limit per client, across every store that shares it", async () => {
    const [first, second] = [await open(), await open()];
    const limits = [first, second].map((store) => store.contactLimiter({ limit: 3, windowMs: 600_000 }));
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => limits[index % 2]!.attempt("203.0.113.7")),
    );
    const allowed = answers.filter((answer) => answer.allowed).length;
    // In PostgreSQL both instances count together; the SQLite store keeps its count in the process.
    expect(allowed).toBe(backend.name === "PostgreSQL" ? 3 : 6);
    expect(await limits[0]!.attempt("198.51.100.1")).toEqual({ allowed: true });
    if (backend.name === "PostgreSQL") {
      expect(await limits[1]!.attempt("203.0.113.7")).toEqual({ allowed: false, retryAfterSeconds: 600 });
      clock = later(600_001);
      expect(await limits[1]!.attempt("203.0.113.7")).toEqual({ allowed: true });
    }
  });

  it("exports CSV with quoting and formula-safe cells", async () => {
    const store = await open();
    await store.create({ ...submission, name: '=HYPERLINK("x")', phone: "+1 870-555-0199" });
    const csv = leadsToCsv(await store.list());
    const [header, row] = csv.split("\r\n");
    expect(header).toBe(
      "id,created_at,name,email,phone,interests,referral_source,status,attempts,next_attempt_at,delivered_at,last_error,spam_reason",
    );
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain("'+1 870-555-0199");
    expect(row).toContain('"coworking-space, think-lounge"');
  });
});

describe("SQLite under lock contention", () => {
  it("waits for another connection's write lock without blocking the event loop", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "leads-locked-"));
    const store = await openLeadStore({ dataDir });
    const { DatabaseSync } = await import("node:sqlite");
    const other = new DatabaseSync(path.join(dataDir, "leads.sqlite"));
    try {
      other.exec("BEGIN IMMEDIATE");
      // The lock is released by a timer in this same process: a store that waited for it
      // synchronously (a long busy_timeout) would block that timer and fail with "database is locked".
      setTimeout(() => other.exec("COMMIT"), 300);
      const lead = await store.create(submission);
      expect(await store.get(lead.id)).toMatchObject({ status: "pending" });
    } finally {
      other.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("a lead store from before submission ids", () => {
  const pending = ["lead_from-before", "2026-03-01T09:00:00.000Z", "Sam Lee", "sam@example.com", "870-555-0100"];

  it("in SQLite gains the new columns and keeps its leads", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "leads-v2-"));
    const { DatabaseSync } = await import("node:sqlite");
    const old = new DatabaseSync(path.join(dataDir, "leads.sqlite"));
    old.exec(`
      CREATE TABLE leads (id TEXT PRIMARY KEY, created_at TEXT NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL,
        phone TEXT NOT NULL, interests TEXT NOT NULL, referral_source TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'delivered')), attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL, last_error TEXT, delivered_at TEXT, mirror_status TEXT,
        claimed_by TEXT, claimed_until TEXT);
      CREATE TABLE store_health (id INTEGER PRIMARY KEY, checked_at TEXT NOT NULL);
      PRAGMA user_version = 2;`);
    old
      .prepare(
        "INSERT INTO leads VALUES (?, ?, ?, ?, ?, '[\"partnership\"]', 'Event', 'pending', 2, ?, 'webhook answered 503', NULL, NULL, NULL, NULL)",
      )
      .run(...pending, pending[1]!);
    old.close();
    const store = await openLeadStore({ dataDir });
    try {
      expect(await store.get("lead_from-before")).toMatchObject({ attempts: 2, lastStatus: null, status: "pending" });
      expect((await store.createOnce(submission, "form-0a1b2c3d4e5f6a7b")).repeat).toBe(false);
      expect((await store.createOnce(submission, "form-0a1b2c3d4e5f6a7b")).repeat).toBe(true);
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("in PostgreSQL gains the new columns and keeps its leads", async () => {
    const url = await database.createDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`
        CREATE TABLE lead_schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
        INSERT INTO lead_schema_migrations (version) VALUES (1);
        CREATE TABLE leads (id text PRIMARY KEY, created_at timestamptz NOT NULL, name text NOT NULL, email text NOT NULL,
          phone text NOT NULL, interests jsonb NOT NULL, referral_source text NOT NULL,
          status text NOT NULL CHECK (status IN ('pending', 'delivered')), attempts integer NOT NULL DEFAULT 0,
          next_attempt_at timestamptz NOT NULL, last_error text, delivered_at timestamptz, mirror_status text,
          claimed_by text, claimed_until timestamptz);
        CREATE TABLE contact_attempts (client_key text NOT NULL, at timestamptz NOT NULL);
        CREATE TABLE store_health (id integer PRIMARY KEY, checked_at timestamptz NOT NULL);`);
      await client.query(
        `INSERT INTO leads (id, created_at, name, email, phone, interests, referral_source, status, attempts, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, '["partnership"]', 'Event', 'pending', 2, $2)`,
        pending,
      );
    } finally {
      await client.end();
    }
    const store = await openLeadStore({ dataDir: "unused", databaseUrl: url });
    try {
      expect(await store.get("lead_from-before")).toMatchObject({ attempts: 2, lastStatus: null, status: "pending" });
      expect((await store.createOnce(submission, "form-0a1b2c3d4e5f6a7b")).repeat).toBe(false);
      expect((await store.createOnce(submission, "form-0a1b2c3d4e5f6a7b")).repeat).toBe(true);
    } finally {
      await store.close();
    }
  });
});

describe("PostgreSQL when a statement runs long or its answer is lost", () => {
  const stores: LeadStore[] = [];
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    await admin((client) =>
      client.query(
        "DROP TABLE IF EXISTS leads, spam_leads, lead_settings, delivery_hold, contact_attempts, store_health, lead_schema_migrations",
      ),
    );
  });

  it("closes a connection whose query timed out inside a transaction, never handing it to the next visitor", async () => {
    const target = new URL(database.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
    try {
      // One connection, so the next visitor would get the very connection that timed out.
      const store = await openPostgresLeadStore({
        url: proxy.via(database.url),
        poolSize: 1,
        timeouts: { queryMs: 500, statementMs: 400, idleInTransactionMs: 5_000 },
      });
      stores.push(store);
      const limiter = store.contactLimiter({ limit: 100, windowMs: 600_000 });
      // The database gets the contact limit's BEGIN, but its answer never arrives in time.
      proxy.stall("answers");
      await expect(limiter.attempt("203.0.113.7")).rejects.toThrow(/timeout/i);
      proxy.resume();
      const lead = await store.create(submission);
      // Committed, so another connection sees it (inside the abandoned transaction it would not be).
      const { rows } = await admin((client) => client.query("SELECT id FROM leads WHERE id = $1", [lead.id]));
      expect(rows).toEqual([{ id: lead.id }]);
    } finally {
      await proxy.close();
    }
  });

  it("cancels a long statement on the server before the client gives up, so a failed insert never commits later", async () => {
    const store = await openPostgresLeadStore({
      url: database.url,
      timeouts: { queryMs: 3_000, statementMs: 500, idleInTransactionMs: 5_000 },
    });
    stores.push(store);
    await admin(async (client) => {
      await client.query("BEGIN");
      await client.query("LOCK TABLE leads IN ACCESS EXCLUSIVE MODE");
      await expect(store.create(submission)).rejects.toThrow(/statement timeout/);
      await client.query("COMMIT");
      // An insert still waiting for the lock would take it first, and commit, before this count.
      await client.query("BEGIN");
      await client.query("LOCK TABLE leads IN ACCESS EXCLUSIVE MODE");
      const { rows } = await client.query<{ count: string }>("SELECT COUNT(*) AS count FROM leads");
      await client.query("COMMIT");
      expect(rows[0]!.count).toBe("0");
    });
  });
});

describe("masking", () => {
  it("hides most of an email address and a phone number, and a database password", () => {
    expect(maskEmail("jordan.reyes@example.com")).toBe("j***@e***.com");
    expect(maskPhone("(870) 555-0199")).toBe("***99");
    expect(describeDatabaseUrl("postgres://hub:s3cret@db.internal:5432/hub")).toBe("PostgreSQL db.internal:5432/hub");
  });
});
