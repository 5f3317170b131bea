/**
 * What the lead delivery's unit tests share (delivery*.server.test.ts): a store in a folder of the
 * test's own, the demo's webhook sink, and `setup` for a worker on them with the options a test
 * shortens. The tests are in several files so that Vitest runs them side by side: most of their time
 * is spent waiting for retries and leases on real timers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, vi } from "vitest";
import { startWebhookSink, type WebhookSink } from "../../../demo/webhook.ts";
import type { ContactSubmission } from "~/domain/contact";
import { type LeadStore, openLeadStore } from "./index.ts";
import { createLeadDelivery, type LeadDelivery, type LeadDeliveryOptions } from "./delivery.server.ts";

export const submission: ContactSubmission = {
  name: "Jordan Reyes",
  email: "jordan.reyes@example.com",
  phone: "(870) 555-0199",
  interests: ["coworking-space", "think-lounge"],
  referralSource: "Event",
};

export let dataDir: string;
export let sink: WebhookSink;
const open: { stores: LeadStore[]; workers: LeadDelivery[] } = { stores: [], workers: [] };
export const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

/** Replaces the test's webhook sink with one started with `options` (a webhook that answers its own way). */
export async function replaceSink(options: Parameters<typeof startWebhookSink>[0]): Promise<WebhookSink> {
  await sink.close();
  sink = await startWebhookSink(options);
  return sink;
}

/** Closes the store and stops the worker after the test (for those a test opens itself). */
export function closeAfterTest({ store, worker }: { store?: LeadStore; worker?: LeadDelivery }): void {
  if (store) open.stores.push(store);
  if (worker) open.workers.push(worker);
}

/** Gives each test of the calling file a fresh folder and webhook sink, and closes what it opened. */
export function setUpEachTest(): void {
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
}

/**
 * A store in the test's folder and a worker posting to the test's sink: the shortest retries (random
 * is 0) and a 2 s post timeout unless the test says otherwise.
 */
export async function setup({
  mirror = false,
  wrap = (store: LeadStore) => store,
  webhookPath = "/hooks/leads",
  ...options
}: {
  mirror?: boolean;
  wrap?: (store: LeadStore) => LeadStore;
  webhookPath?: string;
} & Omit<LeadDeliveryOptions, "store" | "webhookUrl" | "mirrorUrl" | "log"> = {}) {
  const store = await openLeadStore({ dataDir });
  const worker = createLeadDelivery({
    timeoutMs: 2_000,
    firstRetryMs: 5_000,
    random: () => 0,
    ...options,
    store: wrap(store),
    webhookUrl: `${sink.url}${webhookPath}`,
    mirrorUrl: mirror ? `${sink.url}/mirror` : null,
    log,
  });
  closeAfterTest({ store, worker });
  return { store, worker };
}

export const webhookPosts = () => sink.received().filter((post) => post.path === "/hooks/leads");

export const people = (count: number) => Array.from({ length: count }, (_, index) => `Person ${index}`);
