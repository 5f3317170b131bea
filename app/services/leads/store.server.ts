import { createHash } from "node:crypto";
import type { ContactSubmission } from "~/domain/contact";
import { ROOT_DIGITS } from "./form-token.server.ts";
import { createRateLimiter, type SharedRateLimiter } from "./rate-limit.server.ts";

/**
 * The lead store (docs/leads.md#intake): every accepted contact submission is written in one
 * transaction before the visitor sees success, and stays pending until the lead webhook has
 * confirmed it with a 2xx. Two implementations share this interface: a SQLite file in DATA_DIR (the
 * embedded default, one instance) and PostgreSQL when DATABASE_URL is set (several instances share one
 * queue). Delivery workers claim due leads with a lease before posting them, so no two workers post
 * one lead at once, and a crashed worker's claims expire.
 *
 * Suspected spam (spam.server.ts) is stored too, in a table of its own (`spam_leads`), never delivered
 * until staff release it. A table of its own, rather than a status in `leads`, keeps every migration an
 * addition, and keeps held spam out of reach of an earlier version of the site after a rollback.
 *
 * Migrations only add (tables, columns with defaults, indexes): an earlier version of the site runs on
 * a store a later one migrated (docs/leads.md#the-stores-schema), and migrations.test.ts
 * builds the store as each earlier migration left it and opens it with the current code.
 */

export type LeadStatus = "pending" | "delivered" | "spam";

/**
 * Why the last post of a lead failed, which decides what happens next (delivery.server.ts):
 * - `unavailable`: no answer, 408, or a 5xx without Retry-After (503 with one is rate limiting);
 * - `refused`: the endpoint refused posts as a whole, whatever the lead: a redirect, 401, 403, 404,
 *   405, 410 (a URL or secret being fixed, an integration switched off);
 * - `rate-limited`: any 429, or a 503 with Retry-After: a hold for every instance, as long as the webhook
 *   says (a 429 without Retry-After: `DEFAULT_RATE_LIMIT_PAUSE_MS`, delivery.server.ts);
 * - `rejected`: another 4xx, about this lead (its content): it keeps its backoff;
 * - `failed`: anything else (a status no webhook should answer).
 * When the webhook accepts a post again, every lead waiting after `unavailable`, `refused` or `failed`
 * is due at once (`makeBacklogDue`).
 */
export type FailureKind = "unavailable" | "refused" | "rate-limited" | "rejected" | "failed";

/** Statuses that refuse every post to the endpoint, not one lead: the URL or its credentials are wrong. */
const ENDPOINT_REFUSALS = new Set([401, 403, 404, 405, 410]);

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
  /** Why it was held as suspected spam (also kept after staff released it); null for any other lead. */
  spamReason: string | null;
  /** What the visitor confirmed when the site asked them to (spam.server.ts, soft signals); null when not asked. */
  confirmedReasons: string | null;
  /** When it was last posted (and failed); null before its first failure. */
  lastAttemptAt: string | null;
  failureKind: FailureKind | null;
  /** Failures in a row while the webhook accepted nothing: what its backoff grows with. */
  backoffFailures: number;
}

export interface LeadStats {
  /** Leads waiting for delivery (never spam). */
  pending: number;
  /** Pending leads that have failed at least once. */
  retrying: number;
  delivered: number;
  /** Suspected spam held back (not delivered, not waiting). */
  spam: number;
  oldestPendingAt: string | null;
}

export interface NewLeadOptions {
  /** Stores the lead as suspected spam, held back with this reason (spam.server.ts). */
  spamReason?: string | null;
  /** What the visitor confirmed before sending (spam.server.ts, soft signals), kept on the lead. */
  confirmedReasons?: string | null;
}

/**
 * How many people (different contact details) the submission ids of one page (one root:
 * `submissionIdsOfPage`) may carry leads for, and the reason for holding the rest. One person's
 * several enquiries from one page count once.
 */
export interface TokenAllowance {
  leads: number;
  reason: string;
}

/**
 * Whether a worker may post now (every instance asks the shared store): `open`, and `probe` when a
 * webhook's Retry-After has just passed and this worker may send the one post that finds out whether it
 * still says "wait"; or closed until `until` (the webhook's Retry-After, or another worker's probe).
 */
export type DeliveryGate =
  { open: true; probe: boolean } | { open: false; until: Date; reason: "retry-after" | "probe" };

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
  /** By default as `failureKindOf(status)` says. */
  kind?: FailureKind;
  /** By default one more than the lead had. */
  backoffFailures?: number;
}

