import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { maskEmail } from "./masking.ts";
import { failureKindOf, isRejection, type Lead, type LeadStore } from "./store.server.ts";
import { webhookSignatureHeaders, webhookSigningKeys } from "./webhook-signature.server.ts";

/**
 * Delivers stored leads to the lead-automation webhook (docs/leads.md#delivery), in the background:
 * - claims one lead right before posting it (a lease in the store), and gives the post a deadline inside
 *   that lease: it is cut off (a failed attempt) while `recordReserveMs` of the lease is still left to
 *   record its result, and not started when the claim came back too late for that. So no two workers,
 *   in this process or another instance, post one lead at once, however slow the webhook or the store,
 *   and a crashed worker's lead is picked up when its lease ends;
 * - posts at a steady pace, at most one post every `postIntervalMs` and `maxPostsInFlight` at once, so a
 *   backlog drains at a few posts a second per instance even when each post takes seconds, and never as
 *   a burst;
 * - POST JSON `{name, email, phone, interests, referralSource}` with an `Idempotency-Key` header
 *   carrying the lead's id, so a receiver can drop the one duplicate a crash between its 2xx and our
 *   record could cause, signed per Standard Webhooks when secrets are given (`webhook-id` is that same
 *   id; webhook-signature.server.ts);
 * - a 2xx marks the lead delivered; a redirect (never followed: a followed redirect turns the POST
 *   into a bodiless GET), another status, or no answer in time schedules another attempt with
 *   exponential backoff and jitter (`retryDelayMs`). The backoff grows only while the webhook accepts
 *   nothing: a lead that fails after the webhook accepted another post (from any instance) since its
 *   last attempt is tried again at the first step (by default within 2.5-5 s), at the steady pace, and
 *   while the webhook accepted a post within the last 10 minutes no lead waits more than a minute;
 * - a 429 or 503 with `Retry-After` (seconds or a date, at most an hour), and a 429 without one (for
 *   `DEFAULT_RATE_LIMIT_PAUSE_MS`), holds every instance's posts until then, in the shared store; then
 *   one worker probes with one post, and the others wait for its answer (another "wait" is another
 *   hold). Posts already under way when the answer came are not recalled: they get their own answers;
 * - a 2xx after the webhook was unavailable (no answer, or a 5xx without Retry-After) or refused posts
 *   as a whole (a redirect, 401, 403, 404, 405, 410: a URL or secret being fixed) means it is back: every lead waiting for that becomes due at once, in the shared store, so
 *   every instance drains the backlog (at its pace, and within any Retry-After hold). After rate
 *   limiting nothing becomes due early: those leads wait for the time the webhook gave. A lead the
 *   webhook rejected on its own (a 4xx about its content) keeps its backoff. While leads wait, the worker looks at the store every few seconds, and
 *   tries the lead due soonest early when it has posted nothing for a while, so a recovery is noticed
 *   within a minute however long the backoffs have grown;
 * - when the store itself fails, the worker backs off too (from `firstRetryMs`, doubling up to a
 *   minute), and a lead the webhook accepted but the store could not mark is marked later, never posted
 *   again by this worker;
 * - after a delivery, an optional copy to the mirror as a form post, whose result is only recorded;
 * - on start it picks up every pending lead, so a restart loses nothing.
 */

