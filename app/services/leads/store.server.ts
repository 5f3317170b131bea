import { createHash } from "node:crypto";
import type { ContactSubmission } from "~/lib/contact";
import { createRateLimiter, type SharedRateLimiter } from "./rate-limit.server.ts";

/**
 * The lead store (DESIGN.md section 5): every accepted contact submission is written in one
 * transaction before the visitor sees success, and stays pending until the lead webhook has
 * confirmed it with a 2xx. Two implementations share this interface: a SQLite file in DATA_DIR (the
 * embedded default, one instance) and PostgreSQL when DATABASE_URL is set (several instances share one
 * queue). Delivery workers claim due leads with a lease before posting them, so no two workers post
 * one lead at once, and a crashed worker's claims expire.
 */

export type LeadStatus = "pending" | "delivered";

export interface Lead extends ContactSubmission {
  id: string;
  createdAt: string;
  status: LeadStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  /** The webhook's HTTP status at the last failed attempt; null when it did not answer (or never failed). */
  lastStatus: number | null;
  deliveredAt: string | null;
  mirrorStatus: string | null;
  /** The worker holding the lead while it posts it, and until when (a lease, so a crash frees it). */
  claimedBy: string | null;
  claimedUntil: string | null;
}

export interface LeadStats {
  pending: number;
  /** Pending leads that have failed at least once. */
  retrying: number;
  delivered: number;
  oldestPendingAt: string | null;
}

export interface LeadClaim {
  worker: string;
  leaseMs: number;
  limit: number;
}

/** A failed attempt: why, the webhook's status (null when it did not answer), and when to try again. */
export interface LeadFailure {
  error: string;
  status: number | null;
  nextAttemptAt: Date;
}

export interface LeadStore {
  readonly kind: "sqlite" | "postgres";
  /** Where the leads are, for logs (never a password). */
  readonly location: string;
  /** Stores a new lead, due for delivery at once. */
  create(submission: ContactSubmission): Promise<Lead>;
  /**
   * Stores a new lead unless this submission is stored already: the same submission id (the form's
   * hidden field) with the same contact details. A repeat (a double click, a resend after an answer
   * that never arrived, the back button) answers the stored lead with `repeat: true`.
   */
  createOnce(submission: ContactSubmission, submissionId: string): Promise<{ lead: Lead; repeat: boolean }>;
  get(id: string): Promise<Lead | null>;
  /** Claims up to `limit` due pending leads that no worker holds, oldest due first, for `leaseMs`. */
  claimDue(claim: LeadClaim): Promise<Lead[]>;
  /**
   * Claims, before it is due, the lead due soonest among those that failed because the webhook was
   * unavailable (not one it rejected): a probe of whether the webhook is back. Null when there is none.
   */
  claimEarly(claim: Omit<LeadClaim, "limit">): Promise<Lead | null>;
  /** When a pending lead next becomes due or its claim expires; null when none is pending. */
  nextWakeAt(): Promise<Date | null>;
  markDelivered(id: string): Promise<void>;
  /** A failed attempt by `worker`: counted, the error and status kept, the lead due again at `nextAttemptAt`. */
  recordFailure(id: string, worker: string, failure: LeadFailure): Promise<void>;
  /**
   * The webhook accepts leads again: every pending lead that failed because it was unavailable (see
   * `isRejection`), and those it rejected with `sharedStatus` (an answer that turned out not to be about
   * the lead), becomes due now. A lead the webhook rejected on its own keeps its backoff. Returns how many.
   */
  makeBacklogDue(sharedStatus: number | null): Promise<number>;
  recordMirror(id: string, status: string): Promise<void>;
  list(status?: LeadStatus): Promise<Lead[]>;
  /** Makes one pending lead (or every pending lead that has failed) due now. Returns how many. */
  retry(target: string | { allFailed: true }): Promise<number>;
  /** Deletes one lead. Returns how many (0 or 1). */
  delete(id: string): Promise<number>;
  /** Deletes every lead of one person (the email compared without regard to case). */
  erase(email: string): Promise<number>;
  /** Deletes delivered leads delivered before `before`. */
  purgeDelivered(before: Date): Promise<number>;
  stats(): Promise<LeadStats>;
  /** Throws unless the store accepts a write now (the readiness check). */
  probeWrite(): Promise<void>;
  /** The contact limit: in the database when several instances share it, else in this process. */
  contactLimiter(options: { limit: number; windowMs: number }): SharedRateLimiter;
  close(): Promise<void>;
}

/**
 * Whether the webhook refused this lead itself (a 4xx other than 408 and 429), as opposed to being
 * unavailable (no answer, a redirect, 408, 429 or a 5xx): a rejected lead keeps its own backoff when the
 * webhook recovers. `NOT_REJECTED_SQL` is the same rule in SQL, for both stores.
 */
export function isRejection(status: number | null): boolean {
  return status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

export const NOT_REJECTED_SQL =
  "(last_status IS NULL OR last_status NOT BETWEEN 400 AND 499 OR last_status IN (408, 429))";

/**
 * What makes a submission the same one: the form's submission id and the contact details. A form sent
 * again unchanged is one lead; a stale form (the back button, a cached page) sent with other details is
 * a new lead, never dropped as a repeat.
 */
export function submissionKey(submissionId: string, submission: ContactSubmission): string {
  const details = JSON.stringify([
    submission.name,
    submission.email,
    submission.phone,
    [...submission.interests].sort(),
    submission.referralSource,
  ]);
  return `${submissionId}:${createHash("sha256").update(details).digest("base64url")}`;
}

/** "postgres://user:secret@db:5432/hub" → "PostgreSQL db:5432/hub" (no credentials in logs). */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL ${parsed.host}${parsed.pathname}`;
  } catch {
    return "PostgreSQL";
  }
}

/** In-process limits for a store that only one instance uses. */
export function processContactLimiter(options: { limit: number; windowMs: number }): SharedRateLimiter {
  return createRateLimiter(options).toShared();
}
