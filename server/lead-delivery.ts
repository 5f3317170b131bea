import type { Lead, LeadStore } from "~/services/leads.server";
import { maskEmail } from "~/services/leads.server";

/**
 * Delivers stored leads to the lead-automation webhook (DESIGN.md section 5), in the background:
 * - POST JSON `{name, email, phone, interests, referralSource}` with an `Idempotency-Key` header
 *   carrying the lead's id, so a receiver can drop the one duplicate a crash between its 2xx and our
 *   record could cause;
 * - a 2xx marks the lead delivered; anything else (or no answer in time) schedules another attempt
 *   with exponential backoff and jitter, up to a day apart, for as long as it takes;
 * - after a delivery, an optional copy to the mirror as a form post, whose result is only logged;
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
  random?: () => number;
  now?: () => Date;
}

export type LeadDelivery = ReturnType<typeof createLeadDelivery>;

export const FIRST_RETRY_MS = 5_000;
export const MAX_RETRY_MS = 24 * 60 * 60_000;
/** Even with nothing due, the worker looks again this often (a lead retried from the CLI is picked up). */
const IDLE_POLL_MS = 60_000;

/** The wait before attempt `failures + 1`: doubling from 5 s, at most a day, half of it random. */
export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  const window = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(window / 2 + random() * (window / 2));
}

export function createLeadDelivery({
  store,
  webhookUrl,
  mirrorUrl = null,
  fetch: fetchImpl = fetch,
  log = console,
  timeoutMs = 10_000,
  random = Math.random,
  now = () => new Date(),
}: LeadDeliveryOptions) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function deliver(lead: Lead): Promise<void> {
    const label = `${lead.id} (${maskEmail(lead.email)})`;
    let problem: string | null = null;
    try {
      const response = await fetchImpl(webhookUrl!, {
        method: "POST",
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
      if (!response.ok) problem = `webhook answered ${response.status}`;
    } catch (error) {
      problem = error instanceof Error && error.name === "TimeoutError" ? "webhook timed out" : "webhook unreachable";
    }
    if (problem) {
      const delay = retryDelayMs(lead.attempts + 1, random);
      store.recordFailure(lead.id, problem, new Date(now().getTime() + delay));
      log.warn(`Lead ${label} not delivered (${problem}); retrying in ${Math.round(delay / 1000)} s.`);
      return;
    }
    store.markDelivered(lead.id);
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
    try {
      const response = await fetchImpl(mirrorUrl!, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      store.recordMirror(lead.id, `answered ${response.status}`);
    } catch {
      store.recordMirror(lead.id, "unreachable");
      log.warn(`The mirror copy of lead ${lead.id} could not be sent (ignored).`);
    }
  }

  /** Delivers every due lead, one at a time, then waits for the next one to fall due. */
  async function run(): Promise<void> {
    do {
      again = false;
      for (let batch = store.due(); batch.length > 0 && !stopped; batch = store.due()) {
        for (const lead of batch) {
          if (stopped) break;
          await deliver(lead);
        }
      }
    } while (again && !stopped);
  }

  function schedule(): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    const next = store.nextDueAt();
    const wait = next ? Math.max(0, next.getTime() - now().getTime()) : IDLE_POLL_MS;
    timer = setTimeout(
      () => {
        timer = null;
        kick();
      },
      Math.min(wait, IDLE_POLL_MS),
    );
    timer.unref?.();
  }

  function kick(): void {
    if (stopped || !webhookUrl) return;
    if (running) {
      again = true;
      return;
    }
    running = run()
      .catch((error: unknown) => log.error("Lead delivery stopped on an unexpected error:", error))
      .finally(() => {
        running = null;
        schedule();
      });
  }

  return {
    /** Starts delivering, beginning with every lead already pending. */
    start(): void {
      stopped = false;
      kick();
    },
    /** A lead was just stored: try it now rather than at the next timer. */
    nudge(): void {
      kick();
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
    health(): { pending: number; oldestPendingAgeSeconds: number | null } {
      const { pending, oldestPendingAt } = store.stats();
      return {
        pending,
        oldestPendingAgeSeconds: oldestPendingAt
          ? Math.max(0, Math.round((now().getTime() - Date.parse(oldestPendingAt)) / 1000))
          : null,
      };
    },
  };
}
