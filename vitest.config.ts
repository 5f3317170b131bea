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
    // the staff's scripts): two files at once even on a 2-core machine, where Vitest's default (one
    // fewer than the cores) ran them one at a time. Not more than the cores there: the CPU-bound tests
    // (a thousand token requests in 5 s) need their share.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
