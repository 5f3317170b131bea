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
