/**
 * The one way the site makes an inline script (the first script, the module bootstrap, the document's
 * start): typed code whose source text is the script, `Function.prototype.toString` of a function
 * that uses nothing but its arguments, the helpers inlined beside it, and the browser. Its arguments
 * are JSON, and the helpers are passed to it by name, so the same functions run in the page's modules.
 */

// biome-ignore lint/suspicious/noExplicitAny: any function's source can be inlined
type AnyFunction = (...args: any[]) => unknown;

/** JSON that is safe inside an inline script. */
export function scriptJson(value: unknown): string {
  const asEscape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  return JSON.stringify(value).replace(/[<\u2028\u2029]/g, asEscape);
}

/**
 * Nothing in the code may end the inline script early; its block comments and indentation are only
 * bytes to a visitor (the code has no string, template or pattern that spans lines or holds a
 * comment's marks).
 */
function asScriptText(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/<\//g, "<\\/")
    .replace(/\n\s+/g, "\n");
}

const prefixes = new WeakMap<AnyFunction, string>();

/**
 * `main(helpers, ...args)` as an inline script: each helper's source, then `main` called with an
 * object naming them and `args` as JSON. The text before the arguments is made once per `main`.
 */
export function inlineScript<Helpers extends Record<string, AnyFunction>, Args extends unknown[]>(
  main: (helpers: Helpers, ...args: Args) => void,
  helpers: Helpers,
  ...args: Args
): string {
  let prefix = prefixes.get(main);
  if (prefix === undefined) {
    const sources = [...new Set(Object.values(helpers))].map(String).join("\n");
    const names = `{${Object.entries(helpers).map(([key, value]) => `${key}:${value.name}`)}}`;
    prefix = asScriptText(`(function(){${sources}\n(${String(main)})(${names}`);
    prefixes.set(main, prefix);
  }
  return `${prefix}${args.map((arg) => `,${scriptJson(arg)}`).join("")});})();`;
}
