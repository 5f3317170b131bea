import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { rolldown } from "rolldown";
import { describe, expect, it } from "vitest";
import { eagerCommonJs, eagerCommonJsWrappers } from "./eager-commonjs.ts";

describe("CommonJS wrappers compiled with their chunk", () => {
  it("writes the bundler's arrow wrappers as parenthesized functions, and nothing else", () => {
    const code = [
      "var require_a = /* @__PURE__ */ __commonJSMin(((exports, module) => {",
      "\tmodule.exports = () => 1;",
      "}));",
      "var require_b = /* @__PURE__ */ __commonJSMin(((exports) => {",
      "\texports.value = [1].map((x) => x + 1);",
      "}));",
    ].join("\n");
    expect(eagerCommonJsWrappers(code)).toBe(
      [
        "var require_a = /* @__PURE__ */ __commonJSMin((function(exports, module) {",
        "\tmodule.exports = () => 1;",
        "}));",
        "var require_b = /* @__PURE__ */ __commonJSMin((function(exports) {",
        "\texports.value = [1].map((x) => x + 1);",
        "}));",
      ].join("\n"),
    );
  });

  it("survives the minifier, and the bundle still works", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "eager-commonjs-"));
    writeFileSync(
      path.join(folder, "legacy.cjs"),
      "var shared = { count: 0 };\nexports.next = function () { return ++shared.count; };\nexports.kind = typeof this;\n",
    );
    writeFileSync(
      path.join(folder, "entry.js"),
      'import legacy from "./legacy.cjs";\nexport const { next, kind } = legacy;\n',
    );
    const bundle = await rolldown({ input: path.join(folder, "entry.js"), plugins: [eagerCommonJs()] });
    const { output } = await bundle.write({ dir: path.join(folder, "out"), format: "esm", minify: true });
    await bundle.close();
    const chunk = output.find((file) => file.type === "chunk")!;

    // A parenthesized function expression (V8 compiles it eagerly), not an arrow function.
    expect(chunk.code).toMatch(/\(\(function\(\w+(,\w+)*\)\{/);
    expect(chunk.code).not.toMatch(/\(\(\(?\w+(,\w+)*\)?=>\{/);
    const built = await import(path.join(folder, "out", chunk.fileName));
    expect([built.next(), built.next()]).toEqual([1, 2]);
    // CommonJS code still sees its exports as `this` at its top level (the bundler passes them).
    expect(built.kind).toBe("object");
  });
});
