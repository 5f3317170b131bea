/**
 * The module bootstrap: the classic inline script that stands in for React Router's module script
 * (`document-rewriter.ts` puts it in place; docs/architecture.md#the-first-paint-and-hydration). Typed
 * code made an inline script as the first script is (`inline-script.ts`).
 */
import { MODULE_BOOTSTRAP_OPTIONS } from "./contract";
import { inlineScript } from "./inline-script";
import { afterNextFrame } from "./shared";

export { HERO_PAINT_WAIT_MS, HYDRATION_FALLBACK_MS } from "./contract";

const helpers = { afterNextFrame };

/** What one document's bootstrap loads: the module addresses to preload, the order to evaluate them in, the module code. */
interface Modules {
  preloads: string[];
  order: string[];
  code: string;
}

/**
 * Once the page's `load` event, its first contentful paint and its hero's paint (decoded, and reported
 * as the largest paint within `heroPaintWaitMs`) have come, and a frame more, it shows the images below
 * (app.css), has a hidden letter fetch the heading face (headings take it once it is here), preloads
 * the modules, evaluates them one task at a time (`evaluationOrder`), and runs the module code, which
 * hydrates the page, each in a module script it adds under the same nonce (`currentScript.nonce`; a
 * page the server kept has none: its policy's 'strict-dynamic' lets them run, where Chromium and
 * Firefox refuse its own `import()`). Should any of those never come (a tab in the background), it
 * starts after `fallbackMs`; the first interaction starts it at once (`firstSeconds.onHydrationRequest`),
 * and while a click waits for hydration (`firstSeconds.isHolding`) the modules are evaluated without yielding.
 */
function moduleBootstrap(h: typeof helpers, n: typeof MODULE_BOOTSTRAP_OPTIONS, modules: Modules): void {
  const nonce = (document.currentScript as HTMLScriptElement).nonce;
  const queue = modules.order.slice();
  let started = false;
  let waiting = 3;
  const moduleScript = () => {
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = nonce;
    return script;
  };
  const runModuleCode = () => {
    const script = moduleScript();
    script.textContent = modules.code;
    document.body.appendChild(script);
  };
  // After a module that failed to load, the module code still runs (it may load it now); should the
  // page never hydrate, the first script's held clicks go ahead without JavaScript.
  const next = () => {
    const src = queue.shift();
    if (src === undefined) return runModuleCode();
    const script = moduleScript();
    script.src = src;
    script.onload = () => {
      if (window.firstSeconds?.isHolding()) next();
      else setTimeout(next, 0);
    };
    script.onerror = runModuleCode;
    document.head.appendChild(script);
  };
  const go = () => {
    if (started) return;
    started = true;
    const root = document.documentElement;
    root.setAttribute(n.firstScreenDone, "");
    const face = () => root.setAttribute(n.headingFont, "");
    const letter = document.createElement("span");
    letter.textContent = "A";
    if (!document.fonts) face();
    else {
      letter.style.cssText = "position:absolute;visibility:hidden;font-weight:600;font-family:var(--font-display)";
      document.body.appendChild(letter);
      void letter.offsetWidth;
      void document.fonts.ready.then(() => {
        letter.remove();
        face();
      });
    }
    for (const href of modules.preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    }
    next();
  };
  const ready = () => {
    waiting -= 1;
    if (waiting === 0) h.afterNextFrame(go, null, 2);
  };
  if (document.readyState === "complete") ready();
  else addEventListener("load", ready, { once: true });
  const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (!types.includes("paint")) ready();
  else {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length) {
        observer.disconnect();
        ready();
      }
    });
    observer.observe({ type: "paint", buffered: true });
  }
  // On a busy device the hero can be painted well after `load` and the first (text) paint, and a
  // decoded image's frame can reach the screen two frames later: where the browser reports the largest
  // paint, the scripts wait for its report of the hero (a hero out of view is never reported).
  const hero = document.querySelector<HTMLImageElement>("img[fetchpriority=high]");
  let heroDone = false;
  const heroPainted = () => {
    if (heroDone) return;
    heroDone = true;
    ready();
  };
  const heroDecoded = () => {
    if (!types.includes("largest-contentful-paint")) return heroPainted();
    new PerformanceObserver((list, observer) => {
      for (const entry of list.getEntries()) {
        if ((entry as PerformanceEntry & { element?: Element }).element === hero) {
          observer.disconnect();
          return heroPainted();
        }
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
    setTimeout(heroPainted, n.heroPaintWaitMs);
  };
  if (hero?.decode) hero.decode().then(heroDecoded, heroPainted);
  else ready();
  setTimeout(go, n.fallbackMs);
  window.firstSeconds?.onHydrationRequest(go);
}

/** The module bootstrap for one document's modules. */
export function moduleBootstrapScript(modules: Modules): string {
  return inlineScript(moduleBootstrap, helpers, MODULE_BOOTSTRAP_OPTIONS, modules);
}