export interface LeadDeliveryOptions {
  store: LeadStore;
  /** Null when no webhook is configured (production without LEAD_WEBHOOK_URL): leads wait, stored. */
  webhookUrl: string | null;
  mirrorUrl?: string | null;
  /** Standard Webhooks secrets (`whsec_...`, LEAD_WEBHOOK_SECRET): one signature each; none = unsigned posts. */
  signingSecrets?: readonly string[];
  /** Told the outcome of every post to the webhook (the metrics). */
  onPostOutcome?: (outcome: PostOutcome) => void;
  /** Told of every delivery once it is recorded, with how long the lead waited since it was stored. */
  onDelivered?: (waitedMs: number) => void;
  fetch?: typeof fetch;
  log?: Pick<Console, "info" | "warn" | "error">;
  timeoutMs?: number;
  /** The wait before the first retry; it doubles with each failure (LEAD_RETRY_AFTER). */
  firstRetryMs?: number;
  /** How long a claim holds a lead; by default long enough for a full post and its record. */
  leaseMs?: number;
  /**
   * The end of a lease kept for recording a post's result: no post runs into it (by default the
   * PostgreSQL store's longest write, or half a shorter lease).
   */
  recordReserveMs?: number;
  /** The pace: at least this long between the starts of two posts (so at most 1000/this posts a second). */
  postIntervalMs?: number;
  /** How many posts may wait for the webhook's answer at once. */
  maxPostsInFlight?: number;
  /** With leads waiting after failures and nothing posted for this long, the soonest is tried early. */
  probeAfterMs?: number;
  /** Even with nothing due, the worker looks again at least this often. */
  pollMs?: number;
  /**
   * The webhook counts as accepting some posts while it accepted one (from any instance) within this
   * long: a lead that fails meanwhile is tried again within `retryWhileAcceptingMs`.
   */
  acceptingWindowMs?: number;
  retryWhileAcceptingMs?: number;
  random?: () => number;
  now?: () => Date;
  workerId?: string;
}

export type LeadDelivery = ReturnType<typeof createLeadDelivery>;

/**
 * What became of one post: a 2xx; refused by the webhook for the lead itself (`isRejection`); any other
 * answer (a 5xx, 408, 429, a redirect) or no connection; or no answer within its window.
 */
export type PostOutcome = "delivered" | "rejected" | "failed" | "timed_out";
export const POST_OUTCOMES: readonly PostOutcome[] = ["delivered", "rejected", "failed", "timed_out"];

export const FIRST_RETRY_MS = 5_000;
export const MAX_RETRY_MS = 24 * 60 * 60_000;
/** The longest a webhook's Retry-After holds the posts. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;
/**
 * How long a 429 without Retry-After holds the posts: the webhook limits the rate without saying for
 * how long, and a minute is the window most rate limits count in (docs/leads.md#delivery).
 */
export const DEFAULT_RATE_LIMIT_PAUSE_MS = 60_000;
/** The longest the worker waits between tries while the store fails. */
export const MAX_STORE_BACKOFF_MS = 60_000;
/**
 * Even with nothing due, the worker looks again this often: a backlog another instance made due, or a
 * lead retried from the CLI, is picked up within seconds (one indexed query).
 */
const POLL_MS = 5_000;
/** Five posts a second per instance at most. */
export const POST_INTERVAL_MS = 200;
export const MAX_POSTS_IN_FLIGHT = 10;
const PROBE_AFTER_MS = 30_000;
/** While another worker probes a webhook whose Retry-After has passed, the others look this often. */
const PROBE_POLL_MS = 1_000;
export const ACCEPTING_WINDOW_MS = 10 * 60_000;
export const RETRY_WHILE_ACCEPTING_MS = 60_000;
/**
 * How long recording a post's result may take: the PostgreSQL store waits up to 5 s for a connection
 * and 10 s for the statement. The default lease (30 s) leaves a post its full 10 s after a claim that
 * took up to 5 s.
 */
export const RECORD_RESERVE_MS = 15_000;

const label = (lead: Lead) => `${lead.id} (${maskEmail(lead.email)})`;

/**
 * The wait after `failures` failures in a row: random within a window that doubles from `firstMs`
 * (LEAD_RETRY_AFTER) and is at most `maxMs` (a day), anywhere from half the window to all of it. With
 * the default 5 s: 2.5-5 s, then 5-10 s, 10-20 s, ... and from the 16th failure on 12-24 h.
 */
