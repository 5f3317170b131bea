// npm test: every test, arranged so the whole run stays short on a 2-core machine.
//
// 1. typecheck, lint, the production build, the previous release's build (ops/previous-release) and
//    the tests of the operator's files (ops/, which start a hundred processes) side by side (each prints
//    its output as one block when it ends), then the unit tests (beside the rest, their timed tests
//    were starved).
// 2. The end-to-end tests on this terminal, and beside them in the background the cluster tests and
//    then the version-skew test, and the engine smoke as soon as the end-to-end or the cluster tests
//    have ended. The cluster tests mostly wait (a webhook
//    down for two minutes, leases running out, a database stalling), so they share the machine well;
//    all run at the same CPU priority (with the end-to-end tests niced below the others, the
//    end-to-end tests were starved).
// 3. The background steps' output is printed as one block each when they end (not interleaved).
// 4. The summary says how busy the machine's cores were: on a 2-core machine they are busy for most of
//    the run, most of it the browsers' (docs/testing.md, "How long it takes"), so the run's length
//    follows the CPU work it does.
// Every step runs even when an earlier one failed, except those that need the build when the build
// failed (the end-to-end, engine and cluster tests), which are reported as not run. The run ends with a
// line per step and then each failed end-to-end test with its error's opening, and fails unless every
// step ran and passed.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

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

/**
 * The machine's busy CPU time so far, in seconds (every process, from /proc/stat, whose USER_HZ is
 * 100 on Linux), or null where there is no /proc/stat. The summary compares it with the cores' time: a
 * run that kept every core busy is bound by its CPU work, and only doing less work (not more
 * parallelism) makes it shorter.
 */
function machineBusySeconds(): number | null {
  try {
    const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq] = fields.map(Number);
    return ([user, nice, system, irq, softirq] as number[]).reduce((sum, ticks) => sum + ticks, 0) / 100;
  } catch {
    return null;
  }
}

const notRun = (name: string): Outcome => ({ name, result: "not run", seconds: 0 });

interface ReportSuite {
  title: string;
  specs?: { title: string; file: string; line: number; tests: { results: { errors: { message?: string }[] }[] }[] }[];
  suites?: ReportSuite[];
}

/**
 * Each failed end-to-end test with the opening of its error, from Playwright's JSON report. The run
 * ends with them, after the summary: where only the end of a run's output is kept (a CI page), the
 * reason a test failed is otherwise above the attachments' listing, out of sight.
 */
function failedEndToEndTests(reportFile: string): string[] {
  let report: { suites: ReportSuite[] };
  try {
    report = JSON.parse(readFileSync(reportFile, "utf8"));
  } catch {
    return [];
  }
  const lines: string[] = [];
  const visit = (suite: ReportSuite) => {
    for (const spec of suite.specs ?? []) {
      const errors = spec.tests.flatMap((test) => test.results.flatMap((result) => result.errors));
      if (errors.length === 0) continue;
      lines.push(`  ${spec.file}:${spec.line} › ${spec.title}`);
      // The message's opening, without Playwright's call log (long, and the report keeps it).
      const message = stripVTControlCharacters(errors[0]!.message ?? "").split(/\n\s*Call log:/)[0]!;
      const opening = message.split("\n").filter((line) => line.trim() !== "");
      lines.push(...opening.slice(0, 6).map((line) => `      ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`));
    }
    suite.suites?.forEach(visit);
  };
  report.suites.forEach(visit);
  return lines;
}

function summary(outcomes: Outcome[]): boolean {
  console.log("\nnpm test:");
  for (const { name, result, seconds } of outcomes) {
    console.log(`  ${result.padEnd(7)}  ${name}${result === "not run" ? " (a build failed)" : ` (${seconds} s)`}`);
  }
  return outcomes.every(({ result }) => result === "passed");
}

async function main(): Promise<number> {
  mkdirSync(logDir, { recursive: true });
  const started = Date.now();
  const busyAtStart = machineBusySeconds();

  /** A step whose output goes to its log file, printed as one block when it ends. */
  const logged = (step: Step) =>
    run(step, logFileOf(step.name)).then((outcome) => {
      printLog(`${step.name} (${outcome.result}, ${outcome.seconds} s)`, logFileOf(step.name));
      return outcome;
    });

  const side = [
    { name: "typecheck", command: npm("typecheck") },
    { name: "lint", command: npm("lint") },
    { name: "build", command: npm("build") },
    { name: "test:ops", command: npm("test:ops") },
    { name: "previous release", command: npm("previous-release") },
  ];
  console.log(`> ${side.map(({ name }) => name).join(", ")} side by side (each printed when it ends)`);
  const outcomes = await Promise.all(side.map(logged));
  const failed: string[] = [];
  const built = outcomes.find(({ name }) => name === "build")?.result === "passed";
  const previousBuilt = outcomes.find(({ name }) => name === "previous release")?.result === "passed";

  console.log("\n> test:unit");
  outcomes.push(await run({ name: "test:unit", command: npm("test:unit") }));

  const e2e = { name: "test:e2e (Playwright)", command: npm("test:e2e:run") };
  const cluster = { name: "test:cluster", command: npm("test:cluster") };
  const engines = { name: "test:engines", command: npm("test:engines") };
  const skew = { name: "test:skew", command: npm("test:skew") };
  if (!built) {
    outcomes.push(...[e2e, engines, cluster, skew].map(({ name }) => notRun(name)));
  } else {
    // The end-to-end tests take longest: the cluster tests and then the version-skew test run beside
    // them, and the engine smoke follows whichever of the end-to-end and cluster tests ends first.
    console.log(
      `\n${cluster.name}, then ${skew.name}, and ${engines.name} run in the background (printed when they end)`,
    );
    let startEngines: () => void = () => {};
    const enginesMayStart = new Promise<void>((resolve) => {
      startEngines = resolve;
    });
    const clustered = logged(cluster).finally(startEngines);
    const skewed = clustered.then(() => (previousBuilt ? logged(skew) : notRun(skew.name)));
    const smoked = enginesMayStart.then(() => logged(engines));
    console.log(`\n> ${e2e.name}`);
    const ended = await run(e2e).finally(startEngines);
    outcomes.push(ended, ...(await Promise.all([smoked, clustered, skewed])));
    if (ended.result !== "passed") failed.push(...failedEndToEndTests(path.join(logDir, "e2e-report.json")));
  }
  const passed = summary(outcomes);
  console.log(`  ${seconds(started)} s in all`);
  const busyAtEnd = machineBusySeconds();
  if (busyAtStart !== null && busyAtEnd !== null) {
    const busy = busyAtEnd - busyAtStart;
    const cores = availableParallelism();
    const share = Math.round((100 * busy) / (cores * ((Date.now() - started) / 1000)));
    console.log(`  the machine's CPU: ${Math.round(busy)} s busy of ${cores} cores, ${share}% of their time`);
  }
  if (failed.length > 0) console.log(`\nThe end-to-end tests that failed, and why:\n${failed.join("\n")}`);
  return passed ? 0 : 1;
}

process.exitCode = await main();
