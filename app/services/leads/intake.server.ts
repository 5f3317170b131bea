import type { ContactSubmission } from "~/lib/contact";
import { maskEmail, maskPhone } from "./masking.ts";
import { clientKey } from "./rate-limit.server.ts";
import type { Lead, LeadStore } from "./store.server.ts";

export type LeadSubmissionResult =
  { status: "stored"; id: string } | { status: "limited"; retryAfterSeconds: number } | { status: "failed" };

/**
 * Takes in contact submissions: at most `limit` accepted per client (its address, or its /64 for
 * IPv6) per window (CONTACT_RATE_LIMIT per 10 minutes), each stored before it is acknowledged and
 * then handed to delivery at once. A submission sent again with its form's submission id (a double
 * click, a resend after an answer that never arrived) is stored once and thanked each time.
 */
export function createLeadIntake({
  store,
  onStored,
  limit,
  windowMs = 10 * 60_000,
  log = console,
}: {
  store: Pick<LeadStore, "create" | "createOnce" | "contactLimiter">;
  onStored: (lead: Lead) => void;
  limit: number;
  windowMs?: number;
  log?: Pick<Console, "error" | "info">;
}) {
  let limiter = store.contactLimiter({ limit, windowMs });
  return {
    /**
     * Starts the counts afresh (the end-to-end tests' reset): a new limiter from the store, which for
     * SQLite counts in this process (a PostgreSQL store's counts are in its database, and stay).
     */
    resetLimit(): void {
      limiter = store.contactLimiter({ limit, windowMs });
    },
    async submit(
      clientAddress: string,
      submission: ContactSubmission,
      submissionId: string | null = null,
    ): Promise<LeadSubmissionResult> {
      let stored: { lead: Lead; repeat: boolean };
      try {
        const allowance = await limiter.attempt(clientKey(clientAddress));
        if (!allowance.allowed) return { status: "limited", retryAfterSeconds: allowance.retryAfterSeconds };
        stored = submissionId
          ? await store.createOnce(submission, submissionId)
          : { lead: await store.create(submission), repeat: false };
      } catch (error) {
        log.error("A lead could not be stored:", error);
        return { status: "failed" };
      }
      const { lead, repeat } = stored;
      const who = `${lead.id} (${maskEmail(lead.email)}, ${maskPhone(lead.phone)})`;
      if (repeat) {
        log.info(`Lead ${who} was sent again with the same submission id; it is stored once.`);
      } else {
        log.info(`Lead ${who} stored.`);
        onStored(lead);
      }
      return { status: "stored", id: lead.id };
    },
  };
}

export type LeadIntake = ReturnType<typeof createLeadIntake>;