export interface LeadStore {
  readonly kind: "sqlite" | "postgres";
  /** Where the leads are, for logs (never a password). */
  readonly location: string;
  /** Stores a new lead, due for delivery at once (or held as suspected spam). */
  create(submission: ContactSubmission, options?: NewLeadOptions): Promise<Lead>;
  /**
   * Stores a new lead unless this submission is stored already: the same submission id (the form's
   * hidden field) with the same contact details, as a lead or as spam. A repeat (a double click, a resend
   * after an answer that never arrived, the back button) answers the stored lead with `repeat: true`.
   * With `allowance`, a new lead whose page (the submission ids of its root) already carried leads (not
   * held spam) for `allowance.leads` other people (contact details) is held as spam with
   * `allowance.reason`; counted and stored in one step, so two instances storing at once cannot both
   * take the last place.
   */
  createOnce(
    submission: ContactSubmission,
    submissionId: string,
    options?: NewLeadOptions & { allowance?: TokenAllowance },
  ): Promise<{ lead: Lead; repeat: boolean }>;
  /** The stored lead or held spam of this submission (its id and its details), or null: a resend is found before it is counted. */
  findSubmission(submission: ContactSubmission, submissionId: string): Promise<Lead | null>;
  /**
   * The latest lead (not held spam) stored since `since` with the same contact details and the same
   * interests as `submission`: the same enquiry sent again, from another form.
   */
  findEnquiry(submission: ContactSubmission, since: Date): Promise<Lead | null>;
  /**
   * How many submissions (other than `submissionId`'s) with the same contact details (`contactDetailsKey`)
   * were stored since `since`, as leads or as spam.
   */
  countSameDetails(submission: ContactSubmission, since: Date, submissionId: string | null): Promise<number>;
  get(id: string): Promise<Lead | null>;
  /** Claims up to `limit` due pending leads that no worker holds, oldest due first, for `leaseMs`. */
  claimDue(claim: LeadClaim): Promise<Lead[]>;
  /**
   * Claims, before it is due, the lead due soonest among those that failed for a reason other than a
   * rejection of the lead itself: a probe of whether the webhook is back. Null when there is none.
   */
  claimEarly(claim: Omit<LeadClaim, "limit">): Promise<Lead | null>;
  /** When a pending lead next becomes due or its claim expires; null when none is pending. */
  nextWakeAt(): Promise<Date | null>;
  markDelivered(id: string): Promise<void>;
  /** A failed attempt by `worker`: counted, the error and status kept, the lead due again at `nextAttemptAt`. */
  recordFailure(id: string, worker: string, failure: LeadFailure): Promise<void>;
  /**
   * The webhook accepted a lead: every pending lead whose last failure was `unavailable`, `refused` or
   * `failed`, and those it rejected with `sharedStatus` (an answer that turned out not to be about the
   * lead), becomes due now. A lead rate-limited (it waits for the webhook's time) or rejected on its own
   * keeps its own time. Returns how many.
   */
  makeBacklogDue(sharedStatus: number | null): Promise<number>;
  recordMirror(id: string, status: string): Promise<void>;
  /** When the webhook last accepted a lead (from any instance); null when it never did. */
  lastDeliveryAt(): Promise<Date | null>;
  /**
   * The webhook said "wait" (429 or 503 with Retry-After): no worker of any instance posts before
   * `until` (a later hold already stored stays), and then one worker probes first (`deliveryGate`).
   */
  holdDeliveries(until: Date, status: number): Promise<void>;
  /** Whether `worker` may post now (see `DeliveryGate`); claims the probe for it when a hold has passed. */
  deliveryGate(worker: string, leaseMs: number): Promise<DeliveryGate>;
  /**
   * `worker`'s probe is over: `lift` when its answer was not another "wait" (the hold is removed, unless
   * a new one came meanwhile), else only the probe is given up.
   */
  endProbe(worker: string, lift: boolean): Promise<void>;
  list(status?: LeadStatus): Promise<Lead[]>;
  /** Makes one pending lead (or every pending lead that has failed) due now. Returns how many. */
  retry(target: string | { allFailed: true }): Promise<number>;
  /**
   * Staff release one lead held as suspected spam: it becomes a pending lead, due now, keeping its id
   * and its reason. `alreadyStored`: its submission was stored as a lead meanwhile (that lead is
   * answered and the held copy dropped). Null when no lead with this id is held as spam.
   */
  release(id: string): Promise<{ lead: Lead; alreadyStored: boolean } | null>;
  /** Deletes one lead (or held spam). Returns how many (0 or 1). */
  delete(id: string): Promise<number>;
  /** Deletes every lead of one person, held spam included (the email compared without regard to case). */
  erase(email: string): Promise<number>;
  /** Deletes delivered leads delivered before `before`. */
  purgeDelivered(before: Date): Promise<number>;
  /** Deletes spam held since before `before`. */
  purgeSpam(before: Date): Promise<number>;
  stats(): Promise<LeadStats>;
  /**
   * A secret every instance shares, made once by `make` and kept in the store (e.g. the form token
   * secret when FORM_TOKEN_SECRET is not set). The first instance to ask makes it; the others read it.
   */
  sharedSecret(name: string, make: () => string): Promise<string>;
  /**
   * Small values every instance shares, kept beside the secrets (e.g. the events calendar's revisions,
   * app/services/event-revisions.server.ts): those whose key starts with `prefix`.
   */
  readSettings(prefix: string): Promise<Map<string, string>>;
  /**
   * Sets a shared value only if it is still `expected` (null: only if there is none yet); false when
   * another writer came first, so the caller reads it again.
   */
  swapSetting(key: string, expected: string | null, value: string): Promise<boolean>;
  /**
   * Claims a task that one instance runs once per `everyMs` (the daily retention): true for the one
   * instance whose claim came first since the last run, false for the rest.
   */
  claimPeriodicTask(name: string, everyMs: number): Promise<boolean>;
  /** A running server says it uses the store (every few seconds), or that it stopped (`alive` false). */
  recordInstance(instance: string, alive: boolean): Promise<void>;
  /** The servers that said they use the store within `withinMs` (a restore refuses while there are any). */
  activeInstances(withinMs: number): Promise<{ instance: string; seenAt: string }[]>;
  /** Throws unless the store accepts a write now (the readiness check). */
  probeWrite(): Promise<void>;
  /** The contact limit: in the database when several instances share it, else in this process. */
  contactLimiter(options: { limit: number; windowMs: number }): SharedRateLimiter;
  close(): Promise<void>;
}

