import { defineConfig } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./scripts/chromium-path.js";
import { CONTENT_STAND_IN, DEMO_SITE, LIVE_SITE } from "./tests/e2e/support/servers";

/**
 * End-to-end tests against the production build, in Debian's Chromium:
 * - the demo site: `npm start` as a visitor gets it, every integration on its embedded stand-in;
 * - the "live" site: the same build configured for a separate Contentful-compatible service that the
 *   tests control (to check it is used, and to make it fail, slow down or answer oddly).
 */
const serverEnv = { NODE_ENV: "production", HOST: "127.0.0.1" };

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: DEMO_SITE.url,
    // A visitor's browser: headless Chromium's own user agent counts as a bot, which gets every page
    // unstreamed. Tests of what bots get set a crawler's user agent themselves.
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
    trace: "retain-on-failure",
  },
  webServer: [
    {
      name: "demo site",
      // Each run starts from an empty DATA_DIR: a content snapshot (or lead store) from an earlier run
      // would otherwise be restored and answer what a test expects the service to answer.
      command: "rm -rf test-results/data-demo && node server.js",
      url: `${DEMO_SITE.url}/healthz`,
      env: {
        ...serverEnv,
        PORT: String(DEMO_SITE.port),
        // Not a loopback origin, so the tests can tell that no page points a browser at this machine.
        SITE_URL: DEMO_SITE.siteUrl,
        DATA_DIR: "test-results/data-demo",
        ERROR_TEST_ROUTE: "true",
        // Many tests send the contact form from this one machine; the limit has its own test.
        CONTACT_RATE_LIMIT: "100000",
      },
      stdout: "pipe",
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      name: "content service for the live site",
      command: "node tests/e2e/support/content-service.ts",
      url: `${CONTENT_STAND_IN.url}/__control/requests`,
      env: { PORT: String(CONTENT_STAND_IN.port) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      name: "live site",
      command: `rm -rf test-results/data-live && mkdir -p test-results && node server.js > ${LIVE_SITE.logFile} 2>&1`,
      url: `${LIVE_SITE.url}/healthz`,
      env: {
        ...serverEnv,
        PORT: String(LIVE_SITE.port),
        DATA_DIR: "test-results/data-live",
        CONTENTFUL_SPACE_ID: CONTENT_STAND_IN.spaceId,
        CONTENTFUL_ACCESS_TOKEN: CONTENT_STAND_IN.accessToken,
        CONTENTFUL_HOST: CONTENT_STAND_IN.host,
        CONTENTFUL_INSECURE: "true",
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
