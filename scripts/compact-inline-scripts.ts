import { minifySync, type Plugin } from "vite";

/**
 * The modules whose functions become inline scripts (`app/first-seconds/inline-script.ts` stringifies
 * them): the first script, the module bootstrap, the functions both sides share, and analytics.
 */
export const INLINED_SOURCES =
  /app[\\/](first-seconds[\\/](first-script|module-bootstrap|shared)|browser[\\/]analytics)\.ts$/;

/**
 * Each page carries the inline scripts' source as the server's code holds it. In the server build those
 * modules are minified as the client's are, but keeping every top-level name (the helpers are passed to
 * the scripts by name) and every function's name: whitespace out, local names short. A page's inline
 * scripts are then about the size the hand-minified ones were (docs/decisions/031-page-cache-with-hashed-scripts.md
 * keeps them one way, so their hashes are stable).
 */
export function compactInlineScriptSource(id: string, code: string): { code: string; map?: unknown } {
  const result = minifySync(id, code, {
    module: true,
    compress: false,
    mangle: { toplevel: false, keepNames: true },
    codegen: { removeWhitespace: true },
    sourcemap: true,
  });
  if (result.errors.length > 0) {
    throw new Error(`${id}: ${result.errors.map((error) => error.message).join("; ")}`);
  }
  return { code: result.code, map: result.map };
}

/** The server build's inline-script modules, compacted (the browser's build is minified already). */
export function compactInlineScripts(): Plugin {
  return {
    name: "compact-inline-scripts",
    apply: "build",
    enforce: "post",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!INLINED_SOURCES.test(id)) return null;
      return compactInlineScriptSource(id, code) as { code: string };
    },
  };
}
