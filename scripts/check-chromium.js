import { accessSync, constants } from "node:fs";
import { chromiumPath } from "./chromium-path.js";

try {
  accessSync(chromiumPath, constants.X_OK);
} catch {
  console.error(
    `Chromium was not found at ${chromiumPath}. Install it with: sudo apt-get update && sudo apt-get install -y chromium (or set CHROME_PATH).`,
  );
  process.exit(1);
}
