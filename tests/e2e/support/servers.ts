/**
 * The server the end-to-end tests start (playwright.config.ts) and talk to. Its port follows
 * E2E_PORT_BASE (default 4173), so two checkouts can run their tests side by side.
 */

const base = Number(process.env.E2E_PORT_BASE ?? 4173);
if (!Number.isInteger(base) || base < 1024 || base > 65_000) {
  throw new Error(`E2E_PORT_BASE must be a port number from 1024 to 65000, not "${process.env.E2E_PORT_BASE}"`);
}

const loopback = (port: number) => `http://127.0.0.1:${port}`;

/**
 * Where the shared servers write everything they log (one file each, emptied at each run). The test
 * output shows a server's log only for a failed test (fixtures.ts), so a passing run stays readable.
 */
export const SERVER_LOG_DIR = "test-results/servers";

export const DEMO_SITE = {
  port: base,
  url: loopback(base),
  siteUrl: "https://demo.ozarkfoundry.example",
  logFile: `${SERVER_LOG_DIR}/demo-site.log`,
};

/** The shared servers' logs, by the name a failed test's report gives them. */
export const SHARED_SERVER_LOGS = [{ name: "demo site", file: DEMO_SITE.logFile }] as const;
