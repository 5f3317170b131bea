/**
 * `/readyz` tells a load balancer its status only; its counts and the delivery worker's state go to a
 * caller with a metrics token (METRICS_TOKEN) as the bearer. Every site the tests start takes this one
 * (spawn-site.ts, playwright.config.ts), so a test can read them.
 */
export const TEST_METRICS_TOKEN = "e2e-test-metrics-token-0123456789abcdef";

/** The readiness answer with its details, as staff (and their monitoring) read it. */
export async function readinessOf<Details = { status: string } & Record<string, unknown>>(
  origin: string,
): Promise<Details> {
  const response = await fetch(`${origin}/readyz`, { headers: { Authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
  return (await response.json()) as Details;
}
