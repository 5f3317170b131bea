import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "demo/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    restoreMocks: true,
    // Many of these tests mostly wait (real timers in the lead delivery's retries, child processes of
    // the staff's scripts): more files at once than cores. Vitest's default of one fewer than the cores
    // ran them one at a time on a 2-core machine (130 s there; 75 s with 3).
    maxWorkers: Math.max(3, availableParallelism()),
  },
});
