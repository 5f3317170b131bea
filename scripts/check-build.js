// Tests that start the production server need a build; say so plainly instead of failing on an import.
import { existsSync } from "node:fs";

if (!existsSync(new URL("../build/server/index.js", import.meta.url))) {
  console.error("No production build: run `npm run build` first (npm test builds it before its tests).");
  process.exit(1);
}
