/**
 * The server's HTML is the page (docs/architecture.md#the-first-paint-and-hydration). As the rendered
 * document streams out, `createDocumentRewriter` drops React Router's modulepreload links (keeping their
 * addresses), turns its inline module script into a classic one that runs the same code once the page
 * has painted (`deferredModuleScript`), and puts the first script (`page-bootstrap.ts`, under the
 * document's nonce) and the inline stylesheet at the end of the head. Nothing after the module script is read.
 */
/** Hydration starts at the latest this long after the page's HTML arrived, should `load` never come. */
export const HYDRATION_FALLBACK_MS = 8_000;

/** How long after the hero image is decoded the scripts wait, at most, for the browser to report its paint. */
export const HERO_PAINT_WAIT_MS = 500;

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

/** JSON that is safe inside an inline script. */
function scriptJson(value: unknown): string {
  const asEscape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  return JSON.stringify(value).replace(/[<\u2028\u2029]/g, asEscape);
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

/**
 * The classic script that stands in for the module script. Once the page's `load` event, its first
 * contentful paint and its hero's paint (decoded, and reported as the largest paint within
 * `HERO_PAINT_WAIT_MS`) have come, and a frame more, it shows the images below (app.css), has a hidden
 * letter fetch the heading face (headings take it once it is here), preloads the modules, evaluates
 * them one task at a time (`evaluationOrder`), and runs the module code, which hydrates the page, each
 * in a module script it adds under the same nonce (`currentScript.nonce`; a page the server kept has
 * none: its policy's 'strict-dynamic' lets them run, where Chromium and Firefox refuse its own `import()`).
 * Should any of those never come (a tab in the background), it starts after `HYDRATION_FALLBACK_MS`; the
 * first interaction starts it at once (`pageBootstrap.startHydration`), and while a click waits for
 * hydration (`pageBootstrap.holding`) the modules are evaluated without yielding.
 */
export function deferredModuleScript(nonce: string | null, code: string, preloads: string[]): string {
  const bootstrap = [
    "(function(){",
    `var n=document.currentScript.nonce,p=${scriptJson(preloads)},q=${scriptJson(evaluationOrder(code, preloads))},c=${scriptJson(code)},started=0,waiting=3;`,
    'function start(){var m=document.createElement("script");m.type="module";m.nonce=n;m.textContent=c;document.body.appendChild(m)}',
    // After a module that failed to load, the module code still runs (it may load it now); should the
    // page never hydrate, the first script's held clicks go ahead without JavaScript.
    'function next(){if(!q.length)return start();var s=document.createElement("script");s.type="module";s.nonce=n;s.src=q.shift();',
    "s.onload=function(){var b=window.pageBootstrap;if(b&&b.holding)next();else setTimeout(next,0)};s.onerror=start;document.head.appendChild(s)}",
    'function go(){if(started)return;started=1;var r=document.documentElement;r.setAttribute("data-first-screen-done","");',
    'function face(){r.setAttribute("data-heading-font","")}var f=document.createElement("span");f.textContent="A";if(!document.fonts)face();',
    'else{f.style.cssText="position:absolute;visibility:hidden;font-weight:600;font-family:var(--font-display)";document.body.appendChild(f);f.offsetWidth;document.fonts.ready.then(function(){f.remove();face()})}',
    'for(var i=0;i<p.length;i++){var l=document.createElement("link");l.rel="modulepreload";l.href=p[i];document.head.appendChild(l)}next()}',
    "function ready(){if(--waiting===0)requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}",
    'if(document.readyState==="complete")ready();else addEventListener("load",ready,{once:true});',
    "var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];",
    'if(types.indexOf("paint")<0)ready();else{var o=new PerformanceObserver(function(list){',
    'if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();ready()}});o.observe({type:"paint",buffered:true})}',
    // On a busy device the hero can be painted well after `load` and the first (text) paint, and a
    // decoded image's frame can reach the screen two frames later: where the browser reports the largest
    // paint, the scripts wait for its report of the hero (a hero out of view is never reported).
    'var h=document.querySelector("img[fetchpriority=high]"),heroDone=0;',
    "function heroPainted(){if(!heroDone){heroDone=1;ready()}}",
    'function heroDecoded(){if(types.indexOf("largest-contentful-paint")<0)return heroPainted();new PerformanceObserver(',
    "function(list,observer){var e=list.getEntries();for(var i=0;i<e.length;i++)if(e[i].element===h){observer.disconnect();return heroPainted()}})",
    `.observe({type:"largest-contentful-paint",buffered:true});setTimeout(heroPainted,${HERO_PAINT_WAIT_MS})}`,
    "if(h&&h.decode)h.decode().then(heroDecoded,heroPainted);else ready();",
    `setTimeout(go,${HYDRATION_FALLBACK_MS});`,
    "var b=window.pageBootstrap;if(b){b.startHydration=go;if(b.hydrationRequested)go()}",
    "})();",
  ].join("");
  return `<script${nonceAttribute(nonce)}>${bootstrap}</script>`;
}
