import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { chromiumPath, headlessShellPath } from "./chromium-path.js";

const versionOf = (browser: string) =>
  /Chromium (\d+\.\d+\.\d+\.\d+)/.exec(execFileSync(browser, ["--version"], { encoding: "utf8" }))?.[1];

describe("the Chromium of the end-to-end tests", () => {
  it("is the same Chromium release as the benches' browser, so tests and measurements see one engine", () => {
    const shell = versionOf(headlessShellPath);
    expect(shell).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(shell).toBe(versionOf(chromiumPath));
  });
});
