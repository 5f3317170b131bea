// Where the tests, benches and scripts find Chromium: Debian's packages, unless CHROME_PATH or
// CHROME_HEADLESS_SHELL_PATH point elsewhere.

// The browser a visitor runs (the `chromium` package): the benches, the hydration trace and the demo
// images use it.
export const chromiumPath = process.env.CHROME_PATH || "/usr/bin/chromium";

// The end-to-end tests' browser (the `chromium-headless-shell` package, built from the same source
// as `chromium`): the same engine (Blink, V8, the network stack) without the browser's windows and
// their WebUI pages, which is what Playwright itself runs headless. Every test opens a new browser
// context; in the full browser that cost about 0.25 s of CPU each, in this one about 0.09, and the
// whole end-to-end step did about a quarter less CPU work (docs/testing.md, "How long it takes").
export const headlessShellPath = process.env.CHROME_HEADLESS_SHELL_PATH || "/usr/lib/chromium/chromium-headless-shell";

// Flags for a headless Chromium on a machine without outside network access.
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
