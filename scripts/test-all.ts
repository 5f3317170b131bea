// npm test: every test, arranged so the whole run stays short on a 2-core machine.
//
// 1. typecheck, lint, the production build and the unit tests, one after the other; a failure of
//    the first three stops the run.
// 2. The cluster tests (test:cluster) start in the background. They mostly wait (a webhook down for two
//    minutes, leases running out, a database stalling), so they share the machine well, but their
//    servers must answer on time: the end-to-end tests beside them run at a lower CPU priority (nice
//    10). (Beside the unit tests, which also start PostgreSQL clusters and time things, both took twice
//    as long.)
// 3. The end-to-end tests (on the build from step 1), then the engine smoke.
// 4. The cluster tests' output is printed as one block when they end (not interleaved with the rest).
// Every test step runs even when an earlier one failed; the run ends with a line per step.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");
const clusterLog = path.join(root, "test-results", "cluster.log");
/** The niceness of the steps that run beside the cluster tests. */
const BESIDE_THE_CLUSTER = 10;

interface Step {
  name: string;
  command: string[];
  /** Run at a lower CPU priority. */
  nice?: boolean;
}

interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
}

function run({ name, command, nice }: Step, output: "inherit" | string): Promise<Outcome> {
  const started = Date.now();
  const [program, ...args] = nice ? ["nice", "-n", String(BESIDE_THE_CLUSTER), ...command] : command;
  const child = spawn(program!, args, {
    cwd: root,
    stdio: output === "inherit" ? "inherit" : ["ignore", "pipe", "pipe"],
  });
  // Both streams go into one file, which ends once the process has closed them both (not when the
  // first of them ends) and has been written out before the step counts as done.
  const log = output === "inherit" ? null : createWriteStream(output);
  if (log) {
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
  }
  return new Promise((resolve) => {
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return; // a process that could not start may report both "error" and "close"
      settled = true;
      const outcome = { name, ok, seconds: Math.round((Date.now() - started) / 1000) };
      if (log) log.end(() => resolve(outcome));
      else resolve(outcome);
    };
    child.once("error", (error) => {
      console.error(`${name} could not be started: ${error.message}`);
      done(false);
    });
    child.once("close", (code) => done(code === 0));
  });
}

const npm = (script: string): string[] => ["npm", "run", "--silent", script];

function summary(outcomes: Outcome[]): boolean {
  console.log("\nnpm test:");
  for (const { name, ok, seconds } of outcomes) console.log(`  ${ok ? "passed" : "FAILED"}  ${name} (${seconds} s)`);
  return outcomes.every(({ ok }) => ok);
}

async function main(): Promise<number> {
  const outcomes: Outcome[] = [];
  for (const step of [
    { name: "typecheck", command: npm("typecheck") },
    { name: "lint", command: npm("lint") },
    { name: "build", command: npm("build") },
  ]) {
    const outcome = await run(step, "inherit");
    outcomes.push(outcome);
    if (!outcome.ok) {
      summary(outcomes);
      return 1;
    }
  }
  console.log("\n> test:unit");
  outcomes.push(await run({ name: "test:unit", command: npm("test:unit") }, "inherit"));

  mkdirSync(path.dirname(clusterLog), { recursive: true });
  console.log(`\ntest:cluster runs in the background (its output is printed when it ends; ${clusterLog})`);
  const cluster = run({ name: "test:cluster", command: npm("test:cluster") }, clusterLog);

  for (const step of [
    { name: "test:e2e (Playwright)", command: npm("test:e2e:run"), nice: true },
    { name: "test:engines", command: npm("test:engines"), nice: true },
  ]) {
    console.log(`\n> ${step.name}`);
    outcomes.push(await run(step, "inherit"));
  }

  const clustered = await cluster;
  console.log(`\n> test:cluster (ran in the background)\n${readFileSync(clusterLog, "utf8")}`);
  outcomes.push(clustered);
  return summary(outcomes) ? 0 : 1;
}

process.exitCode = await main();
