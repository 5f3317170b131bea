import path from "node:path";
import { defineConfig } from "vitest/config";

// The tests of the operator's files (npm run test:ops): promtool on the alert rules, ShellCheck and real
// runs of the scripts. A step of their own in npm test, beside the build (scripts/test-all.ts): they
// start a hundred processes, which starved the unit tests' timed ones when they ran among them.
export default defineConfig({
  root: path.resolve(import.meta.dirname, ".."),
  resolve: { tsconfigPaths: true },
  test: {
    include: ["ops/**/*.test.ts"],
    environment: "node",
    restoreMocks: true,
    // The files mostly wait for the processes they start: side by side, even on 2 cores.
    maxWorkers: 3,
  },
});
