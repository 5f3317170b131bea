// Finds import cycles among the site's own modules (app/ and server/), for `npm run lint`.
//   node scripts/import-cycles.ts          exits 1 and prints each cycle when there is one
// Every import counts, type-only and dynamic ones included: a module that needs another's types and
// is needed by it is one subsystem split in the wrong place (move the shared part to a module both import).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const SOURCE = /\.(ts|tsx)$/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** The source files under `folders`, tests left out (a test imports what it tests; nothing imports it). */
export function sourceFiles(folders: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name !== "node_modules" && !name.startsWith(".") && name !== "+types") walk(full);
      } else if (SOURCE.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts")) files.push(full);
    }
  };
  for (const folder of folders) walk(path.join(root, folder));
  return files;
}

/** The file a specifier names, or null for a package or a file outside the project. */
export function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((candidate) => SOURCE.test(candidate) && existsSync(candidate)) ?? null;
}

export function importsOf(file: string, text = readFileSync(file, "utf8")): string[] {
  const withoutComments = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const targets = new Set<string>();
  for (const match of withoutComments.matchAll(IMPORT)) {
    const resolved = resolveImport(file, (match[1] ?? match[2])!);
    if (resolved) targets.add(resolved);
  }
  return [...targets];
}

/** Each cycle once, as the files around it, starting from its first file in sorted order. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles = new Map<string, string[]>();
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") {
        const cycle = stack.slice(stack.indexOf(next));
        const start = cycle.indexOf([...cycle].sort()[0]!);
        const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
        cycles.set(rotated.join(" -> "), rotated);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return [...cycles.values()];
}

if (import.meta.main) {
  const files = sourceFiles(["app", "server"]);
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const cycles = findCycles(graph);
  for (const cycle of cycles) {
    console.error(`Import cycle: ${[...cycle, cycle[0]!].map((file) => path.relative(root, file)).join(" -> ")}`);
  }
  if (cycles.length > 0) process.exit(1);
  console.log(`No import cycles among ${files.length} modules in app/ and server/.`);
}
