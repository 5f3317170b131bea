/**
 * The server's HTML is the page (docs/architecture.md#the-first-paint-and-hydration): it paints with its hero image and styles before
 * any script is requested. React Router's `<Scripts>` asks for the route's modules at once: a
 * `<link rel="modulepreload">` per module (React hoists them into the head) and an inline module
 * script whose imports start downloading as soon as it is parsed, competing with the first paint.
 *
 * `createDocumentRewriter` rewrites the rendered document as it streams out:
 * - the modulepreload links are dropped (their addresses are kept);
 * - the inline module script becomes a classic inline script with the same nonce that, once the page
 *   has loaded and painted, adds those modulepreload links and runs the module script's code (which
 *   hydrates the page). Until then the page works as it does without JavaScript;
 * - optionally, the stylesheet goes inline at the end of the head, so the first paint needs no second
 *   request (the document links no stylesheet file then: React would otherwise add the link again
 *   when it hydrates, and the browser would restyle the whole page once more);
 * - optionally, a script goes inline at the end of the head, before the stylesheet, with the
 *   document's nonce (the first seconds' script, `page-bootstrap.ts`; rendered by the server only, so
 *   its source never reaches the browser's modules).
 * Everything else passes through unchanged, and everything after the module script is not even read.
 */

export interface DocumentRewriter {
  /** Takes the next piece of the document; returns what can be sent on. */
  push(chunk: string): string;
  /** The document has ended: returns what was held back. */
  end(): string;
}

/** Hydration starts at the latest this long after the page's HTML arrived, should `load` never come. */
export const HYDRATION_FALLBACK_MS = 8_000;

/** How long after the hero image is decoded the scripts wait, at most, for the browser to report its paint. */
export const HERO_PAINT_WAIT_MS = 500;

const SCRIPT_END = "</script>";

export function createDocumentRewriter({
  inlineCss,
  headScript,
  nonce = null,
}: {
  inlineCss?: string;
  headScript?: string;
  /** The nonce of the head script. */
  nonce?: string | null;
} = {}): DocumentRewriter {
  let held = "";
  let passThrough = false;
  const preloads: string[] = [];

  function rewriteLink(tag: string): string {
    const rel = attribute(tag, "rel");
    if (rel === "modulepreload") {
      const href = attribute(tag, "href");
      if (href && !preloads.includes(href)) preloads.push(href);
      return "";
    }
    return tag;
  }

  function rewrite(text: string): string {
    let out = "";
    let position = 0;
    while (position < text.length) {
      const start = text.indexOf("<", position);
      if (start === -1) break;
      const tagEnd = text.indexOf(">", start);
      if (tagEnd === -1) {
        // A tag split between two pieces: wait for the rest.
        held = text.slice(start);
        return out + text.slice(position, start);
      }
      const tag = text.slice(start, tagEnd + 1);
      if (/^<script[\s>]/i.test(tag)) {
        const close = text.indexOf(SCRIPT_END, tagEnd);
        if (close === -1) {
          held = text.slice(start);
          return out + text.slice(position, start);
        }
        out += text.slice(position, start);
        position = close + SCRIPT_END.length;
        if (attribute(tag, "type") === "module") {
          out += deferredModuleScript(attribute(tag, "nonce"), text.slice(tagEnd + 1, close), preloads);
          passThrough = true;
          return out + text.slice(position);
        }
        out += text.slice(start, position);
        continue;
      }
      out += text.slice(position, start);
      if (/^<\/head>/i.test(tag)) {
        if (headScript !== undefined) out += `<script${nonceAttribute(nonce)}>${headScript}</script>`;
        if (inlineCss !== undefined) out += `<style>${inlineCss.replace(/<\/style/gi, "<\\/style")}</style>`;
      }
      out += /^<link[\s/>]/i.test(tag) ? rewriteLink(tag) : tag;
      position = tagEnd + 1;
    }
    held = "";
    return out + text.slice(position);
  }

  return {
    push(chunk) {
      if (passThrough) return chunk;
      const text = held + chunk;
      held = "";
      return rewrite(text);
    },
    end() {
      const rest = held;
      held = "";
      return rest;
    },
  };
}

/** An attribute's value in a start tag as React writes it (double quotes, entities for `"`). */
function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return match
    ? match[1]!
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&amp;/g, "&")
    : null;
}

function nonceAttribute(nonce: string | null): string {
  return nonce === null ? "" : ` nonce="${nonce.replace(/"/g, "&quot;")}"`;
}

