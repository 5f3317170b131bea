import type { ContactSubmission } from "~/lib/contact";
import type { FormTokens } from "./form-token.server.ts";
import { maskEmail, maskPhone } from "./masking.ts";
import { clientKey } from "./rate-limit.server.ts";
import { DETAILS_WINDOW_MS, spamReasons } from "./spam.server.ts";
import type { Lead, LeadStore } from "./store.server.ts";

export type LeadSubmissionResult =
  | { status: "stored"; id: string; spamReasons: string[] }
  | { status: "limited"; retryAfterSeconds: number }
  | { status: "failed" };

/** What came with a submission besides its fields: the form token and the honeypot. */
export interface SubmittedForm {
  token?: unknown;
  honeypot?: string;
}

/**
 * Takes in contact submissions: at most `limit` accepted per client (its address, or its /64 for
 * IPv6) per window (CONTACT_RATE_LIMIT per 10 minutes), each stored before it is acknowledged and
 * then handed to delivery at once. Suspected spam (spam.server.ts) is stored too, with its reasons, and
 * never handed to delivery; the caller thanks it alike. A submission sent again with its form's token
 * (a double click, a resend after an answer that never arrived) is stored once and thanked each time.
 */
export function createLeadIntake({
  store,
  formTokens,
  onStored,
  limit,
  windowMs = 10 * 60_000,
  log = console,
  now = () => new Date(),
}: {
  store: Pick<LeadStore, "create" | "createOnce" | "countSameDetails" | "contactLimiter">;
  formTokens: FormTokens;
  onStored: (lead: Lead) => void;
  limit: number;
  windowMs?: number;
  log?: Pick<Console, "error" | "info">;
  now?: () => Date;
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

    /** The token of a contact form rendered now. */
    newFormToken: () => formTokens.issue("contact"),

    async submit(
      clientAddress: string,
      submission: ContactSubmission,
      form: SubmittedForm = {},
    ): Promise<LeadSubmissionResult> {
      let stored: { lead: Lead; repeat: boolean };
      let reasons: string[];
      try {
        const allowance = await limiter.attempt(clientKey(clientAddress));
        if (!allowance.allowed) return { status: "limited", retryAfterSeconds: allowance.retryAfterSeconds };
        const token = formTokens.check(form.token, "contact");
        const receivedAt = now();
        const since = new Date(receivedAt.getTime() - DETAILS_WINDOW_MS);
        reasons = spamReasons({
          honeypot: form.honeypot ?? "",
          token,
          name: submission.name,
          sameDetailsBefore: await store.countSameDetails(submission, since, token.submissionId),
          receivedAt,
        });
        const options = { spamReason: reasons.length > 0 ? reasons.join("; ") : null };
        stored = token.submissionId
          ? await store.createOnce(submission, token.submissionId, options)
          : { lead: await store.create(submission, options), repeat: false };
      } catch (error) {
        log.error("A lead could not be stored:", error);
        return { status: "failed" };
      }
      const { lead, repeat } = stored;
      const who = `${lead.id} (${maskEmail(lead.email)}, ${maskPhone(lead.phone)})`;
      if (repeat) {
        log.info(`Lead ${who} was sent again with the same submission id; it is stored once.`);
      } else if (lead.status === "spam") {
        log.info(`Lead ${who} held as suspected spam, not delivered unless staff release it: ${lead.spamReason}.`);
      } else {
        log.info(`Lead ${who} stored.`);
        onStored(lead);
      }
      return { status: "stored", id: lead.id, spamReasons: repeat ? [] : reasons };
    },
  };
}

export type LeadIntake = ReturnType<typeof createLeadIntake>;