export function retryDelayMs(
  failures: number,
  random: () => number = Math.random,
  firstMs = FIRST_RETRY_MS,
  maxMs = MAX_RETRY_MS,
): number {
  const window = Math.min(maxMs, firstMs * 2 ** Math.max(0, failures - 1));
  return Math.round(window / 2 + random() * (window / 2));
}

/**
 * How long a `Retry-After` value asks to wait, in ms, at most `MAX_RETRY_AFTER_MS`: whole seconds or an
 * HTTP date. Null when absent, unreadable, or not in the future.
 */
export function retryAfterMs(value: string | null, now: Date): number | null {
  const text = value?.trim() ?? "";
  let waitMs: number;
  if (/^\d+$/.test(text)) waitMs = Number(text) * 1000;
  else if (/[a-z]/i.test(text) && !Number.isNaN(Date.parse(text))) waitMs = Date.parse(text) - now.getTime();
  else return null;
  return waitMs > 0 ? Math.min(waitMs, MAX_RETRY_AFTER_MS) : null;
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
  signingSecrets = [],
  onPostOutcome,
  onDelivered,
  fetch: fetchImpl = fetch,
  log = console,
  timeoutMs = 10_000,
  firstRetryMs = FIRST_RETRY_MS,
  leaseMs = Math.max(30_000, timeoutMs * 3),
  recordReserveMs = Math.min(RECORD_RESERVE_MS, leaseMs / 2),
  postIntervalMs = POST_INTERVAL_MS,
  maxPostsInFlight = MAX_POSTS_IN_FLIGHT,
  probeAfterMs = PROBE_AFTER_MS,
  pollMs = POLL_MS,
  acceptingWindowMs = ACCEPTING_WINDOW_MS,
  retryWhileAcceptingMs = RETRY_WHILE_ACCEPTING_MS,
  random = Math.random,
  now = () => new Date(),
  workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`,
}: LeadDeliveryOptions) {
  if (!(recordReserveMs < leaseMs)) {
    throw new RangeError(`recordReserveMs (${recordReserveMs}) must be shorter than leaseMs (${leaseMs})`);
  }
  const signingKeys = webhookSigningKeys(signingSecrets);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  /** Wakes a run that waits for its posts, when a new lead is stored meanwhile. */
  let wakeRun: (() => void) | null = null;
  let stopped = true;
  /** Consecutive failures of the store (not of the webhook): the worker's own backoff. */
  let storeFailures = 0;
  /** Posts that failed (other than a hold) since the webhook last accepted one (here). */
  let failedSinceSuccess = 0;
  /** The shared store said to wait until then (a webhook's Retry-After, or another worker's probe). */
  let heldUntil: Date | null = null;
  /** When the last post started (the pace, and when to probe). */
  let lastPostStartedAt = 0;
  /** Leads the webhook accepted whose delivery the store has not recorded yet: recorded, never re-posted. */
  const acceptedNotRecorded = new Map<string, Lead>();
  const lastRun = { at: null as string | null, error: null as string | null };

  /**
   * How long a post of this claimed lead may wait for an answer: `timeoutMs`, cut short so it ends while
   * `recordReserveMs` of the lease is left. Once the lease ends another worker may claim the lead and
   * post it; a post still waiting then would be a second post of one lead at once.
   */
  function postWindowMs(lead: Lead): number {
    if (!lead.claimedUntil) return timeoutMs;
    return Math.min(timeoutMs, Date.parse(lead.claimedUntil) - recordReserveMs - now().getTime());
  }

  /**
   * The webhook's verdict: why it is not a delivery (null for a 2xx), its status (null: no answer), and
   * its Retry-After header.
   */
  async function post(
    lead: Lead,
    windowMs: number,
  ): Promise<{ problem: string | null; status: number | null; retryAfter: string | null }> {
    const body = JSON.stringify({
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      interests: lead.interests,
      referralSource: lead.referralSource,
    });
    let verdict: { problem: string | null; status: number | null; retryAfter: string | null };
    let outcome: PostOutcome;
    try {
      const response = await fetchImpl(webhookUrl!, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/json",
          "Idempotency-Key": lead.id,
          ...webhookSignatureHeaders({ id: lead.id, at: now(), body, keys: signingKeys }),
        },
        body,
        signal: AbortSignal.timeout(windowMs),
      });
      await response.body?.cancel();
      const problem = webhookProblem(response);
      verdict = { problem, status: response.status, retryAfter: response.headers.get("retry-after") };
      outcome = problem === null ? "delivered" : isRejection(response.status) ? "rejected" : "failed";
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      verdict = { problem: timedOut ? "webhook timed out" : "webhook unreachable", status: null, retryAfter: null };
      outcome = timedOut ? "timed_out" : "failed";
    }
    onPostOutcome?.(outcome);
    return verdict;
  }

  /** Posts one claimed lead and records the answer: whether it was delivered, failed, or the webhook said "wait". */
  async function deliver(lead: Lead): Promise<"delivered" | "failed" | "held" | "not posted"> {
    if (!acceptedNotRecorded.has(lead.id)) {
      const windowMs = postWindowMs(lead);
      if (windowMs <= 0) {
        // The claim came back too late (a slow store) to post and record inside its lease: not posted,
        // and not recorded (the lease may be another worker's by then); the lead is due when it ends.
        log.warn(`Lead ${label(lead)} not posted: its claim came back too late to post it within the lease.`);
        return "not posted";
      }
      const { problem, status, retryAfter } = await post(lead, windowMs);
      if (problem) return recordFailure(lead, problem, status, retryAfter);
      acceptedNotRecorded.set(lead.id, lead);
    }
    await recordDelivery(lead);
    return "delivered";
  }

  async function recordFailure(
    lead: Lead,
    problem: string,
    status: number | null,
    retryAfter: string | null,
  ): Promise<"failed" | "held"> {
    const asked = status === 429 || status === 503 ? retryAfterMs(retryAfter, now()) : null;
    const waitMs = status === 429 ? (asked ?? DEFAULT_RATE_LIMIT_PAUSE_MS) : asked;
    const kind = failureKindOf(status, asked !== null);
    if (kind !== "rate-limited") failedSinceSuccess++;
    if (waitMs !== null) {
      // The webhook limits the rate: every instance waits as long as it says (or the default pause),
      // this lead too, and its backoff does not grow.
      const until = new Date(now().getTime() + waitMs);
      const wait = `${asked === null ? "no Retry-After, a pause of" : "Retry-After"} ${Math.round(waitMs / 1000)} s`;
      await store.holdDeliveries(until, status!);
      await store.recordFailure(lead.id, workerId, {
        error: `${problem} (${wait})`,
        status,
        kind,
        nextAttemptAt: until,
        backoffFailures: lead.backoffFailures,
      });
      log.warn(
        `The lead webhook asked to wait (${status}, ${wait}): no instance posts a lead before ${until.toISOString()}; lead ${label(lead)} waits for it.`,
      );
      return "held";
    }
    // The backoff grows only while the webhook accepts nothing. If it accepted a post (from any instance)
    // since this lead's last attempt, this failure is the first of a new run; while it accepted one
    // lately, the lead is tried again within a minute. A lead it rejected on its own keeps its backoff.
    const lastDelivery = kind === "rejected" ? null : ((await store.lastDeliveryAt())?.getTime() ?? null);
    const lastTried = Date.parse(lead.lastAttemptAt ?? lead.createdAt);
    const acceptedSince = lead.attempts > 0 && lastDelivery !== null && lastDelivery > lastTried;
    const accepting = lastDelivery !== null && now().getTime() - lastDelivery < acceptingWindowMs;
    const backoffFailures = acceptedSince ? 1 : lead.backoffFailures + 1;
    const longest = accepting ? Math.max(firstRetryMs, retryWhileAcceptingMs) : MAX_RETRY_MS;
    const delay = retryDelayMs(backoffFailures, random, firstRetryMs, longest);
    await store.recordFailure(lead.id, workerId, {
      error: problem,
      status,
      kind,
      nextAttemptAt: new Date(now().getTime() + delay),
      backoffFailures,
    });
    log.warn(`Lead ${label(lead)} not delivered (${problem}); retrying in ${Math.round(delay / 1000)} s.`);
    return "failed";
  }

  async function recordDelivery(lead: Lead): Promise<void> {
    await store.markDelivered(lead.id);
    acceptedNotRecorded.delete(lead.id);
    log.info(`Lead ${label(lead)} delivered.`);
    onDelivered?.(now().getTime() - Date.parse(lead.createdAt));
    // Every acceptance may end an outage or a refusal that another instance saw: what waited for the
    // webhook is due (one indexed update, which finds nothing when nothing waits).
    await backlogDue(lead);
    if (mirrorUrl) await mirror(lead);
  }

  /** Deliveries the store could not record before: recorded first, without posting the leads again. */
  async function recordAccepted(): Promise<void> {
    for (const lead of [...acceptedNotRecorded.values()]) await recordDelivery(lead);
  }

  /** The webhook accepted a lead: if it was unavailable or refusing posts, it is back, and what waited for it is due now. */
  async function backlogDue(lead: Lead): Promise<void> {
    const failures = failedSinceSuccess;
    failedSinceSuccess = 0;
    // A rejection this lead got was not about the lead after all: others that got it are due too.
    const sharedStatus = isRejection(lead.lastStatus) ? lead.lastStatus : null;
    const due = await store.makeBacklogDue(sharedStatus);
    if (due > 0) {
      const seen = failures > 0 ? ` after ${failures} failed post(s) here` : "";
      log.info(`The lead webhook accepts leads again${seen}: ${due} waiting lead(s) are due now.`);
    }
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

  /**
   * The next lead to post, claimed now, so its lease covers this one post: a due lead, or, when nothing
   * is due, nothing is under way and nothing was posted for `probeAfterMs`, the soonest of those waiting
   * for an unavailable webhook (a probe of whether it is back).
   */
  async function claimNext(postsUnderWay: number): Promise<Lead | null> {
    const [due] = await store.claimDue({ worker: workerId, leaseMs, limit: 1 });
    if (due || postsUnderWay > 0 || Date.now() - lastPostStartedAt < probeAfterMs) return due ?? null;
    return store.claimEarly({ worker: workerId, leaseMs });
  }

  /**
   * The one post after a webhook's Retry-After has passed (this worker holds the probe): once this
   * worker's other posts have ended, the lead due first. Its answer lifts the hold, or is another hold.
   * False when no lead is due (the probe is given up, for a worker that has one).
   */
  async function probe(underWay: Set<Promise<void>>): Promise<boolean> {
    await Promise.all(underWay);
    const [lead] = await store.claimDue({ worker: workerId, leaseMs, limit: 1 });
    if (!lead) {
      await store.endProbe(workerId, false);
      return false;
    }
    lastPostStartedAt = Date.now();
    const outcome = await deliver(lead);
    await store.endProbe(workerId, outcome !== "held" && outcome !== "not posted");
    if (outcome !== "held" && outcome !== "not posted") {
      log.info(`The lead webhook's Retry-After has passed and a post was answered without another: posting resumes.`);
    }
    return true;
  }

  /** Posts due leads at the pace, up to `maxPostsInFlight` at once, until none is due and none is under way. */
  async function run(): Promise<void> {
    const underWay = new Set<Promise<void>>();
    /** The store failed recording a post: no new posts; the run ends with that error once the others end. */
    const storeFailure: { error?: unknown; failed: boolean } = { failed: false };
    const oneSettles = () =>
      new Promise<void>((resolve) => {
        wakeRun = resolve;
        void Promise.race(underWay).then(resolve);
      });
    try {
      await recordAccepted();
      do {
        again = false;
        while (!stopped && !storeFailure.failed) {
          if (underWay.size >= maxPostsInFlight) {
            await Promise.race(underWay);
            continue;
          }
          const wait = lastPostStartedAt + postIntervalMs - Date.now();
          if (wait > 0) await sleep(wait, undefined, { ref: false });
          if (stopped || storeFailure.failed) break;
          // Every instance obeys a webhook's Retry-After, kept in the shared store.
          const gate = await store.deliveryGate(workerId, leaseMs);
          if (!gate.open) {
            // Another worker's probe ends with its answer, long before its lease: look again soon.
            const soon = new Date(now().getTime() + PROBE_POLL_MS);
            heldUntil = gate.reason === "probe" && soon < gate.until ? soon : gate.until;
            if (underWay.size === 0) break;
            await oneSettles();
            continue;
          }
          heldUntil = null;
          if (gate.probe) {
            if (!(await probe(underWay))) break;
            continue;
          }
          const lead = await claimNext(underWay.size);
          if (!lead) {
            if (underWay.size === 0) break;
            // A post that ends may make the backlog due, and a lead stored meanwhile wakes the run.
            await oneSettles();
            continue;
          }
          lastPostStartedAt = Date.now();
          const delivery: Promise<void> = deliver(lead)
            .then(() => undefined)
            .catch((error: unknown) => {
              // The lead stays claimed until its lease ends; an accepted one is recorded first in the next run.
              if (!storeFailure.failed) Object.assign(storeFailure, { failed: true, error });
            })
            .finally(() => underWay.delete(delivery));
          underWay.add(delivery);
        }
      } while (again && !stopped && !storeFailure.failed);
    } finally {
      wakeRun = null;
      await Promise.all(underWay);
    }
    if (storeFailure.failed) throw storeFailure.error;
  }

  /** Runs again after `waitMs`; at most after `pollMs` unless the store is failing (its own backoff). */
  function setTimer(waitMs: number, { poll = true } = {}): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = null;
        kick();
      },
      Math.max(0, poll ? Math.min(waitMs, pollMs) : waitMs),
    );
    timer.unref?.();
  }

  /** The worker's wait after `storeFailures` failures of the store in a row: from `firstRetryMs` up to a minute. */
  const storeBackoffMs = () => retryDelayMs(storeFailures, random, firstRetryMs, MAX_STORE_BACKOFF_MS);

  async function scheduleNext(): Promise<void> {
    if (storeFailures > 0) return setTimer(storeBackoffMs(), { poll: false });
    try {
      const next = await store.nextWakeAt();
      const wakeAt = Math.max(next?.getTime() ?? now().getTime() + pollMs, heldUntil?.getTime() ?? 0);
      setTimer(wakeAt - now().getTime());
    } catch (error) {
      storeFailures++;
      const waitMs = storeBackoffMs();
      log.error(
        `The lead store cannot say which lead is due next; trying again in ${Math.round(waitMs / 1000)} s.`,
        error,
      );
      setTimer(waitMs, { poll: false });
    }
  }

  function kick(): void {
    if (stopped || !webhookUrl) return;
    if (running) {
      again = true;
      wakeRun?.();
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
          `Lead delivery paused: the lead store failed (${storeFailures} time(s) in a row); backing off (at most ${MAX_STORE_BACKOFF_MS / 1000} s).`,
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
    /** A lead was just stored: try it now rather than at the next timer (the store took a write, so it works). */
    nudge(): void {
      kick();
    },
    /** Stops scheduling and waits (at most `waitMs`) for the deliveries under way to finish. */
    async stop(waitMs = timeoutMs + 1_000): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      wakeRun?.();
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
        /** Posts wait for the webhook's Retry-After (or another instance's probe of it) until then. */
        heldUntil: heldUntil && heldUntil.getTime() > now().getTime() ? heldUntil.toISOString() : null,
        lastRunAt: lastRun.at,
        lastError: lastRun.error,
      };
    },
  };
}
