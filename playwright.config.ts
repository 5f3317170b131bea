import { defineConfig } from "@playwright/test";
import { chromiumFlags, headlessShellPath } from "./scripts/chromium-path.js";
import { DEMO_SITE, SERVER_LOG_DIR } from "./tests/e2e/support/servers";
import { TEST_METRICS_TOKEN } from "./tests/support/readiness";

/**
 * End-to-end tests against the production build, in Debian's Chromium (its headless shell,
 * scripts/chromium-path.js), on the demo site: `npm start` as a visitor gets it, every integration on
 * its embedded stand-in. Tests that need the build configured for outside services they control (to
 * check they are used, and to make them fail, slow down or answer oddly) get a site of their own
 * (`isolatedSite`, tests/e2e/support/fixtures.ts).
 */
const serverEnv = { NODE_ENV: "production", HOST: "127.0.0.1" };

/**
 * Runs a server with everything it prints going to its log file (test-results/servers/): a failed
 * test shows what the servers logged while it ran (tests/e2e/support/fixtures.ts), a passing run shows
 * nothing of them. A server that exits on its own (it could not start) prints its last lines to
 * standard error, which Playwright shows. (At the end of the run Playwright kills the whole command.)
 */
const logged = (command: string, logFile: string) =>
  `mkdir -p ${SERVER_LOG_DIR} && ${command} > ${logFile} 2>&1 || { echo "${command} exited; the end of ${logFile}:" >&2; tail -n 40 ${logFile} >&2; exit 1; }`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // The JSON report keeps each test's duration: where the run's time goes (docs/testing.md).
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-report.json" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: DEMO_SITE.url,
    // A visitor's browser: headless Chromium's own user agent counts as a bot, which gets every page
    // unstreamed. Tests of what bots get set a crawler's user agent themselves.
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    launchOptions: { executablePath: headlessShellPath, args: chromiumFlags },
    // Recording a trace of every test (to keep the failed ones') took a quarter to a third of the run's
    // time on a 2-core machine (screencast frames and a DOM snapshot around every action). A failed test
    // still shows its error context (the page's accessibility snapshot), a screenshot and the servers'
    // logs; to record traces, run with E2E_TRACE=retain-on-failure (or `--trace on`).
    trace: (process.env.E2E_TRACE as "retain-on-failure" | "on" | "off" | undefined) ?? "off",
    screenshot: "only-on-failure",
    // Visitors who ask for less motion get none (app.css): with it, a page's entrance animations end at
    // once instead of drawing 60 frames a second for a second or two after every load and scroll, which
    // on these machines' software compositing was about a fifth of the browser's work. The animations
    // are presentational (docs/pages.md); motion.spec.ts checks them, and routes.spec.ts
    // and layout.spec.ts see every page with its motion (the entrances end before axe measures contrast).
    reducedMotion: "reduce",
  },
  webServer: [
    {
      name: "demo site",
      // Each run starts from an empty DATA_DIR: a content snapshot (or lead store) from an earlier run
      // would otherwise be restored and answer what a test expects the service to answer.
      command: `rm -rf test-results/data-demo && ${logged("node server.js", DEMO_SITE.logFile)}`,
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
        // /readyz's details (tests/support/readiness.ts).
        METRICS_TOKEN: TEST_METRICS_TOKEN,
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
