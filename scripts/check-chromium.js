import { accessSync, constants } from "node:fs";
import { chromiumPath, headlessShellPath } from "./chromium-path.js";

const browsers = [
  { path: chromiumPath, variable: "CHROME_PATH", install: "chromium" },
  { path: headlessShellPath, variable: "CHROME_HEADLESS_SHELL_PATH", install: "chromium-headless-shell" },
];
for (const { path, variable, install } of browsers) {
  try {
    accessSync(path, constants.X_OK);
  } catch {
    console.error(
      `Chromium was not found at ${path}. Install it with: sudo apt-get update && sudo apt-get install -y ${install} (or set ${variable}).`,
    );
    process.exit(1);
  }
}
