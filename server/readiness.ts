import type { LeadDelivery, LeadStore } from "~/services/leads";

/**
 * The lead half of the readiness answer (`/readyz`): `unavailable` (503) when the store refuses a
 * write, `degraded` once the oldest pending lead has waited longer than LEAD_ALERT_AFTER (the webhook
 * is failing or missing, so a monitor should alert), else `ok`.
 */
export async function leadReadiness({
  store,
  delivery,
  alertAfterMs,
  now = () => new Date(),
}: {
  store: Pick<LeadStore, "kind" | "probeWrite" | "stats">;
  delivery: Pick<LeadDelivery, "state">;
  alertAfterMs: number;
  now?: () => Date;
}): Promise<{ status: "ok" | "degraded" | "unavailable" } & Record<string, unknown>> {
  const worker = delivery.state();
  try {
    await store.probeWrite();
    const stats = await store.stats();
    const oldestPendingAgeSeconds = stats.oldestPendingAt
      ? Math.max(0, Math.round((now().getTime() - Date.parse(stats.oldestPendingAt)) / 1000))
      : null;
    const late = oldestPendingAgeSeconds !== null && oldestPendingAgeSeconds * 1000 > alertAfterMs;
    return {
      status: late ? "degraded" : "ok",
      leads: {
        store: store.kind,
        writable: true,
        pending: stats.pending,
        retrying: stats.retrying,
        spam: stats.spam,
        oldestPendingAgeSeconds,
        alertAfterSeconds: Math.round(alertAfterMs / 1000),
        ...(late ? { problem: "the oldest pending lead has waited longer than LEAD_ALERT_AFTER" } : {}),
        worker,
      },
    };
  } catch (error) {
    return {
      status: "unavailable",
      leads: {
        store: store.kind,
        writable: false,
        problem: `the lead store refuses writes: ${(error as Error).message}`,
        worker,
      },
    };
  }
}

export type Readiness = { status: "ok" | "degraded" | "unavailable" } & Record<string, unknown>;

/** The fact a timer keeps: what the last check found, and whether its write probe went through. */
export interface ReadinessChecks {
  /**
   * The last check's result (the first one's, once it ends): what `/readyz` tells a caller without the
   * metrics token, so a request never writes to the store. A check that has not answered for
   * `staleAfterMs` counts as the store refusing writes.
   */
  latest(): Promise<Readiness>;
  /** Whether the last check's write probe went through (false while a check hangs past `staleAfterMs`). */
  storeWritable(): boolean;
  stop(): void;
}

/**
 * Runs `check` (the readiness answer, with its write probe of the lead store) on a timer: every
 * `everyMs` after the last one ended, never two at once. Load balancers and Prometheus read what it
 * found; however often they ask, the store gets one probe write per `everyMs`.
 */
export function startReadinessChecks({
  check,
  everyMs = 1_000,
  staleAfterMs = 5_000,
  now = Date.now,
  onChange = () => {},
}: {
  check: () => Promise<Readiness>;
  everyMs?: number;
  staleAfterMs?: number;
  now?: () => number;
  /** Told when a check's status differs from the last one's (the first check's too), to log it once. */
  onChange?: (readiness: Readiness, before: Readiness | null) => void;
}): ReadinessChecks {
  let last: Readiness | null = null;
  let runningSince: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const run = async (): Promise<Readiness> => {
    runningSince = now();
    const before = last;
    try {
      last = await check();
    } catch (error) {
      last = { status: "unavailable", leads: { writable: false, problem: (error as Error).message } };
    } finally {
      runningSince = null;
    }
    if (last.status !== before?.status) onChange(last, before);
    if (!stopped) {
      timer = setTimeout(() => void run(), everyMs);
      timer.unref?.();
    }
    return last;
  };
  const first = run();

  const hanging = () => runningSince !== null && now() - runningSince > staleAfterMs;
  const refused = (): Readiness => ({
    status: "unavailable",
    leads: {
      writable: false,
      problem: `the readiness check has not answered for ${Math.round(staleAfterMs / 1000)} s`,
    },
  });

  return {
    async latest() {
      if (hanging()) return refused();
      return last ?? first;
    },
    storeWritable() {
      if (hanging() || !last) return false;
      return (last.leads as { writable?: unknown } | undefined)?.writable === true;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
