import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The alert rules an operator installs (alerts.yml), as Prometheus's own tool reads them: valid, and
 * each one firing and staying quiet where alerts.test.yml and alerts-daily.test.yml say. Debian's `prometheus` package gives
 * `promtool` (.ci/run installs it).
 */

const here = import.meta.dirname;
const rules = readFileSync(path.join(here, "alerts.yml"), "utf8");
const TEST_FILES = ["alerts.test.yml", "alerts-daily.test.yml"];
const testTexts = new Map(TEST_FILES.map((file) => [file, readFileSync(path.join(here, file), "utf8")]));
const ruleTests = [...testTexts.values()].join("\n");
/** The test files with cases for `alert`: a broken rule is run against those alone (a promtool run each). */
const testFilesOf = (alert: string) =>
  TEST_FILES.filter((file) => testTexts.get(file)!.includes(`alertname: ${alert}\n`));
const operations = readFileSync(path.join(here, "../../docs/operations.md"), "utf8");
const alertNames = [...rules.matchAll(/^ {6}- alert: (\w+)$/gm)].map((match) => match[1]!);

const scratch = mkdtempSync(path.join(tmpdir(), "hub-rules-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function promtool(...args: string[]) {
  const run = spawnSync("promtool", args, { cwd: scratch, encoding: "utf8" });
  if (run.error) throw new Error(`promtool cannot run (apt-get install prometheus): ${run.error.message}`);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** alerts.yml with one rule's expression replaced, beside the unit tests, in a folder of its own. */
function rulesWithExpression(alert: string, expression: string): string {
  const rule = new RegExp(`(^ {6}- alert: ${alert}\\n {8}expr: )(?:>\\n(?: {10}.*\\n)+|.*\\n)`, "m");
  expect(rules, `the rule ${alert} and its expr`).toMatch(rule);
  const folder = mkdtempSync(path.join(scratch, `${alert}-`));
  writeFileSync(path.join(folder, "alerts.yml"), rules.replace(rule, `$1${expression}\n`));
  for (const file of TEST_FILES) copyFileSync(path.join(here, file), path.join(folder, file));
  return folder;
}

// promtool runs for a second or so; on a busy machine, several.
describe("the alert rules (ops/prometheus/alerts.yml)", { timeout: 60_000 }, () => {
  it("are valid rules, and fire and stay quiet as alerts.test.yml expects", () => {
    expect(alertNames.length).toBeGreaterThanOrEqual(9);
    const checked = promtool("check", "rules", path.join(here, "alerts.yml"));
    expect(checked.output).toContain(`SUCCESS: ${alertNames.length} rules found`);
    expect(checked.status).toBe(0);
    const tested = promtool("test", "rules", ...TEST_FILES.map((file) => path.join(here, file)));
    expect(tested.status, tested.output).toBe(0);
    expect(tested.output.match(/^ {2}SUCCESS$/gm)).toHaveLength(TEST_FILES.length);
  });

  it("each have a case where they fire and one where they stay quiet", () => {
    const cases = [...ruleTests.matchAll(/^ +alertname: (\w+)\n +exp_alerts:( \[\])?$/gm)].map(([, alert, none]) => ({
      alert,
      fires: none === undefined,
    }));
    for (const alert of alertNames) {
      expect(cases, alert).toContainEqual({ alert, fires: true });
      expect(cases, alert).toContainEqual({ alert, fires: false });
    }
    expect(new Set(cases.map(({ alert }) => alert))).toEqual(new Set(alertNames));
  });

  it.each(alertNames)("fail their tests when %s could never fire", (alert) => {
    const folder = rulesWithExpression(alert, "vector(1) == 0");
    const tested = promtool("test", "rules", ...testFilesOf(alert).map((file) => path.join(folder, file)));
    expect(tested.status).toBe(1);
    expect([...tested.output.matchAll(/alertname: (\w+),/g)].map((match) => match[1])).toContain(alert);
  });

  it("each have their runbook in docs/operations.md, once, where their runbook_url points", () => {
    for (const alert of alertNames) {
      expect(operations.match(new RegExp(`^### ${alert}$`, "gm")), alert).toHaveLength(1);
      expect(rules).toContain(`runbook_url: docs/operations.md#${alert.toLowerCase()}\n`);
    }
    const runbooks = [...operations.matchAll(/^### (Hub\w+)$/gm)].map((match) => match[1]);
    expect(runbooks.sort()).toEqual([...alertNames].sort());
  });

  it("come with an example configuration Prometheus accepts", () => {
    const folder = mkdtempSync(path.join(scratch, "config-"));
    for (const file of ["prometheus.example.yml", "alerts.yml"])
      copyFileSync(path.join(here, file), path.join(folder, file));
    writeFileSync(path.join(folder, "hub-metrics-token"), "a-metrics-token-0123456789abcdef\n");
    const checked = promtool("check", "config", path.join(folder, "prometheus.example.yml"));
    expect(checked.output).toContain("is valid prometheus config file syntax");
    expect(checked.status, checked.output).toBe(0);
  });
});
