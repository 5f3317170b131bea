/**
 * Leads: what a contact submission becomes once the visitor has been thanked (docs/leads.md).
 *
 * - `openLeadStore`: the store, a SQLite file in DATA_DIR by default or PostgreSQL when DATABASE_URL is
 *   set; both implement `LeadStore` (store.server.ts) and keep the contact limit.
 * - `createLeadIntake`: the contact action's door: a resend found, rate limit, the spam rules (hard
 *   signals held back, soft ones asked to confirm, with the form token of `createFormTokens`), store
 *   (once per submission, three leads per token at most), hand over to delivery.
 * - `startLeadHousekeeping`: once a day, by one instance, delivered leads older than LEAD_RETENTION_DAYS
 *   and spam held for 30 days are deleted; each server applies the same to the older copies of the
 *   SQLite store in its DATA_DIR and deletes them after 30 days (leftover-stores.server.ts); and each
 *   server says it uses the store (`restore` checks).
 * - `createLeadDelivery`: the background worker that claims each due lead with a lease right before it
 *   posts it to the lead webhook (and the optional mirror), at a steady pace, retrying with backoff, and
 *   makes the waiting backlog due at once when the webhook accepts leads again; each post signed per
 *   Standard Webhooks (webhook-signature.server.ts), and its outcome told to a hook (the metrics).
 * - `createRateLimiter`, `clientKey`: in-memory sliding-window limits per client (also the server's
 *   limit on writes before the router).
 * - `maskEmail`, `maskPhone`, `leadsToCsv`: what logs and the staff's `npm run leads` show;
 *   `maskEmailsInPath`: a request path as the logs show it.
 *
 * The staff tool runs these files with plain Node, so imports between them are relative, with extensions.
 */

export { leadsToCsv } from "./csv.ts";
export {
  createLeadDelivery,
  type LeadDelivery,
  type LeadDeliveryOptions,
  MAX_RETRY_MS,
  POST_OUTCOMES,
  type PostOutcome,
  retryDelayMs,
} from "./delivery.server.ts";
export { createFormTokens, type FormTokens, FORM_TOKEN_MAX_AGE_MS } from "./form-token.server.ts";
export { IN_USE_WITHIN_MS, SPAM_RETENTION_DAYS, startLeadHousekeeping } from "./housekeeping.server.ts";
export {
  createLeadIntake,
  INTAKE_OUTCOMES,
  type IntakeOutcome,
  type LeadIntake,
  type LeadSubmissionResult,
} from "./intake.server.ts";
export { maskEmail, maskEmailsInPath, maskPhone } from "./masking.ts";
export { openLeadStore } from "./open-store.server.ts";
export { clientKey, createRateLimiter, type RateLimiter, type SharedRateLimiter } from "./rate-limit.server.ts";
export {
  describeDatabaseUrl,
  type Lead,
  type LeadClaim,
  type LeadStats,
  type LeadStatus,
  type LeadStore,
} from "./store.server.ts";
