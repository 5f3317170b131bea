import type { Plugin } from "vite";

/**
 * React and React DOM are CommonJS packages. The bundler wraps each CommonJS module in an arrow
 * function that runs on the module's first `require`, and V8 compiles such a function lazily: on the
 * main thread, at that first call. For React DOM's client (a 200 KB function body) that parse was the
 * longest task at the start of hydration (issue 21: 55-75 ms of CPU in the task that runs the client
 * entry, most of it compiling). V8 compiles a parenthesized `function` expression eagerly instead, with
 * the rest of its script, which for a module script happens on a background thread while it streams
 * in. So the wrappers are written that way. `this` and `arguments` cannot tell: the wrapper is called
 * without a receiver in a strict-mode module, and a module's top level has no `arguments`.
 */
const ARROW_WRAPPER = /__commonJSMin\(\(\(([\w$]+(?:, [\w$]+)*)\) => \{/g;

export function eagerCommonJsWrappers(code: string): string {
  return code.replace(ARROW_WRAPPER, "__commonJSMin((function($1) {");
}

/** The build's client chunks with their CommonJS wrappers compiled with the chunk (above). */
export function eagerCommonJs(): Plugin {
  return {
    name: "eager-commonjs",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    renderChunk(code) {
      const rewritten = eagerCommonJsWrappers(code);
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
