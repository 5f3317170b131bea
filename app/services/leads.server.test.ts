import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ContactSubmission } from "~/lib/contact";
import { leadsToCsv, type LeadStore, maskEmail, maskPhone, openLeadStore } from "./leads.server";

const submission: ContactSubmission = {
  name: "Jordan Reyes",
  email: "jordan.reyes@example.com",
  phone: "(870) 555-0199",
  interests: ["coworking-space", "think-lounge"],
  referralSource: "Event",
};

let dataDir: string;
let clock: Date;
const stores: LeadStore[] = [];

async function open(): Promise<LeadStore> {
  const store = await openLeadStore({ dataDir, now: () => clock });
  stores.push(store);
  return store;
}

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "leads-"));
  clock = new Date("2026-03-05T12:00:00.000Z");
});

afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("lead store", () => {
  it("stores a lead as pending and due at once", async () => {
    const store = await open();
    const lead = store.create(submission);
    expect(lead).toMatchObject({ ...submission, status: "pending", attempts: 0, nextAttemptAt: clock.toISOString() });
    expect(lead.id).toMatch(/^lead_[0-9a-f-]{36}$/);
    expect(store.due().map((due) => due.id)).toEqual([lead.id]);
    expect(store.stats()).toEqual({ pending: 1, retrying: 0, delivered: 0, oldestPendingAt: clock.toISOString() });
  });

  it("keeps a failed lead pending until its next attempt, then delivers it", async () => {
    const store = await open();
    const lead = store.create(submission);
    store.recordFailure(lead.id, "webhook answered 503", new Date(clock.getTime() + 60_000));
    expect(store.due()).toEqual([]);
    expect(store.get(lead.id)).toMatchObject({ attempts: 1, lastError: "webhook answered 503" });
    clock = new Date(clock.getTime() + 60_000);
    expect(store.due()).toHaveLength(1);
    store.markDelivered(lead.id);
    expect(store.get(lead.id)).toMatchObject({ status: "delivered", attempts: 2, lastError: null });
    expect(store.due()).toEqual([]);
    expect(store.stats()).toMatchObject({ pending: 0, delivered: 1 });
  });

  it("still has every pending lead after it is closed and opened again", async () => {
    const first = await open();
    const a = first.create(submission);
    const b = first.create({ ...submission, name: "Second Person" });
    first.markDelivered(a.id);
    first.close();
    const reopened = await open();
    expect(reopened.list("pending").map((lead) => lead.id)).toEqual([b.id]);
    expect(
      reopened
        .list()
        .map((lead) => lead.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
  });

  it("makes failed leads due again on request", async () => {
    const store = await open();
    const lead = store.create(submission);
    store.recordFailure(lead.id, "webhook unreachable", new Date(clock.getTime() + 3_600_000));
    expect(store.retry({ allFailed: true })).toBe(1);
    expect(store.due()).toHaveLength(1);
    expect(store.retry("lead_unknown")).toBe(0);
  });

  it("exports CSV with quoting and formula-safe cells", async () => {
    const store = await open();
    store.create({ ...submission, name: '=HYPERLINK("x")', phone: "+1 870-555-0199" });
    const csv = leadsToCsv(store.list());
    const [header, row] = csv.split("\r\n");
    expect(header).toBe(
      "id,created_at,name,email,phone,interests,referral_source,status,attempts,next_attempt_at,delivered_at,last_error",
    );
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain("'+1 870-555-0199");
    expect(row).toContain('"coworking-space, think-lounge"');
  });
});

describe("masking", () => {
  it("hides most of an email address and a phone number", () => {
    expect(maskEmail("jordan.reyes@example.com")).toBe("j***@e***.com");
    expect(maskPhone("(870) 555-0199")).toBe("***99");
  });
});
