import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startWebhookSink, type WebhookSink } from "../../../demo/webhook.ts";
import type { ContactSubmission } from "~/domain/contact";
import { createLeadDelivery, type LeadDeliveryOptions, type PostOutcome } from "./delivery.server.ts";
import { type LeadStore, openLeadStore } from "./index.ts";

/**
 * Lead posts as a receiver sees them: signed per Standard Webhooks (checked with the specification's
 * own `standardwebhooks` package, and by the demo sink), through a rotation; and the outcome of each
 * post, as the metrics are told it.
 */

const submission: ContactSubmission = {
  name: "Jordan Reyes",
  email: "jordan.reyes@example.com",
  phone: "(870) 555-0199",
  interests: ["coworking-space", "think-lounge"],
  referralSource: "Event",
};

const secret = (fill: number) => `whsec_${Buffer.alloc(32, fill).toString("base64")}`;
const OLD = secret(11);
const NEW = secret(22);

interface SentPost {
  body: string;
  headers: Record<string, string>;
}

let dataDir: string;
const open: { stores: LeadStore[]; stops: (() => Promise<void>)[] } = { stores: [], stops: [] };
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "lead-signing-"));
});

afterEach(async () => {
  for (const stop of open.stops.splice(0)) await stop();
  for (const store of open.stores.splice(0)) await store.close();
  rmSync(dataDir, { recursive: true, force: true });
  vi.clearAllMocks();
});

/** A worker posting to a sink that checks signatures with `sinkSecrets`; every post's raw body and headers kept. */
async function setup(options: { sinkSecrets: string[] } & Partial<LeadDeliveryOptions>) {
  const { sinkSecrets, ...workerOptions } = options;
  const sink: WebhookSink = await startWebhookSink({ secrets: sinkSecrets });
  const store = await openLeadStore({ dataDir });
  const sent: SentPost[] = [];
  const recordingFetch: typeof fetch = (input, init) => {
    sent.push({ body: String(init?.body), headers: { ...(init?.headers as Record<string, string>) } });
    return fetch(input, init);
  };
  const worker = createLeadDelivery({
    store,
    webhookUrl: `${sink.url}/hooks/leads`,
    log,
    timeoutMs: 2_000,
    random: () => 0,
    fetch: recordingFetch,
    ...workerOptions,
  });
  open.stores.push(store);
  open.stops.push(
    () => worker.stop(),
    () => sink.close(),
  );
  return { sink, store, worker, sent };
}

