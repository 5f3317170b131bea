/**
 * The server's HTML is the page (docs/architecture.md#the-first-paint-and-hydration). As the rendered
 * document streams out, `createDocumentRewriter` drops React Router's modulepreload links (keeping their
 * addresses), turns its inline module script into the module bootstrap, a classic script that runs the
 * same code once the page has painted (`module-bootstrap.ts`), and puts the first script
 * (`first-script.ts`, under the document's nonce) and the inline stylesheet at the end of the head.
 * Nothing after the module script is read.
 */
import { moduleBootstrapScript } from "./module-bootstrap";

export { HERO_PAINT_WAIT_MS, HYDRATION_FALLBACK_MS } from "./contract";

const SCRIPT_END = "</script>";

export type DocumentRewriter = ReturnType<typeof createDocumentRewriter>;

export function createDocumentRewriter({
  inlineCss,
  headScript,
  nonce = null,
}: {
  inlineCss?: string;
  headScript?: string;
  nonce?: string | null; // the head script's
} = {}) {
  let held = "";
  let passThrough = false;
  const preloads: string[] = [];

  function rewriteLink(tag: string): string {
    if (attribute(tag, "rel") !== "modulepreload") return tag;
    const href = attribute(tag, "href");
    if (href && !preloads.includes(href)) preloads.push(href);
    return "";
  }

  function rewrite(chunk: string): string {
    const text = held + chunk;
    held = "";
    let out = "";
    let position = 0;
    while (position < text.length) {
      const start = text.indexOf("<", position);
      if (start === -1) break;
      const tagEnd = text.indexOf(">", start);
      const tag = text.slice(start, tagEnd + 1);
      const isScript = tagEnd !== -1 && /^<script[\s>]/i.test(tag);
      if (tagEnd === -1 || (isScript && !text.includes(SCRIPT_END, tagEnd))) {
        // A tag or a script split between two pieces: wait for the rest.
        held = text.slice(start);
        return out + text.slice(position, start);
      }
      out += text.slice(position, start);
      if (isScript) {
        const close = text.indexOf(SCRIPT_END, tagEnd);
        position = close + SCRIPT_END.length;
        if (attribute(tag, "type") === "module") {
          out += deferredModuleScript(attribute(tag, "nonce"), text.slice(tagEnd + 1, close), preloads);
          passThrough = true;
          return out + text.slice(position);
        }
        out += text.slice(start, position);
        continue;
      }
      if (/^<\/head>/i.test(tag)) {
        if (headScript !== undefined) out += `<script${nonceAttribute(nonce)}>${headScript}</script>`;
        if (inlineCss !== undefined) out += `<style>${inlineCss.replace(/<\/style/gi, "<\\/style")}</style>`;
      }
      out += /^<link[\s/>]/i.test(tag) ? rewriteLink(tag) : tag;
      position = tagEnd + 1;
    }
    return out + text.slice(position);
  }

  return {
    /** Takes the next piece of the document; returns what can be sent on. */
    push(chunk: string): string {
      return passThrough ? chunk : rewrite(chunk);
    },
    /** The document has ended: returns what was held back. */
    end(): string {
      const rest = held;
      held = "";
      return rest;
    },
  };
}

/** An attribute's value in a start tag as React writes it (double quotes, entities for `"`). */
function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  const entities: Record<string, string> = { "&quot;": '"', "&#x27;": "'", "&amp;": "&" };
  return match ? match[1]!.replace(/&quot;|&#x27;|&amp;/g, (entity) => entities[entity]!) : null;
}

function nonceAttribute(nonce: string | null): string {
  return nonce === null ? "" : ` nonce="${nonce.replace(/"/g, "&quot;")}"`;
}

/**
 * The order the bootstrap evaluates the modules in, one per task (no task evaluates the framework and the
 * page's code at once): the module code's side-effect imports (in development, the hot-reload runtime),
 * the shared chunks, the route modules; never the client entry, which hydrates as soon as it runs.
 */
export function evaluationOrder(moduleCode: string, preloads: string[]): string[] {
  const urls = (pattern: RegExp) => [...moduleCode.matchAll(pattern)].map((match) => JSON.parse(match[1]!) as string);
  const entryUrl = urls(/import\(("[^"]+")\);?\s*$/g)[0];
  const sideEffects = urls(/(?:^|;)\s*import\s*("[^"]+")/g);
  const routeModules = urls(/import \* as \w+ from ("[^"]+");/g);
  const shared = preloads.filter((url) => !sideEffects.includes(url) && !routeModules.includes(url));
  return [...new Set([...sideEffects, ...shared, ...routeModules])].filter((url) => url !== entryUrl);
}

/** The module bootstrap (`module-bootstrap.ts`) for this document's module script, under its nonce. */
export function deferredModuleScript(nonce: string | null, code: string, preloads: string[]): string {
  const script = moduleBootstrapScript({ preloads, order: evaluationOrder(code, preloads), code });
  return `<script${nonceAttribute(nonce)}>${script}</script>`;
}
