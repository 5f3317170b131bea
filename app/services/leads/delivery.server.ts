import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { maskEmail } from "./masking.ts";
import type { Lead, LeadStore } from "./store.server.ts";

/**
 * Delivers stored leads to the lead-automation webhook (DESIGN.md section 5), in the background:
 * - claims due leads first (a lease in the store), so no two workers, in this process or another
 *   instance, post one lead at once, and a crashed worker's leads are picked up when its lease ends;
 * - POST JSON `{name, email, phone, interests, referralSource}` with an `Idempotency-Key` header
 *   carrying the lead's id, so a receiver can drop the one duplicate a crash between its 2xx and our
 *   record could cause;
 * - a 2xx marks the lead delivered; a redirect (never followed: a followed redirect turns the POST
 *   into a bodiless GET), another status, or no answer in time schedules another attempt with
 *   exponential backoff and jitter, up to a day apart, for as long as it takes;
 * - when the store itself fails, the worker backs off too, and a lead the webhook accepted but the
 *   store could not mark is marked later, never posted again by this worker;
 * - after a delivery, an optional copy to the mirror as a form post, whose result is only recorded;
 * - on start it picks up every pending lead, so a restart loses nothing.
 */

export interface LeadDeliveryOptions {
  store: LeadStore;
  /** Null when no webhook is configured (production without LEAD_WEBHOOK_URL): leads wait, stored. */
  webhookUrl: string | null;
  mirrorUrl?: string | null;
  fetch?: typeof fetch;
  log?: Pick<Console, "info" | "warn" | "error">;
  timeoutMs?: number;
  /** The wait before the first retry; it doubles with each failure (LEAD_RETRY_AFTER). */
  firstRetryMs?: number;
  /** How long a claim holds a lead; longer than one attempt can take. */
  leaseMs?: number;
  random?: () => number;
  now?: () => Date;
  workerId?: string;
}

export type LeadDelivery = ReturnType<typeof createLeadDelivery>;

export const FIRST_RETRY_MS = 5_000;
export const MAX_RETRY_MS = 24 * 60 * 60_000;
/** Even with nothing due, the worker looks again this often (a lead retried from the CLI is picked up). */
const IDLE_POLL_MS = 60_000;
const BATCH_SIZE = 10;

/** The wait before attempt `failures + 1`: doubling from `firstMs`, at most a day, half of it random. */
export function retryDelayMs(failures: number, random: () => number = Math.random, firstMs = FIRST_RETRY_MS): number {
  const window = Math.min(MAX_RETRY_MS, firstMs * 2 ** Math.max(0, failures - 1));
  return Math.round(window / 2 + random() * (window / 2));
}

/** Why an answer is not a delivery, or null for a 2xx. */
export function webhookProblem(response: Response, who = "webhook"): string | null {
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get("location");
    return `${who} redirected (${response.status}) to ${location ?? "no Location"}; fix the URL (redirects are not followed)`;
  }
  return response.ok ? null : `${who} answered ${response.status}`;
}

