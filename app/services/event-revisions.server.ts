import { createHash } from "node:crypto";
import { z } from "zod";
import type { SiteEvent } from "~/domain/events";
import type { EventRevision } from "~/seo/ics";
import type { LeadStore } from "./leads";

/**
 * Each event's SEQUENCE and LAST-MODIFIED for the events calendar (docs/decisions/035-feeds.md): the events
 * service gives neither, so the site notes a fingerprint of what a subscriber sees of each event (title,
 * description, times, status, page) in the lead store's shared settings, and when the fingerprint
 * changes, the event's revision rises:
 * - LAST-MODIFIED is when the site first saw the event as it is now (to the second, and always later
 *   than the revision before);
 * - SEQUENCE is that moment in minutes since 2020, and always at least one more than before. It is a
 *   counter that rises with every change, and it never goes back, even if the settings are lost (a
 *   restored backup, a move to PostgreSQL): a revision made later is always a higher one.
 * With several instances on one database they share the revisions: a change's first sighting wins, and
 * every instance gives the event the same SEQUENCE.
 */

export const REVISION_PREFIX = "event-revision:";

/** The first minute SEQUENCE counts from. */
const SEQUENCE_EPOCH = Date.UTC(2020, 0, 1);
/** How often a revision that another instance changed at the same moment is read and tried again. */
const MAX_ATTEMPTS = 3;

const storedRevision = z.object({
  fingerprint: z.string(),
  sequence: z.number().int().nonnegative(),
  modifiedAt: z.iso.datetime(),
});

type StoredRevision = z.infer<typeof storedRevision>;

export type RevisionStore = Pick<LeadStore, "readSettings" | "swapSetting">;

export type EventRevisions = ReturnType<typeof createEventRevisions>;

/** What a subscriber sees of an event: a change to any of it is a new revision. */
export function eventFingerprint(event: SiteEvent): string {
  const seen = [event.title, event.description, event.startDate, event.endDate, event.cancelled, event.rsvpUrl];
  return createHash("sha256").update(JSON.stringify(seen)).digest("base64url").slice(0, 22);
}

/** The sequence of a revision made at `at`: a minute count, and more than the one before it. */
export function nextSequence(previous: number | null, at: Date): number {
  const minutes = Math.max(0, Math.floor((at.getTime() - SEQUENCE_EPOCH) / 60_000));
  return previous === null ? minutes : Math.max(previous + 1, minutes);
}

/**
 * When a revision was made, in whole seconds (what LAST-MODIFIED carries), and at least a second after
 * the one before it, so that LAST-MODIFIED rises with every change as SEQUENCE does.
 */
export function revisionTime(at: Date, previous: string | null): Date {
  const second = Math.floor(at.getTime() / 1000) * 1000;
  return new Date(previous === null ? second : Math.max(second, Date.parse(previous) + 1000));
}

function parse(raw: string | undefined): StoredRevision | null {
  if (raw === undefined) return null;
  try {
    return storedRevision.parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function createEventRevisions({ store, now = () => new Date() }: { store: RevisionStore; now?: () => Date }) {
  /** The event's revision, made or raised as needed; `raw` is what the store held when it was read. */
  async function revise(key: string, fingerprint: string, raw: string | undefined): Promise<EventRevision> {
    let current = raw;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const stored = parse(current);
      if (stored?.fingerprint === fingerprint) return { sequence: stored.sequence, modifiedAt: stored.modifiedAt };
      const at = revisionTime(now(), stored?.modifiedAt ?? null);
      const next: StoredRevision = {
        fingerprint,
        sequence: nextSequence(stored?.sequence ?? null, at),
        modifiedAt: at.toISOString(),
      };
      if (await store.swapSetting(key, current ?? null, JSON.stringify(next))) {
        return { sequence: next.sequence, modifiedAt: next.modifiedAt };
      }
      // Another instance wrote it meanwhile: read its value and go on from there.
      current = (await store.readSettings(key)).get(key);
    }
    throw new Error(`The revision of ${key} kept changing under us; not serving a guess.`);
  }

  return {
    /** Every event's revision by uuid: read at once, and written only for an event that changed. */
    async revisionsOf(events: readonly SiteEvent[]): Promise<Map<string, EventRevision>> {
      const stored = await store.readSettings(REVISION_PREFIX);
      const revisions = new Map<string, EventRevision>();
      for (const event of events) {
        const key = `${REVISION_PREFIX}${event.uuid}`;
        revisions.set(event.uuid, await revise(key, eventFingerprint(event), stored.get(key)));
      }
      return revisions;
    },
  };
}
