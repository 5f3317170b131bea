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
    // Many of these tests mostly wait (real timers in the lead delivery's retries, leases and holds,
    // child processes of the staff's scripts, PostgreSQL clusters starting): four files at once even on
    // a 2-core machine, where Vitest's default (one fewer than the cores) ran them one at a time and two
    // at once left a core idle (unit step 47 s with two, 35 s with four; the CPU-bound tests, such as a
    // thousand token requests in 5 s, still pass).
    maxWorkers: Math.max(4, availableParallelism() - 1),
    // A worker runs file after file without a fresh module graph for each (starting one took about a
    // third of a second of CPU per file: the step 34 → 28 s). No test mocks modules, stubs globals or
    // changes the environment for later files; files in shuffled orders pass the same.
    isolate: false,
  },
});
