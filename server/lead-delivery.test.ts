import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startWebhookSink, type WebhookSink } from "../demo/webhook.ts";
import type { ContactSubmission } from "~/lib/contact";
import { type LeadStore, openLeadStore } from "~/services/leads.server";
import { createLeadDelivery, type LeadDelivery, MAX_RETRY_MS, retryDelayMs } from "./lead-delivery.ts";

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
  for (const store of open.stores.splice(0)) store.close();
  await sink.close();
  rmSync(dataDir, { recursive: true, force: true });
  vi.clearAllMocks();
});

async function setup({ mirror = false, random = () => 0 } = {}) {
  const store = await openLeadStore({ dataDir });
  const worker = createLeadDelivery({
    store,
    webhookUrl: `${sink.url}/hooks/leads`,
    mirrorUrl: mirror ? `${sink.url}/mirror` : null,
    log,
    timeoutMs: 2_000,
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
    const lead = store.create(submission);
    worker.start();
    await vi.waitFor(() => expect(store.get(lead.id)?.status).toBe("delivered"));
    const [post] = webhookPosts();
    expect(post?.contentType).toBe("application/json");
    expect(post?.body).toEqual(submission);
    expect(post?.headers["idempotency-key"]).toBe(lead.id);
    expect(worker.health()).toEqual({ pending: 0, oldestPendingAgeSeconds: null });
  });

  it("keeps a lead the webhook refuses and delivers it once the webhook recovers", async () => {
    const { store, worker } = await setup();
    sink.failNext(2, 503);
    const lead = store.create(submission);
    worker.start();
    await vi.waitFor(() => expect(store.get(lead.id)?.attempts).toBe(1));
    expect(store.get(lead.id)).toMatchObject({ status: "pending", lastError: "webhook answered 503" });
    expect(worker.health().pending).toBe(1);
    // The first retries come after 2.5 and 5 seconds at most (random() = 0 gives the shortest waits).
    await vi.waitFor(() => expect(store.get(lead.id)?.status).toBe("delivered"), { timeout: 12_000 });
    expect(store.get(lead.id)?.attempts).toBe(3);
    expect(webhookPosts()).toHaveLength(1);
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain("jordan.reyes@example.com");
    expect(JSON.stringify(log.warn.mock.calls)).toContain("j***@e***.com");
  }, 20_000);

  it("delivers the leads a stopped worker left pending, once, after a restart", async () => {
    const first = await setup();
    sink.failNext(1, 500);
    const lead = first.store.create(submission);
    first.worker.start();
    await vi.waitFor(() => expect(first.store.get(lead.id)?.attempts).toBe(1));
    await first.worker.stop();
    first.store.close();

    const second = await setup();
    second.store.retry({ allFailed: true });
    second.worker.start();
    await vi.waitFor(() => expect(second.store.get(lead.id)?.status).toBe("delivered"));
    expect(webhookPosts()).toHaveLength(1);
  });

  it("sends the mirror copy as a form post, only after the webhook accepted the lead", async () => {
    const { store, worker } = await setup({ mirror: true });
    sink.failNext(1, 500);
    const lead = store.create(submission);
    worker.start();
    await vi.waitFor(() => expect(store.get(lead.id)?.attempts).toBe(1));
    expect(sink.received().filter((post) => post.path === "/mirror")).toEqual([]);
    await vi.waitFor(() => expect(store.get(lead.id)?.mirrorStatus).toBe("answered 200"), { timeout: 8_000 });
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
    const lead = store.create(submission);
    worker.start();
    await vi.waitFor(() => expect(sink.faults.requests.length).toBeGreaterThan(0));
    await worker.stop();
    expect(store.get(lead.id)?.status).toBe("delivered");
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
