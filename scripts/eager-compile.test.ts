import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { rolldown } from "rolldown";
import { describe, expect, it, onTestFinished } from "vitest";
import { COMPILE_HINT_ALL_FUNCTIONS, eagerCommonJsWrappers, eagerCompile } from "./eager-compile.ts";

/** A folder of the test's own, removed when it ends. */
function scratchFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

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
    const folder = scratchFolder("eager-compile-");
    writeFileSync(
      path.join(folder, "legacy.cjs"),
      "var shared = { count: 0 };\nexports.next = function () { return ++shared.count; };\nexports.kind = typeof this;\n",
    );
    writeFileSync(
      path.join(folder, "entry.js"),
      'import legacy from "./legacy.cjs";\nexport const { next, kind } = legacy;\n',
    );
    const bundle = await rolldown({ input: path.join(folder, "entry.js"), plugins: [eagerCompile()] });
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

describe("V8's compile hint on every chunk", () => {
  it("is the first line of every minified chunk, dynamic imports' chunks included, and the code still runs", async () => {
    const folder = scratchFolder("eager-compile-hint-");
    writeFileSync(
      path.join(folder, "entry.js"),
      '// a comment the minifier drops\nexport async function later() { return (await import("./later.js")).double(21); }\n',
    );
    writeFileSync(path.join(folder, "later.js"), "export function double(value) { return value * 2; }\n");
    const bundle = await rolldown({ input: path.join(folder, "entry.js"), plugins: [eagerCompile()] });
    const { output } = await bundle.write({ dir: path.join(folder, "out"), format: "esm", minify: true });
    await bundle.close();
    const chunks = output.filter((file) => file.type === "chunk");

    expect(chunks).toHaveLength(2);
    for (const chunk of chunks) expect(chunk.code.split("\n")[0]).toBe(COMPILE_HINT_ALL_FUNCTIONS);
    expect(COMPILE_HINT_ALL_FUNCTIONS).toBe("//# allFunctionsCalledOnLoad");
    const entry = chunks.find((chunk) => chunk.isEntry)!;
    const built = await import(path.join(folder, "out", entry.fileName));
    expect(await built.later()).toBe(42);
  });

  it("refuses a build whose output already has a post-banner, rather than drop either", async () => {
    const folder = scratchFolder("eager-compile-banner-");
    writeFileSync(path.join(folder, "entry.js"), "export const value = 1;\n");
    const bundle = await rolldown({ input: path.join(folder, "entry.js"), plugins: [eagerCompile()] });
    await expect(bundle.generate({ format: "esm", postBanner: "/* licence */" })).rejects.toThrow(
      /output\.postBanner is already set/,
    );
    await bundle.close();
  });
});
