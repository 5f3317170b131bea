import { describe, expect, it } from "vitest";
import { compactInlineScriptSource, INLINED_SOURCES } from "./compact-inline-scripts.ts";

describe("the inline scripts' sources, compacted in the server build", () => {
  it("keeps every top-level name and function name the scripts are passed by, and shortens the rest", () => {
    const source = [
      "export function redactLabel(label) {",
      "  const redacted = label.includes('@') ? '[redacted]' : label;",
      "  return redacted;",
      "}",
      "export function sendEvent(action, params) {",
      "  const onFrame = () => redactLabel(action);",
      "  return [onFrame(), params];",
      "}",
    ].join("\n");
    const { code } = compactInlineScriptSource("/app/browser/analytics.ts", source);
    expect(code).toContain("function redactLabel(");
    expect(code).toContain("function sendEvent(");
    expect(code).toContain("redactLabel(");
    expect(code).not.toContain("redacted =");
    expect(code.length).toBeLessThan(source.length * 0.8);
    const module = new Function(`${code.replace(/export /g, "")}; return sendEvent("a@b", 1);`);
    expect(module()).toEqual(["[redacted]", 1]);
  });

  it("applies to the modules whose functions are inlined, and no other", () => {
    for (const file of [
      "first-seconds/first-script.ts",
      "first-seconds/module-bootstrap.ts",
      "first-seconds/shared.ts",
      "browser/analytics.ts",
    ]) {
      expect(INLINED_SOURCES.test(`/repo/app/${file}`)).toBe(true);
    }
    for (const file of ["first-seconds/answer.tsx", "first-seconds/contract.ts", "browser/web-vitals.ts"]) {
      expect(INLINED_SOURCES.test(`/repo/app/${file}`)).toBe(false);
    }
  });
});
