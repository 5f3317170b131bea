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
    console.error("Readiness: the lead store refused a write:", error);
    return {
      status: "unavailable",
      leads: { store: store.kind, writable: false, problem: "the lead store refuses writes", worker },
    };
  }
}
