import type { Plugin } from "vite";

/**
 * React and React DOM are CommonJS packages. The bundler wraps each CommonJS module in an arrow
 * function that runs on the module's first `require`, and V8 compiles such a function lazily: on the
 * main thread, at that first call. For React DOM's client (a 200 KB function body) that parse was the
 * longest task at the start of hydration (docs/performance.md: 55-75 ms of CPU in the task that runs the client
 * entry, most of it compiling). V8 compiles a parenthesized `function` expression eagerly instead, with
 * the rest of its script, which for a module script happens on a background thread while it streams
 * in. So the wrappers are written that way. `this` and `arguments` cannot tell: the wrapper is called
 * without a receiver in a strict-mode module, and a module's top level has no `arguments`.
 */
const ARROW_WRAPPER = /__commonJSMin\(\(\(([\w$]+(?:, [\w$]+)*)\) => \{/g;

export function eagerCommonJsWrappers(code: string): string {
  return code.replace(ARROW_WRAPPER, "__commonJSMin((function($1) {");
}

/**
 * V8's explicit compile hint (Chrome 136 and later): in a script that starts with this comment, every
 * function is compiled with the script, off the main thread as it streams in, rather than on the main
 * thread at its first call. The wrappers above only reach the outer function; the functions inside
 * (React's work loop, React Router's decoding of the loader data, a route's components) were still
 * compiled in the middle of hydration's tasks (the hydration trace's seventh pass, docs/performance.md). Every client chunk runs when
 * it is loaded, so every chunk gets it. Other engines read it as a comment. It must come after the
 * minifier, which drops comments: hence the output's post-banner rather than `renderChunk`.
 */
export const COMPILE_HINT_ALL_FUNCTIONS = "//# allFunctionsCalledOnLoad";

/** The build's client chunks compiled with their script, not function by function during hydration. */
export function eagerCompile(): Plugin {
  return {
    name: "eager-compile",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    renderChunk(code) {
      const rewritten = eagerCommonJsWrappers(code);
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    outputOptions(options) {
      if (options.postBanner !== undefined) {
        throw new Error("eager-compile: output.postBanner is already set; the compile hint must be the first line");
      }
      return { ...options, postBanner: COMPILE_HINT_ALL_FUNCTIONS };
    },
  };
}
