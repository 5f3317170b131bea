import type { ContactSubmission } from "~/domain/contact";
import type { FormTokens, TokenCheck } from "./form-token.server.ts";
import { maskEmail, maskPhone } from "./masking.ts";
import { clientKey } from "./rate-limit.server.ts";
import {
  CONFIRMABLE_LETTERS,
  confirmationLetters,
  confirmedAll,
  confirmedReasons,
  DETAILS_WINDOW_MS,
  hardReasons,
  MAX_LEADS_PER_TOKEN,
  type SoftSignal,
  SOFT_SIGNALS,
  softSignals,
  tokenUsedUpReason,
} from "./spam.server.ts";
import { detailsDigest, type Lead, type LeadStore } from "./store.server.ts";

/**
 * What became of a submission:
 * - `stored`: thanked. `outcome` says how: a `new` lead (delivered, or held as spam when `held` has
 *   reasons), a `repeat` of a submission already stored (the same form and details, sent again), or
 *   `folded` into an earlier lead (the same details and interests from another form within the hour);
 * - `confirm`: not stored; the visitor is asked to check the form and send it again (`signals` say why),
 *   and `nextToken` confirms those signals for those details when it is;
 * - `limited`: over the client's allowance; `failed`: the store refused it.
 * `nextToken` is the token of the form the visitor sees next.
 */
export type LeadSubmissionResult =
  | { status: "stored"; outcome: "new" | "repeat" | "folded"; id: string; held: string[]; nextToken: string }
  | { status: "confirm"; signals: SoftSignal[]; nextToken: string }
  | { status: "limited"; retryAfterSeconds: number }
  | { status: "failed" };

/** What came with a submission besides its fields: the form token and the honeypot. */
export interface SubmittedForm {
  token?: unknown;
  honeypot?: string;
}

/** Each kind of answer, for the metrics: what people and bots met at the door. */
export const INTAKE_OUTCOMES = ["stored", "held", "confirm", "repeat", "folded", "limited", "failed"] as const;
export type IntakeOutcome = (typeof INTAKE_OUTCOMES)[number];

/**
 * Takes in contact submissions (docs/leads.md): each checked against the spam rules (spam.server.ts)
 * and stored before it is acknowledged, then handed to delivery at once.
 * 1. A submission already stored (the same form token and details: a double click, the back button, a
 *    resend after an answer that never arrived) is thanked again, stored once, and not counted against
 *    the client's allowance (CONTACT_RATE_LIMIT per 10 minutes, per address or IPv6 /64).
 * 2. A hard signal holds it as suspected spam, thanked alike.
 * 3. The same details with the same interests as a lead of the last hour is that enquiry again: thanked
 *    and folded into it.
 * 4. A soft signal asks the visitor to confirm (unless the form's token is a confirmation of that
 *    signal for these details): nothing is stored, and the answer's token confirms what was asked; the
 *    confirmed send is stored with those reasons.
 * 5. Otherwise stored; a page whose tokens already carried `MAX_LEADS_PER_TOKEN` leads is held instead.
 * A thanks answers with the token of a new submission from the same page (its root), so the page's
 * allowance holds however many answers a client takes its next token from; a post held for a missing or
 * forged token is answered with a token of the held root, whose posts are held too.
 */
