import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ContactSubmission } from "~/domain/contact";
import { startLeadHousekeeping } from "./housekeeping.server.ts";
import { openLeadStore } from "./open-store.server.ts";
import type { LeadStore } from "./store.server.ts";

const submission: ContactSubmission = {
  name: "Jordan Reyes",
  email: "jordan.reyes@example.com",
  phone: "(870) 555-0199",
  interests: ["coworking-space"],
  referralSource: "Event",
};
const DAY = 24 * 60 * 60_000;

let clock: Date;
let dataDir: string;
let stores: LeadStore[];
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

beforeEach(() => {
  clock = new Date("2026-03-05T12:00:00.000Z");
  dataDir = mkdtempSync(path.join(tmpdir(), "leads-housekeeping-"));
  stores = [];
  log.info.mockClear();
});

afterEach(async () => {
  for (const store of stores) await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function open(): Promise<LeadStore> {
  const store = await openLeadStore({ dataDir, now: () => clock });
  stores.push(store);
  return store;
}

describe("lead housekeeping", () => {
  it("deletes, once a day and by one instance, delivered leads past the retention and spam held 30 days; never a pending lead", async () => {
    const store = await open();
    const at = (daysAgo: number) => {
      clock = new Date(Date.parse("2026-03-05T12:00:00.000Z") - daysAgo * DAY);
    };
    at(400);
    const oldPending = await store.create({ ...submission, name: "Waiting Since Long" });
    const oldDelivered = await store.create({ ...submission, name: "Old Delivered" });
    await store.markDelivered(oldDelivered.id);
    const oldSpam = await store.create({ ...submission, name: "Old Spam" }, { spamReason: "honeypot filled" });
    at(366);
    const justPast = await store.create({ ...submission, name: "Just Past" });
    await store.markDelivered(justPast.id);
    at(364);
    const kept = await store.create({ ...submission, name: "Kept" });
    await store.markDelivered(kept.id);
    at(29);
    const recentSpam = await store.create({ ...submission, name: "Recent Spam" }, { spamReason: "honeypot filled" });
    at(0);

    const first = startLeadHousekeeping({ store, retentionDays: 365, instance: "a", now: () => clock, log });
    const second = startLeadHousekeeping({
      store: await open(),
      retentionDays: 365,
      instance: "b",
      now: () => clock,
      log,
    });
    try {
      await vi.waitFor(() => expect(log.info).toHaveBeenCalledTimes(1));
      expect(log.info).toHaveBeenCalledWith(
        expect.stringMatching(
          /^Lead retention: deleted 2 lead\(s\) delivered over 365 days ago .* and 1 suspected spam/,
        ),
      );
      const left = (await store.list()).map((lead) => lead.id).sort();
      expect(left).toEqual([oldPending.id, kept.id, recentSpam.id].sort());
      // Each server says it uses the store until it stops.
      expect((await store.activeInstances(30_000)).map((item) => item.instance).sort()).toEqual(["a", "b"]);
      expect(await first.runRetention()).toEqual({ ran: false, delivered: 0, spam: 0 });
      expect(await second.runRetention()).toEqual({ ran: false, delivered: 0, spam: 0 });
      clock = new Date(clock.getTime() + 2 * DAY);
      expect(await second.runRetention()).toEqual({ ran: true, delivered: 1, spam: 1 });
      expect((await store.list()).map((lead) => lead.id)).toEqual([oldPending.id]);
      expect(await store.get(oldSpam.id)).toBeNull();
    } finally {
      await first.stop();
      await second.stop();
    }
    expect(await store.activeInstances(30_000)).toEqual([]);
  });
});