describe("signed lead posts", () => {
  it("carry webhook-id (the lead id, as Idempotency-Key), a timestamp and a signature the reference library verifies", async () => {
    const { sink, store, worker, sent } = await setup({ sinkSecrets: [OLD], signingSecrets: [OLD] });
    const lead = await store.create(submission);
    const before = Math.floor(Date.now() / 1000);
    worker.start();
    await vi.waitFor(async () => expect((await store.get(lead.id))?.status).toBe("delivered"));

    const [post, ...more] = sent;
    expect(more).toEqual([]);
    expect(post!.headers["webhook-id"]).toBe(lead.id);
    expect(post!.headers["Idempotency-Key"]).toBe(lead.id);
    expect(Number(post!.headers["webhook-timestamp"])).toBeGreaterThanOrEqual(before);
    expect(Number(post!.headers["webhook-timestamp"])).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(new Webhook(OLD).verify(post!.body, post!.headers)).toEqual(submission);
    // The demo sink checked it too, as the receiver would.
    expect(sink.received().map((received) => received.verified)).toEqual([true]);
  });

  it("during a rotation verify with the old secret alone and with the new one alone", async () => {
    const onlyOld = await setup({ sinkSecrets: [OLD], signingSecrets: [OLD, NEW] });
    const lead = await onlyOld.store.create(submission);
    onlyOld.worker.start();
    await vi.waitFor(async () => expect((await onlyOld.store.get(lead.id))?.status).toBe("delivered"));
    const [post] = onlyOld.sent;
    expect(post!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(new Webhook(OLD).verify(post!.body, post!.headers)).toEqual(submission);
    expect(new Webhook(NEW).verify(post!.body, post!.headers)).toEqual(submission);
    expect(() => new Webhook(secret(33)).verify(post!.body, post!.headers)).toThrow(/No matching signature/);

    // A receiver that has moved on to the new secret takes the same worker's posts as well.
    await onlyOld.worker.stop();
    await onlyOld.store.close();
    open.stores.splice(open.stores.indexOf(onlyOld.store), 1);
    const onlyNew = await setup({ sinkSecrets: [NEW], signingSecrets: [OLD, NEW] });
    const next = await onlyNew.store.create({ ...submission, name: "Ada Byrne" });
    onlyNew.worker.start();
    await vi.waitFor(async () => expect((await onlyNew.store.get(next.id))?.status).toBe("delivered"));
    expect(onlyNew.sink.received().map((received) => [received.verified, received.headers["webhook-id"]])).toEqual([
      [true, next.id],
    ]);
    expect(new Webhook(NEW).verify(onlyNew.sent.at(-1)!.body, onlyNew.sent.at(-1)!.headers)).toMatchObject({
      name: "Ada Byrne",
    });
  });

  it("are refused (401, kept pending) by a receiver whose secret signed none of them, and unsigned ones too", async () => {
    const outcomes: PostOutcome[] = [];
    const { sink, store, worker, sent } = await setup({
      sinkSecrets: [NEW],
      signingSecrets: [OLD],
      onPostOutcome: (outcome) => outcomes.push(outcome),
    });
    const lead = await store.create(submission);
    worker.start();
    await vi.waitFor(async () => expect((await store.get(lead.id))?.attempts).toBe(1));
    expect(await store.get(lead.id)).toMatchObject({ status: "pending", lastStatus: 401 });
    expect(sink.received()).toEqual([]);
    // A 401 refuses every post (a secret being rotated), not this lead: failed, not rejected.
    expect(outcomes).toEqual(["failed"]);
    expect((await store.get(lead.id))?.failureKind).toBe("refused");
    expect(sent).toHaveLength(1);

    const unsigned = await fetch(`${sink.url}/hooks/leads`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": lead.id },
      body: JSON.stringify(submission),
    });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toMatchObject({ error: expect.stringMatching(/^Not signed/) });
    expect(sink.received()).toEqual([]);
  });

  it("are not signed without a secret (and a sink without secrets records them unverified)", async () => {
    const { sink, store, worker, sent } = await setup({ sinkSecrets: [] });
    const lead = await store.create(submission);
    worker.start();
    await vi.waitFor(async () => expect((await store.get(lead.id))?.status).toBe("delivered"));
    expect(Object.keys(sent[0]!.headers).filter((name) => name.startsWith("webhook-"))).toEqual([]);
    expect(sink.received()[0]!.verified).toBe(false);
  });
});

describe("the outcome of each post", () => {
  it("is told as delivered, failed, rejected or timed_out, and a delivery with how long the lead waited", async () => {
    const outcomes: PostOutcome[] = [];
    const waits: number[] = [];
    const { sink, store, worker } = await setup({
      sinkSecrets: [],
      firstRetryMs: 200,
      onPostOutcome: (outcome) => outcomes.push(outcome),
      onDelivered: (waitedMs) => waits.push(waitedMs),
    });
    sink.faults.add({ method: "POST", status: 503, times: 1 });
    sink.faults.add({ method: "POST", status: 422, times: 1 });
    sink.faults.add({ method: "POST", delayMs: 2_500, times: 1 });
    const lead = await store.create(submission);
    worker.start();
    await vi.waitFor(async () => expect((await store.get(lead.id))?.status).toBe("delivered"), { timeout: 10_000 });
    expect(outcomes).toEqual(["failed", "rejected", "timed_out", "delivered"]);
    expect(waits).toHaveLength(1);
    const stored = await store.get(lead.id);
    expect(waits[0]).toBeGreaterThanOrEqual(Date.parse(stored!.deliveredAt!) - Date.parse(lead.createdAt) - 50);
    expect(waits[0]).toBeGreaterThan(2_000);
  }, 15_000);

  it("is failed when nothing listens at the webhook's address", async () => {
    const outcomes: PostOutcome[] = [];
    const { store, worker } = await setup({
      sinkSecrets: [],
      // Port 9 (discard): nothing listens there on a test machine.
      webhookUrl: "http://127.0.0.1:9/hooks/leads",
      onPostOutcome: (outcome) => outcomes.push(outcome),
    });
    await store.create(submission);
    worker.start();
    await vi.waitFor(() => expect(outcomes).toEqual(["failed"]));
  });
});
