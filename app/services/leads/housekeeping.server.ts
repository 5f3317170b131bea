import { LEFTOVER_STORE_DAYS, sweepLeftoverStores } from "./leftover-stores.server.ts";
import type { LeadStore } from "./store.server.ts";

/**
 * What each server does for the lead store besides taking and delivering leads:
 * - retention: once a day, by one instance (a claim in the shared store), delivered leads delivered
 *   more than LEAD_RETENTION_DAYS ago and spam held for more than `SPAM_RETENTION_DAYS` are deleted.
 *   Pending leads are never deleted: they wait for the webhook however long it takes;
 * - the copies of the SQLite store left in its own DATA_DIR (a restore's set-aside store, the store
 *   leads moved to PostgreSQL from: leftover-stores.server.ts) are checked by every server, at start and
 *   hourly: the same retention applies to them, and they are deleted after `LEFTOVER_STORE_DAYS`;
 * - it says, every few seconds, that it uses the store, so `npm run leads -- restore` refuses to
 *   replace a store a server has open (and it says so when it stops).
 */

export const SPAM_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;
/** How often a server looks whether the day's retention is due (the first look is at start-up). */
const RETENTION_CHECK_MS = 60 * 60_000;
/** How often a server says it uses the store; `restore` counts a server seen within three of these. */
export const IN_USE_EVERY_MS = 10_000;
export const IN_USE_WITHIN_MS = 3 * IN_USE_EVERY_MS;

export interface RetentionRun {
  /** False when another instance (or this one) already ran it within the day. */
  ran: boolean;
  delivered: number;
  spam: number;
}

export function startLeadHousekeeping({
  store,
  retentionDays,
  instance,
  leftovers,
  now = () => new Date(),
  log = console,
}: {
  store: Pick<LeadStore, "claimPeriodicTask" | "purgeDelivered" | "purgeSpam" | "recordInstance">;
  retentionDays: number;
  /** This server, as the store's list of servers using it names it. */
  instance: string;
  /** This server's DATA_DIR, and whether its leads are in PostgreSQL (so a `leads.sqlite` there was left by the move). */
  leftovers?: { dataDir: string; usesPostgres: boolean };
  now?: () => Date;
  log?: Pick<Console, "info" | "warn" | "error">;
}) {
  async function runRetention(): Promise<RetentionRun> {
    if (!(await store.claimPeriodicTask("retention", DAY_MS))) return { ran: false, delivered: 0, spam: 0 };
    const at = now().getTime();
    const delivered = await store.purgeDelivered(new Date(at - retentionDays * DAY_MS));
    const spam = await store.purgeSpam(new Date(at - SPAM_RETENTION_DAYS * DAY_MS));
    log.info(
      `Lead retention: deleted ${delivered} lead(s) delivered over ${retentionDays} days ago (LEAD_RETENTION_DAYS) and ${spam} suspected spam held over ${SPAM_RETENTION_DAYS} days.`,
    );
    return { ran: true, delivered, spam };
  }

  async function sweepLeftovers() {
    if (!leftovers) return { deleted: [], purged: [] };
    const swept = await sweepLeftoverStores({
      ...leftovers,
      retentionDays,
      spamDays: SPAM_RETENTION_DAYS,
      now: now(),
    });
    for (const { file, why, leftAt } of swept.deleted) {
      log.info(
        `Lead retention: deleted ${file}, a copy of the leads ${why} on ${leftAt.toISOString().slice(0, 10)}, kept ${LEFTOVER_STORE_DAYS} days.`,
      );
    }
    for (const { store, leads } of swept.purged) {
      log.info(`Lead retention: deleted ${leads} lead(s) past their retention from ${store.file} (${store.why}).`);
    }
    return swept;
  }

  const retention = () =>
    Promise.all([
      runRetention().catch((error: unknown) =>
        log.error("Lead retention failed; the next instance to look after a day tries again.", error),
      ),
      sweepLeftovers().catch((error: unknown) =>
        log.error("Lead retention of the stores left in DATA_DIR failed; it tries again within the hour.", error),
      ),
    ]);
  const inUse = () =>
    store
      .recordInstance(instance, true)
      .catch((error: unknown) => log.warn("Could not record that this server uses the lead store:", error));

  void retention();
  void inUse();
  const retentionTimer = setInterval(retention, RETENTION_CHECK_MS);
  const inUseTimer = setInterval(inUse, IN_USE_EVERY_MS);
  retentionTimer.unref?.();
  inUseTimer.unref?.();

  return {
    runRetention,
    sweepLeftovers,
    /** Stops the timers and says this server no longer uses the store. */
    async stop(): Promise<void> {
      clearInterval(retentionTimer);
      clearInterval(inUseTimer);
      await store.recordInstance(instance, false).catch(() => undefined);
    },
  };
}
