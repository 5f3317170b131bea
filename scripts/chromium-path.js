// Where the tests find Chromium: Debian's package, unless CHROME_PATH points elsewhere.
export const chromiumPath = process.env.CHROME_PATH || "/usr/bin/chromium";

// Flags for a headless Chromium on a machine without outside network access.
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

// The features Playwright 1.65 turns off in the Chromium it launches (its own --disable-features).
export const playwrightDisabledFeatures = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

// The Chromium flags of the end-to-end tests. Every new browser context is a new window, and Chromium
// 156 builds each window's omnibox popup as two WebUI pages (chrome://omnibox-popup.top-chrome/) that
// no test looks at: about 0.45 s of CPU per test. Chromium reads only the last --disable-features, so
// this one repeats Playwright's (chromium-path.test.ts fails when a Playwright upgrade changes them).
export const playwrightChromiumFlags = [
  ...chromiumFlags,
  `--disable-features=${[...playwrightDisabledFeatures, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"].join(",")}`,
];
