import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SiteEvent } from "~/domain/events";
import {
  createEventRevisions,
  nextSequence,
  REVISION_PREFIX,
  type RevisionStore,
  revisionTime,
} from "./event-revisions.server";
import { type LeadStore, openLeadStore } from "./leads";

const event: SiteEvent = {
  uuid: "3f1c2a9e-0000-5000-8000-000000000001",
  title: "Founders' Breakfast",
  description: "Biscuits and coffee.",
  slug: "founders-breakfast",
  startDate: "2026-11-05T13:30:00.000Z",
  endDate: "2026-11-05T15:00:00.000Z",
  price: 10,
  cancelled: false,
  coverUrl: "/covers/founders-breakfast.webp",
  rsvpUrl: "/_demo/events/ozark-foundry/public/events/founders-breakfast",
};
const other: SiteEvent = { ...event, uuid: "3f1c2a9e-0000-5000-8000-000000000002", title: "Tech Meetup" };

let dataDir: string;
let stores: LeadStore[];
let clock: Date;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "revisions-"));
  stores = [];
  clock = new Date("2026-10-01T12:00:00.000Z");
});

afterEach(async () => {
  await Promise.all(stores.map((store) => store.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

/** A real SQLite lead store in the test's folder (a second one opened on the same folder is another instance). */
async function openStore(): Promise<LeadStore> {
  const store = await openLeadStore({ dataDir });
  stores.push(store);
  return store;
}

const revisionsOver = (store: RevisionStore) => createEventRevisions({ store, now: () => clock });

describe("event revisions", () => {
  it("keeps an unchanged event's revision, and raises it when what a subscriber sees changes", async () => {
    const revisions = revisionsOver(await openStore());
    const first = (await revisions.revisionsOf([event, other])).get(event.uuid)!;
    expect(first).toEqual({ sequence: nextSequence(null, clock), modifiedAt: "2026-10-01T12:00:00.000Z" });

    clock = new Date("2026-10-02T08:00:00.000Z");
    expect((await revisions.revisionsOf([event])).get(event.uuid)).toEqual(first);

    const moved = { ...event, startDate: "2026-11-12T13:30:00.000Z", endDate: "2026-11-12T15:00:00.000Z" };
    const afterMove = (await revisions.revisionsOf([moved, other])).get(event.uuid)!;
    expect(afterMove.sequence).toBeGreaterThan(first.sequence);
    expect(afterMove.modifiedAt).toBe("2026-10-02T08:00:00.000Z");

    clock = new Date("2026-10-02T08:00:30.000Z");
    const afterCancel = (await revisions.revisionsOf([{ ...moved, cancelled: true }])).get(event.uuid)!;
    expect(afterCancel.sequence).toBe(afterMove.sequence + 1);
    expect(afterCancel.modifiedAt).toBe("2026-10-02T08:00:30.000Z");
  });

  it("does not count what a subscriber does not see (its price, its cover)", async () => {
    const revisions = revisionsOver(await openStore());
    const first = (await revisions.revisionsOf([event])).get(event.uuid);
    clock = new Date("2026-10-05T00:00:00.000Z");
    const repriced = { ...event, price: 12, coverUrl: "/covers/other.webp" };
    expect((await revisions.revisionsOf([repriced])).get(event.uuid)).toEqual(first);
  });

  it("survives a restart: the store keeps every revision", async () => {
    const before = await revisionsOver(await openStore()).revisionsOf([event, other]);
    await stores[0]!.close();
    clock = new Date("2026-12-01T00:00:00.000Z");
    expect(await revisionsOver(await openStore()).revisionsOf([event, other])).toEqual(before);
  });

  it("never goes back, even when the revisions are lost", async () => {
    const store = await openStore();
    const revisions = revisionsOver(store);
    const moved = { ...event, title: "Founders' Breakfast (new room)" };
    await revisions.revisionsOf([event]);
    clock = new Date("2026-10-01T12:00:10.000Z");
    const raised = (await revisions.revisionsOf([moved])).get(event.uuid)!;
    // The settings are gone (a store restored from an older backup, a move to another database).
    const fresh = revisionsOver({ readSettings: async () => new Map(), swapSetting: async () => true });
    clock = new Date("2026-10-01T12:05:00.000Z");
    expect((await fresh.revisionsOf([moved])).get(event.uuid)!.sequence).toBeGreaterThan(raised.sequence);
  });

  it("gives two instances the same revision for a change both see at once", async () => {
    const [a, b] = [revisionsOver(await openStore()), revisionsOver(await openStore())];
    await a.revisionsOf([event]);
    clock = new Date("2026-10-03T00:00:00.000Z");
    const moved = { ...event, startDate: "2026-11-06T13:30:00.000Z" };
    const [fromA, fromB] = await Promise.all([a.revisionsOf([moved]), b.revisionsOf([moved])]);
    expect(fromB.get(event.uuid)).toEqual(fromA.get(event.uuid));
    clock = new Date("2026-10-04T00:00:00.000Z");
    expect((await b.revisionsOf([moved])).get(event.uuid)).toEqual(fromA.get(event.uuid));
  });

  it("goes on from another instance's change that came between its read and its write", async () => {
    const store = await openStore();
    await revisionsOver(store).revisionsOf([event]);
    const key = `${REVISION_PREFIX}${event.uuid}`;
    const moved = { ...event, startDate: "2026-11-06T13:30:00.000Z" };
    let raced = false;
    // Another instance saves the same change just after this one read the revisions.
    const racing: RevisionStore = {
      readSettings: (prefix) => store.readSettings(prefix),
      async swapSetting(name, expected, value) {
        if (!raced) {
          raced = true;
          clock = new Date("2026-10-01T12:30:00.000Z");
          await revisionsOver(store).revisionsOf([moved]);
        }
        return store.swapSetting(name, expected, value);
      },
    };
    clock = new Date("2026-10-01T12:20:00.000Z");
    const revision = (await revisionsOver(racing).revisionsOf([moved])).get(event.uuid);
    expect(revision?.modifiedAt).toBe("2026-10-01T12:30:00.000Z");
    expect(JSON.parse((await store.readSettings(key)).get(key)!)).toMatchObject(revision!);
  });

  it("treats a value it cannot read as no revision, and replaces it", async () => {
    const store = await openStore();
    await store.swapSetting(`${REVISION_PREFIX}${event.uuid}`, null, "{not json");
    const revision = (await revisionsOver(store).revisionsOf([event])).get(event.uuid);
    expect(revision).toEqual({ sequence: nextSequence(null, clock), modifiedAt: clock.toISOString() });
  });

  it("fails, rather than guess, when a store cannot be written", async () => {
    const stuck: RevisionStore = { readSettings: async () => new Map(), swapSetting: async () => false };
    await expect(revisionsOver(stuck).revisionsOf([event])).rejects.toThrow(/kept changing/);
  });
});

describe("nextSequence", () => {
  it("counts minutes since 2020, and always rises by at least one", () => {
    expect(nextSequence(null, new Date("2020-01-01T00:00:00Z"))).toBe(0);
    expect(nextSequence(null, new Date("2020-01-01T01:00:59Z"))).toBe(60);
    expect(nextSequence(60, new Date("2020-01-01T01:00:59Z"))).toBe(61);
    expect(nextSequence(1_000, new Date("2020-01-01T01:00:00Z"))).toBe(1_001);
  });
});

describe("revisionTime", () => {
  it("is whole seconds, and at least a second after the revision before", () => {
    expect(revisionTime(new Date("2026-10-01T12:00:00.750Z"), null).toISOString()).toBe("2026-10-01T12:00:00.000Z");
    expect(revisionTime(new Date("2026-10-01T12:00:00.750Z"), "2026-10-01T12:00:00.000Z").toISOString()).toBe(
      "2026-10-01T12:00:01.000Z",
    );
    expect(revisionTime(new Date("2026-10-01T12:00:09.100Z"), "2026-10-01T12:00:00.000Z").toISOString()).toBe(
      "2026-10-01T12:00:09.000Z",
    );
  });
});
