import type { LeadStore } from "./store.server.ts";

/**
 * What each server does for the lead store besides taking and delivering leads:
 * - retention: once a day, by one instance (a claim in the shared store), delivered leads delivered
 *   more than LEAD_RETENTION_DAYS ago and spam held for more than `SPAM_RETENTION_DAYS` are deleted.
 *   Pending leads are never deleted: they wait for the webhook however long it takes;
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
  now = () => new Date(),
  log = console,
}: {
  store: Pick<LeadStore, "claimPeriodicTask" | "purgeDelivered" | "purgeSpam" | "recordInstance">;
  retentionDays: number;
  /** This server, as the store's list of servers using it names it. */
  instance: string;
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

  const retention = () =>
    runRetention().catch((error: unknown) =>
      log.error("Lead retention failed; the next instance to look after a day tries again.", error),
    );
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
    /** Stops the timers and says this server no longer uses the store. */
    async stop(): Promise<void> {
      clearInterval(retentionTimer);
      clearInterval(inUseTimer);
      await store.recordInstance(instance, false).catch(() => undefined);
    },
  };
}