/**
 * Whether the webhook refused this lead itself (a 4xx about its content: not 408, 429 or one of
 * `ENDPOINT_REFUSALS`), as opposed to being unavailable, limiting the rate or misconfigured: a rejected
 * lead keeps its own backoff when the webhook recovers.
 */
export function isRejection(status: number | null): boolean {
  return (
    status !== null &&
    status >= 400 &&
    status < 500 &&
    status !== 408 &&
    status !== 429 &&
    !ENDPOINT_REFUSALS.has(status)
  );
}

/**
 * What a failed post's answer means (see `FailureKind`): null for no answer. `retryAfter`: whether the
 * answer carried a usable Retry-After (it counts on a 503 only: a 429 is rate limiting with or without).
 */
export function failureKindOf(status: number | null, retryAfter = false): FailureKind {
  if (status === null || status === 408) return "unavailable";
  if (status === 429 || (status === 503 && retryAfter)) return "rate-limited";
  if (status >= 500) return "unavailable";
  if (ENDPOINT_REFUSALS.has(status) || (status >= 300 && status < 400)) return "refused";
  return isRejection(status) ? "rejected" : "failed";
}

/** The kind of a failure recorded before kinds were (the migration's backfill, in SQL, for both stores). */
export const FAILURE_KIND_FROM_STATUS_SQL = `CASE
  WHEN last_status IS NULL OR last_status >= 500 THEN 'unavailable'
  WHEN last_status = 429 THEN 'rate-limited'
  WHEN last_status BETWEEN 400 AND 499 AND last_status <> 408 THEN 'rejected'
  ELSE 'failed' END`;

/**
 * Who a submission is, for the rule on the same details sent many times (spam.server.ts): the name,
 * email and phone, compared without regard to case, spacing or the phone's punctuation, hashed (so the
 * index holds no contact details).
 */
export function contactDetailsKey(submission: Pick<ContactSubmission, "name" | "email" | "phone">): string {
  const details = JSON.stringify([
    submission.name.trim().replace(/\s+/g, " ").toLowerCase(),
    submission.email.trim().toLowerCase(),
    submission.phone.replace(/\D/g, ""),
  ]);
  return createHash("sha256").update(details).digest("base64url");
}

/** The same interests, whatever order they were ticked in. */
export function sameInterests(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join(",") === [...b].sort().join(",");
}

/** Every detail of a submission, as one digest (a confirmation is signed for it: form-token.server.ts). */
export function detailsDigest(submission: ContactSubmission): string {
  const details = JSON.stringify([
    submission.name,
    submission.email,
    submission.phone,
    [...submission.interests].sort(),
    submission.referralSource,
  ]);
  return createHash("sha256").update(details).digest("base64url");
}

/**
 * What makes a submission the same one: the form's submission id and the contact details. A form sent
 * again unchanged is one lead; a stale form (the back button, a cached page) sent with other details is
 * a new lead, never dropped as a repeat.
 */
export function submissionKey(submissionId: string, submission: ContactSubmission): string {
  return `${submissionId}:${detailsDigest(submission)}`;
}

/**
 * The submission ids that share a page's root with `submissionId` (the first `ROOT_DIGITS` of its hex
 * digits: form-token.server.ts), as the inclusive range an index can scan, in both stores.
 */
export function submissionIdsOfPage(submissionId: string): { from: string; to: string; root: string } {
  const root = submissionId.slice(0, ROOT_DIGITS);
  const rest = 32 - ROOT_DIGITS;
  return { from: root + "0".repeat(rest), to: root + "f".repeat(rest), root };
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
