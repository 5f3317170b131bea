// npm test: every test, arranged so the whole run stays short on a 2-core machine.
//
// 1. typecheck, lint and the production build side by side (each prints its output as one block when
//    it ends), then the unit tests.
// 2. The cluster tests (test:cluster) start in the background, beside the end-to-end tests (on the
//    build from step 1) and then the engine smoke. They mostly wait (a webhook down for two minutes,
//    leases running out, a database stalling), so they share the machine well. Both run at the same
//    CPU priority: with the end-to-end tests niced below them, the end-to-end tests were starved.
// 3. The cluster tests' output is printed as one block when they end (not interleaved with the rest).
// Every step runs even when an earlier one failed, except those that need the build when the build
// failed (the end-to-end, engine and cluster tests), which are reported as not run. The run ends with a
// line per step, and fails unless every step ran and passed.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");
const logDir = path.join(root, "test-results");

interface Step {
  name: string;
  command: string[];
}

interface Outcome {
  name: string;
  result: "passed" | "FAILED" | "not run";
  seconds: number;
}

/** Runs a step with its output on this terminal, or into `logFile` (printed later as one block). */
function run({ name, command }: Step, logFile?: string): Promise<Outcome> {
  const started = Date.now();
  const [program, ...args] = command;
  const child = spawn(program!, args, { cwd: root, stdio: logFile ? ["ignore", "pipe", "pipe"] : "inherit" });
  // Both streams go into one file, which ends once the process has closed them both (not when the
  // first of them ends) and has been written out before the step counts as done.
  const log = logFile ? createWriteStream(logFile) : null;
  if (log) {
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
  }
  return new Promise((resolve) => {
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return; // a process that could not start may report both "error" and "close"
      settled = true;
      const outcome: Outcome = { name, result: ok ? "passed" : "FAILED", seconds: seconds(started) };
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

const seconds = (since: number) => Math.round((Date.now() - since) / 1000);

const npm = (script: string): string[] => ["npm", "run", "--silent", script];

const logFileOf = (name: string) => path.join(logDir, `${name.replaceAll(/[^a-z0-9]+/gi, "-")}.log`);

function printLog(name: string, file: string): void {
  console.log(`\n> ${name}\n${readFileSync(file, "utf8").trimEnd()}`);
}

const notRun = (name: string): Outcome => ({ name, result: "not run", seconds: 0 });

function summary(outcomes: Outcome[]): boolean {
  console.log("\nnpm test:");
  for (const { name, result, seconds } of outcomes) {
    console.log(`  ${result.padEnd(7)}  ${name}${result === "not run" ? " (the build failed)" : ` (${seconds} s)`}`);
  }
  return outcomes.every(({ result }) => result === "passed");
}

async function main(): Promise<number> {
  mkdirSync(logDir, { recursive: true });
  const started = Date.now();
  const outcomes: Outcome[] = [];

  const side = [
    { name: "typecheck", command: npm("typecheck") },
    { name: "lint", command: npm("lint") },
    { name: "build", command: npm("build") },
  ];
  console.log(`> ${side.map(({ name }) => name).join(", ")} side by side (each printed when it ends)`);
  const sideOutcomes = await Promise.all(
    side.map(async (step) => {
      const outcome = await run(step, logFileOf(step.name));
      printLog(`${step.name} (${outcome.result}, ${outcome.seconds} s)`, logFileOf(step.name));
      return outcome;
    }),
  );
  outcomes.push(...sideOutcomes);
  const built = sideOutcomes.find(({ name }) => name === "build")?.result === "passed";

  console.log("\n> test:unit");
  outcomes.push(await run({ name: "test:unit", command: npm("test:unit") }));

  const needBuild = ["test:e2e (Playwright)", "test:engines", "test:cluster"];
  if (!built) {
    outcomes.push(...needBuild.map(notRun));
  } else {
    const clusterLog = logFileOf("cluster");
    console.log(`\ntest:cluster runs in the background (its output is printed when it ends; ${clusterLog})`);
    const cluster = run({ name: "test:cluster", command: npm("test:cluster") }, clusterLog);
    for (const step of [
      { name: "test:e2e (Playwright)", command: npm("test:e2e:run") },
      { name: "test:engines", command: npm("test:engines") },
    ]) {
      console.log(`\n> ${step.name}`);
      outcomes.push(await run(step));
    }
    const clustered = await cluster;
    printLog("test:cluster (ran in the background)", clusterLog);
    outcomes.push(clustered);
  }
  const passed = summary(outcomes);
  console.log(`  ${seconds(started)} s in all`);
  return passed ? 0 : 1;
}

process.exitCode = await main();
