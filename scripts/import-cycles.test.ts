import path from "node:path";
import { describe, expect, it } from "vitest";
import { findCycles, importsOf, resolveImport } from "./import-cycles.ts";

const root = path.resolve(import.meta.dirname, "..");
const inApp = (file: string) => path.join(root, "app", file);

describe("import cycles", () => {
  it("reads static, type-only, re-exported and dynamic imports, and leaves packages out", () => {
    const file = inApp("services/leads/open-store.server.ts");
    const text = [
      'import type { LeadStore } from "./store.server.ts";',
      'import { z } from "zod";',
      'export { leadsToCsv } from "./csv.ts";',
      "// import { ignored } from './masking.ts';",
      'const { openSqliteLeadStore } = await import("./sqlite-store.server.ts");',
      'import { requestContext } from "~/context";',
    ].join("\n");
    expect(importsOf(file, text).map((target) => path.relative(root, target))).toEqual([
      "app/services/leads/store.server.ts",
      "app/services/leads/csv.ts",
      "app/services/leads/sqlite-store.server.ts",
      "app/context.ts",
    ]);
  });

  it("resolves a folder to its index", () => {
    expect(resolveImport(inApp("context.ts"), "~/services/leads")).toBe(inApp("services/leads/index.ts"));
  });

  it("finds each cycle once, and none in a tree", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c", "d"]],
      ["c", ["a"]],
      ["d", []],
    ]);
    expect(findCycles(graph)).toEqual([["a", "b", "c"]]);
    expect(
      findCycles(
        new Map([
          ["a", ["b"]],
          ["b", ["c"]],
          ["c", []],
        ]),
      ),
    ).toEqual([]);
  });
});