export function createLeadIntake({
  store,
  formTokens,
  onStored,
  onOutcome,
  limit,
  windowMs = 10 * 60_000,
  log = console,
  now = () => new Date(),
}: {
  store: Pick<
    LeadStore,
    "create" | "createOnce" | "findSubmission" | "findEnquiry" | "countSameDetails" | "contactLimiter"
  >;
  formTokens: FormTokens;
  onStored: (lead: Lead) => void;
  /** Told what became of every submission (the metrics). */
  onOutcome?: (outcome: IntakeOutcome) => void;
  limit: number;
  windowMs?: number;
  log?: Pick<Console, "error" | "info" | "warn">;
  now?: () => Date;
}) {
  let limiter = store.contactLimiter({ limit, windowMs });

  /**
   * The token of the form shown after a thanks: a new submission of the same page (its root), rendered
   * when the visitor's page was (so a second enquiry sent soon after a thanks is not "too fast": the
   * page has been open a while). A token the site did not sign gets one of the held root.
   */
  const nextFormToken = (token: TokenCheck) => {
    if (token.status === "valid")
      return formTokens.issue("contact", { renderedAt: token.renderedAt, root: token.root });
    if (token.status === "expired") return formTokens.issue("contact", { root: token.root });
    return formTokens.issue("contact", { root: formTokens.heldRoot() });
  };

  async function judge(
    clientAddress: string,
    submission: ContactSubmission,
    form: SubmittedForm,
    token: TokenCheck,
  ): Promise<{ result: Exclude<LeadSubmissionResult, { status: "failed" }>; lead?: Lead }> {
    const thanks = (lead: Lead, outcome: "new" | "repeat" | "folded", held: string[] = []) => ({
      result: { status: "stored", outcome, id: lead.id, held, nextToken: nextFormToken(token) } as const,
      lead,
    });

    // Only a token signed here names a submission: a forged one's id is never a key.
    const signed = token.status === "valid" || token.status === "expired" ? token : null;
    const signedId = signed?.submissionId ?? null;
    if (signedId) {
      const stored = await store.findSubmission(submission, signedId);
      if (stored) return thanks(stored, "repeat");
    }
    const allowance = await limiter.attempt(clientKey(clientAddress));
    if (!allowance.allowed) return { result: { status: "limited", retryAfterSeconds: allowance.retryAfterSeconds } };

    const held = hardReasons({ honeypot: form.honeypot ?? "", token, name: submission.name });
    if (held.length > 0) {
      const spamReason = held.join("; ");
      if (!signedId) return thanks(await store.create(submission, { spamReason }), "new", held);
      const { lead, repeat } = await store.createOnce(submission, signedId, { spamReason });
      return thanks(lead, repeat ? "repeat" : "new", repeat ? [] : held);
    }
    // Only a signed token (valid or expired) is left here.
    const { submissionId, renderedAt } = signed!;

    const receivedAt = now();
    const since = new Date(receivedAt.getTime() - DETAILS_WINDOW_MS);
    const earlier = await store.findEnquiry(submission, since);
    if (earlier) return thanks(earlier, "folded");

    const digest = detailsDigest(submission);
    // A five-part token of the release before confirms as that release did: whatever is asked now.
    const legacyConfirmed = token.status === "valid" ? token.legacyConfirmed : "";
    const confirmed = legacyConfirmed || formTokens.confirmedLetters(signed!, digest, CONFIRMABLE_LETTERS);
    const signals = softSignals({
      token,
      name: submission.name,
      sameDetailsBefore: await store.countSameDetails(submission, since, submissionId),
      receivedAt,
    });
    if (legacyConfirmed === "" && !confirmedAll(signals, confirmed)) {
      // The same page (its root and time), in a token that confirms what was asked for these details.
      const nextToken = formTokens.issue("contact", {
        root: signed!.root,
        renderedAt,
        confirming: { detailsDigest: digest, letters: confirmationLetters(signals) },
      });
      return { result: { status: "confirm", signals, nextToken } };
    }

    const { lead, repeat } = await store.createOnce(submission, submissionId, {
      confirmedReasons: confirmed === "" ? null : confirmedReasons(confirmed).join("; "),
      allowance: { leads: MAX_LEADS_PER_TOKEN, reason: tokenUsedUpReason },
    });
    if (repeat) return thanks(lead, "repeat");
    return thanks(lead, "new", lead.status === "spam" ? [tokenUsedUpReason] : []);
  }

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
      const token = formTokens.check(form.token, "contact");
      let result: Exclude<LeadSubmissionResult, { status: "failed" }>;
      let lead: Lead | undefined;
      try {
        ({ result, lead } = await judge(clientAddress, submission, form, token));
      } catch (error) {
        log.error("A lead could not be stored:", error);
        onOutcome?.("failed");
        return { status: "failed" };
      }
      const who = `(${maskEmail(submission.email)}, ${maskPhone(submission.phone)})`;
      if (result.status === "limited") {
        log.info(`A contact submission ${who} was over the client's limit; asked to try again later.`);
        onOutcome?.("limited");
      } else if (result.status === "confirm") {
        const why = result.signals.map((signal) => SOFT_SIGNALS[signal].reason).join("; ");
        log.info(`A contact submission ${who} was not stored: the visitor is asked to confirm it (${why}).`);
        onOutcome?.("confirm");
      } else if (result.outcome === "repeat") {
        log.info(`Lead ${result.id} ${who} was sent again with the same form; it is stored once.`);
        onOutcome?.("repeat");
      } else if (result.outcome === "folded") {
        log.info(`A contact submission ${who} repeats lead ${result.id} of the last hour; folded into it.`);
        onOutcome?.("folded");
      } else if (result.held.length > 0) {
        log.warn(
          `Lead ${result.id} ${who} HELD as suspected spam, not delivered unless staff release it (npm run leads -- release ${result.id}): ${result.held.join("; ")}.`,
        );
        onOutcome?.("held");
      } else {
        const afterConfirming = lead?.confirmedReasons
          ? ` after the visitor confirmed it (${lead.confirmedReasons})`
          : "";
        log.info(`Lead ${result.id} ${who} stored${afterConfirming}.`);
        onOutcome?.("stored");
        onStored(lead!);
      }
      return result;
    },
  };
}

export type LeadIntake = ReturnType<typeof createLeadIntake>;
