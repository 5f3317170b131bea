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

export interface LeadStore {
  readonly kind: "sqlite" | "postgres";
  /** Where the leads are, for logs (never a password). */
  readonly location: string;
  /** Stores a new lead, due for delivery at once. */
  create(submission: ContactSubmission): Promise<Lead>;
  get(id: string): Promise<Lead | null>;
  /** Claims up to `limit` due pending leads that no other worker holds, oldest due first, for `leaseMs`. */
  claimDue(claim: LeadClaim): Promise<Lead[]>;
  /** Gives back claims a worker will not use (it is stopping). */
  release(ids: string[], worker: string): Promise<void>;
  /** When a pending lead next becomes due or its claim expires; null when none is pending. */
  nextWakeAt(): Promise<Date | null>;
  markDelivered(id: string): Promise<void>;
  /** A failed attempt by `worker`: counted, the error kept, the lead due again at `nextAttemptAt`. */
  recordFailure(id: string, worker: string, error: string, nextAttemptAt: Date): Promise<void>;
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
