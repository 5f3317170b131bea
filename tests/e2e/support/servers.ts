/** The servers the end-to-end tests start (playwright.config.ts) and talk to. */

export const DEMO_SITE = { port: 4173, url: "http://127.0.0.1:4173" };

export const CONTENT_STAND_IN = {
  port: 4310,
  host: "127.0.0.1:4310",
  url: "http://127.0.0.1:4310",
  spaceId: "e2espace",
  accessToken: "e2e-delivery-token",
};

export const LIVE_SITE = {
  port: 4174,
  url: "http://127.0.0.1:4174",
  logFile: "test-results/live-site.log",
};
