import type { ContactSubmission } from "~/lib/contact";
import { maskEmail, maskPhone } from "./masking.ts";
import { clientKey } from "./rate-limit.server.ts";
import type { Lead, LeadStore } from "./store.server.ts";

export type LeadSubmissionResult =
  { status: "stored"; id: string } | { status: "limited"; retryAfterSeconds: number } | { status: "failed" };

/**
 * Takes in contact submissions: at most `limit` accepted per client (its address, or its /64 for
 * IPv6) per window (CONTACT_RATE_LIMIT per 10 minutes), each stored before it is acknowledged and
 * then handed to delivery at once.
 */
export function createLeadIntake({
  store,
  onStored,
  limit,
  windowMs = 10 * 60_000,
  log = console,
}: {
  store: Pick<LeadStore, "create" | "contactLimiter">;
  onStored: (lead: Lead) => void;
  limit: number;
  windowMs?: number;
  log?: Pick<Console, "error" | "info">;
}) {
  const limiter = store.contactLimiter({ limit, windowMs });
  return {
    async submit(clientAddress: string, submission: ContactSubmission): Promise<LeadSubmissionResult> {
      let lead: Lead;
      try {
        const allowance = await limiter.attempt(clientKey(clientAddress));
        if (!allowance.allowed) return { status: "limited", retryAfterSeconds: allowance.retryAfterSeconds };
        lead = await store.create(submission);
      } catch (error) {
        log.error("A lead could not be stored:", error);
        return { status: "failed" };
      }
      log.info(`Lead ${lead.id} (${maskEmail(lead.email)}, ${maskPhone(lead.phone)}) stored.`);
      onStored(lead);
      return { status: "stored", id: lead.id };
    },
  };
}

export type LeadIntake = ReturnType<typeof createLeadIntake>;