/** JSON that is safe inside an inline script. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The order in which the bootstrap evaluates the modules before it runs the module code: what the
 * module code imports for its side effects first (in development, the hot-reload runtime the route
 * modules check for), then the shared chunks, then the route modules; never the client entry, which
 * hydrates the page as soon as it runs and needs the globals the module code sets first. One module
 * at a time, each in a task of its own, so no single task evaluates the framework and the page's code.
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
 * The classic script that stands in for the module script. It waits for the page's `load` event (the
 * hero image and the stylesheet are in), for its first contentful paint to have been reported and for
 * the hero image (the page's largest paint) to be decoded and painted or to have failed, then a frame
 * more. Only then does it preload the modules, evaluate them one task at a time (`evaluationOrder`),
 * each by a module script it adds, and run the module code in a module script it adds, under the same
 * nonce (browsers expose it as `currentScript.nonce`; a page the server kept has none, and its policy's
 * 'strict-dynamic' lets the scripts this one adds run), which hydrates the page. Should the load, the paint or the hero's decoding never come (a frame that never
 * loads, a tab in the background), the scripts start after `HYDRATION_FALLBACK_MS`. A visitor's first
 * interaction starts them at once: the page's first script (`page-bootstrap.ts`) calls
 * `window.pageBootstrap.startHydration`, which this script sets. While a click waits for hydration
 * (`pageBootstrap.holding`), the modules are evaluated one after another without yielding: the
 * visitor is waiting for exactly that.
 */
export function deferredModuleScript(nonce: string | null, moduleCode: string, preloads: string[]): string {
  const bootstrap = [
    "(function(){",
    `var n=document.currentScript.nonce,p=${scriptJson(preloads)},q=${scriptJson(evaluationOrder(moduleCode, preloads))},c=${scriptJson(moduleCode)},started=0,waiting=3;`,
    'function start(){var m=document.createElement("script");m.type="module";m.nonce=n;m.textContent=c;document.body.appendChild(m)}',
    // After a module that failed to load, the module code still runs (it may load it now); should the
    // page never hydrate, the first script's held clicks go ahead without JavaScript.
    // Each module is evaluated by a module script this script adds (its `load` comes once it has run),
    // not by import(): a page kept by the server allows its inline scripts by their hashes, and with
    // 'strict-dynamic' Chromium and Firefox refuse an import() from the page's own inline script (the
    // parser put it there) but run a script it adds.
    'function next(){if(!q.length)return start();var s=document.createElement("script");s.type="module";s.nonce=n;s.src=q.shift();',
    "s.onload=function(){var b=window.pageBootstrap;if(b&&b.holding)next();else setTimeout(next,0)};s.onerror=start;document.head.appendChild(s)}",
    "function go(){if(started)return;started=1;",
    'for(var i=0;i<p.length;i++){var l=document.createElement("link");l.rel="modulepreload";l.href=p[i];',
    "document.head.appendChild(l)}",
    "next()}",
    "function ready(){if(--waiting===0)requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}",
    'if(document.readyState==="complete")ready();else addEventListener("load",ready,{once:true});',
    "var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];",
    'if(types.indexOf("paint")<0)ready();else{var o=new PerformanceObserver(function(list){',
    'if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();ready()}});o.observe({type:"paint",buffered:true})}',
    // The hero image is the page's largest paint, and on a busy device it can be decoded and painted
    // well after the load event and the first (text) paint: the scripts wait for it to be decoded and
    // then painted, or for it to fail. A decoded image is drawn in the next frame, but on a starved
    // device that frame can reach the screen after two more have begun, so where the browser reports
    // the largest paint (Largest Contentful Paint) the scripts wait for its report of the hero, and
    // for at most HERO_PAINT_WAIT_MS (a hero scrolled out of view, or not the largest, is not reported).
    'var h=document.querySelector("img[fetchpriority=high]"),heroDone=0;',
    "function heroPainted(){if(!heroDone){heroDone=1;ready()}}",
    'function heroDecoded(){if(types.indexOf("largest-contentful-paint")<0)return heroPainted();',
    "new PerformanceObserver(function(list,observer){var e=list.getEntries();for(var i=0;i<e.length;i++)if(e[i].element===h){observer.disconnect();return heroPainted()}})",
    '.observe({type:"largest-contentful-paint",buffered:true});',
    `setTimeout(heroPainted,${HERO_PAINT_WAIT_MS})}`,
    "if(h&&h.decode)h.decode().then(heroDecoded,heroPainted);else ready();",
    `setTimeout(go,${HYDRATION_FALLBACK_MS});`,
    // The first interaction starts hydration at once (page-bootstrap.ts), even before this script ran.
    "var b=window.pageBootstrap;if(b){b.startHydration=go;if(b.hydrationRequested)go()}",
    "})();",
  ].join("");
  return `<script${nonceAttribute(nonce)}>${bootstrap}</script>`;
}