export function createLeadDelivery({
  store,
  webhookUrl,
  mirrorUrl = null,
  fetch: fetchImpl = fetch,
  log = console,
  timeoutMs = 10_000,
  firstRetryMs = FIRST_RETRY_MS,
  leaseMs = Math.max(30_000, timeoutMs * 3),
  random = Math.random,
  now = () => new Date(),
  workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`,
}: LeadDeliveryOptions) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  /** Consecutive failures of the store (not of the webhook): the worker's own backoff. */
  let storeFailures = 0;
  /** Leads the webhook accepted whose delivery the store has not recorded yet: recorded, never re-posted. */
  const acceptedNotRecorded = new Set<string>();
  const lastRun = { at: null as string | null, error: null as string | null };

  async function post(lead: Lead): Promise<string | null> {
    try {
      const response = await fetchImpl(webhookUrl!, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/json", "Idempotency-Key": lead.id },
        body: JSON.stringify({
          name: lead.name,
          email: lead.email,
          phone: lead.phone,
          interests: lead.interests,
          referralSource: lead.referralSource,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      return webhookProblem(response);
    } catch (error) {
      return error instanceof Error && error.name === "TimeoutError" ? "webhook timed out" : "webhook unreachable";
    }
  }

  async function deliver(lead: Lead): Promise<void> {
    const label = `${lead.id} (${maskEmail(lead.email)})`;
    if (!acceptedNotRecorded.has(lead.id)) {
      const problem = await post(lead);
      if (problem) {
        const delay = retryDelayMs(lead.attempts + 1, random, firstRetryMs);
        await store.recordFailure(lead.id, workerId, problem, new Date(now().getTime() + delay));
        log.warn(`Lead ${label} not delivered (${problem}); retrying in ${Math.round(delay / 1000)} s.`);
        return;
      }
      acceptedNotRecorded.add(lead.id);
    }
    await store.markDelivered(lead.id);
    acceptedNotRecorded.delete(lead.id);
    log.info(`Lead ${label} delivered.`);
    if (mirrorUrl) await mirror(lead);
  }

  async function mirror(lead: Lead): Promise<void> {
    const form = new URLSearchParams({
      "form-name": "Contact Form",
      "bot-field": "",
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      interests: lead.interests.join(", "),
      referralSource: lead.referralSource,
    });
    let status: string;
    try {
      const response = await fetchImpl(mirrorUrl!, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      status = webhookProblem(response, "mirror") ?? `answered ${response.status}`;
    } catch {
      status = "unreachable";
    }
    if (!status.startsWith("answered 2")) log.warn(`The mirror copy of lead ${lead.id}: ${status} (ignored).`);
    await store
      .recordMirror(lead.id, status)
      .catch((error: unknown) => log.warn("Recording a mirror result failed:", error));
  }

  /** Claims and delivers due leads, a batch at a time, until none is due. */
  async function run(): Promise<void> {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const batch = await store.claimDue({ worker: workerId, leaseMs, limit: BATCH_SIZE });
        if (batch.length === 0) break;
        let index = 0;
        try {
          for (; index < batch.length && !stopped; index++) await deliver(batch[index]!);
        } catch (error) {
          // The lead that failed stays claimed by this worker (which takes it up again after its backoff);
          // the rest of the batch goes back at once.
          await releaseQuietly(batch.slice(index + 1));
          throw error;
        }
        await releaseQuietly(batch.slice(index));
      }
    } while (again && !stopped);
  }

  async function releaseQuietly(leads: Lead[]): Promise<void> {
    if (leads.length === 0) return;
    await store
      .release(
        leads.map((lead) => lead.id),
        workerId,
      )
      .catch(() => undefined);
  }

  function setTimer(waitMs: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = null;
        kick();
      },
      Math.max(0, Math.min(waitMs, IDLE_POLL_MS)),
    );
    timer.unref?.();
  }

  async function scheduleNext(): Promise<void> {
    if (storeFailures > 0) return setTimer(retryDelayMs(storeFailures, random, firstRetryMs));
    try {
      const next = await store.nextWakeAt();
      setTimer(next ? next.getTime() - now().getTime() : IDLE_POLL_MS);
    } catch (error) {
      storeFailures++;
      log.error("The lead store cannot say which lead is due next; trying again later.", error);
      setTimer(retryDelayMs(storeFailures, random, firstRetryMs));
    }
  }

  function kick(): void {
    if (stopped || !webhookUrl) return;
    if (running) {
      again = true;
      return;
    }
    running = run()
      .then(() => {
        storeFailures = 0;
        lastRun.error = null;
      })
      .catch((error: unknown) => {
        storeFailures++;
        lastRun.error = error instanceof Error ? error.message : String(error);
        log.error(
          `Lead delivery paused: the lead store failed (${storeFailures} time(s) in a row); backing off.`,
          error,
        );
      })
      .finally(() => {
        lastRun.at = now().toISOString();
        running = null;
        return scheduleNext();
      });
  }

  return {
    workerId,
    /** Starts delivering, beginning with every lead already pending. */
    start(): void {
      stopped = false;
      kick();
    },
    /** A lead was just stored: try it now rather than at the next timer. */
    nudge(): void {
      if (storeFailures === 0) kick();
    },
    /** Stops scheduling and waits (at most `waitMs`) for a delivery under way to finish. */
    async stop(waitMs = timeoutMs + 1_000): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) {
        await Promise.race([running, new Promise((resolve) => setTimeout(resolve, waitMs).unref?.())]);
      }
    },
    /** The worker's own state, for the readiness answer. */
    state() {
      return {
        worker: workerId,
        webhook: webhookUrl ? "configured" : "not configured",
        running: running !== null,
        storeFailuresInARow: storeFailures,
        lastRunAt: lastRun.at,
        lastError: lastRun.error,
      };
    },
  };
}
