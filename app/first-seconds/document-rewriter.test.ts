// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDocumentRewriter, deferredModuleScript, evaluationOrder, HERO_PAINT_WAIT_MS } from "./document-rewriter";
import type { FirstSeconds } from "./contract";

const nonce = "bm9uY2UtZm9yLXRlc3Q=";
const moduleCode = `import * as route0 from "/assets/root-1.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-1.js");`;

/** A document the way React and React Router write one (shortened). */
const rendered = [
  '<!DOCTYPE html><html lang="en-US"><head><meta charSet="utf-8"/>',
  '<link rel="preload" as="image" fetchPriority="high" imageSrcSet="/hero.webp?w=640&amp;q=70 640w" imageSizes="100vw"/>',
  "<title>Home</title>",
  `<link nonce="${nonce}" rel="preload" href="/assets/font.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>`,
  `<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="${nonce}"/>`,
  `<link rel="modulepreload" href="/assets/framework-1.js" nonce="${nonce}"/>`,
  `<link rel="modulepreload" href="/assets/root-1.js" nonce="${nonce}"/>`,
  `<script nonce="${nonce}">document.documentElement.classList.add('js');</script>`,
  "</head><body><h1>Where Batesville gets to work</h1><p>Fish &amp; chips &lt;link&gt;</p>",
  '<script type="application/ld+json">{"name":"a < b && c > d"}</script>',
  `<script nonce="${nonce}">window.__reactRouterContext = {};</script>`,
  `<script nonce="${nonce}" type="module" async="">${moduleCode}</script>`,
  '<!--$?--><template id="B:0"></template><!--/$-->',
  `<div hidden id="S:0"><script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue("[]");</script></div>`,
  `<script nonce="${nonce}">$RC("B:0","S:0")</script></body></html>`,
].join("");

/** The first script's methods once a first interaction asked for hydration (or not yet), before the bootstrap ran. */
function firstScriptThatAskedForHydration(asked = true): FirstSeconds & { start: (() => void) | null } {
  const firstSeconds = {
    start: null as (() => void) | null,
    isHolding: () => false,
    onHydrationRequest(start: () => void) {
      firstSeconds.start = start;
      if (asked) start();
    },
  };
  return firstSeconds as unknown as FirstSeconds & { start: (() => void) | null };
}

function rewriteInPieces(pieces: string[]): string {
  const rewriter = createDocumentRewriter({ inlineCss: "body{color:red}" });
  return pieces.map((piece) => rewriter.push(piece)).join("") + rewriter.end();
}

describe("createDocumentRewriter", () => {
  const whole = rewriteInPieces([rendered]);

  it("leaves no modulepreload and no module script in the document", () => {
    expect(whole).not.toMatch(/<link[^>]*modulepreload/);
    expect(whole).not.toMatch(/<script[^>]*type="module"/);
    expect(whole).not.toMatch(/<script[^>]*\ssrc=/);
  });

  it("puts the stylesheet inline at the end of the head, after the hero image", () => {
    const hero = whole.indexOf('as="image"');
    const style = whole.indexOf("<style>body{color:red}</style>");
    expect(hero).toBeGreaterThan(0);
    expect(style).toBeGreaterThan(hero);
    expect(whole.indexOf("</head>")).toBe(style + "<style>body{color:red}</style>".length);
    expect(whole.match(/<style>/g)).toHaveLength(1);
  });

  it("replaces the module script with one nonce'd bootstrap that carries its code and the preloads", () => {
    const bootstrap = /<script nonce="([^"]*)">(\(function\(\)\{.*?document\.currentScript.*?)<\/script>/s.exec(whole);
    expect(bootstrap?.[1]).toBe(nonce);
    const body = bootstrap?.[2] ?? "";
    expect(body).toContain(
      JSON.stringify(["/assets/entry.client-1.js", "/assets/framework-1.js", "/assets/root-1.js"]),
    );
    expect(body).toContain(JSON.stringify(moduleCode));
  });

  it("keeps everything else as it was, other scripts included", () => {
    const untouched = [
      "<h1>Where Batesville gets to work</h1><p>Fish &amp; chips &lt;link&gt;</p>",
      '<script type="application/ld+json">{"name":"a < b && c > d"}</script>',
      `<script nonce="${nonce}">window.__reactRouterContext = {};</script>`,
      `<div hidden id="S:0"><script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue("[]");</script></div>`,
      `<link nonce="${nonce}" rel="preload" href="/assets/font.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>`,
    ];
    for (const part of untouched) expect(whole).toContain(part);
    expect(whole.endsWith(`<script nonce="${nonce}">$RC("B:0","S:0")</script></body></html>`)).toBe(true);
  });

  it("gives the same document however the stream is cut", () => {
    for (let cut = 1; cut < rendered.length; cut += 1) {
      expect(rewriteInPieces([rendered.slice(0, cut), rendered.slice(cut)])).toBe(whole);
    }
    expect(rewriteInPieces(rendered.split(""))).toBe(whole);
  });

  it("ends the head with the given script, under the document's nonce, before the stylesheet", () => {
    const rewriter = createDocumentRewriter({ inlineCss: "body{color:red}", headScript: "window.first=1", nonce });
    const out = rewriter.push(rendered) + rewriter.end();
    expect(out).toContain(`<title>Home</title>`);
    const script = out.indexOf(`<script nonce="${nonce}">window.first=1</script>`);
    expect(script).toBeGreaterThan(out.indexOf("<title>"));
    expect(out.indexOf("<style>body{color:red}</style></head>")).toBe(
      script + `<script nonce="${nonce}">window.first=1</script>`.length,
    );
  });

  it("adds no style when it is not asked to inline one", () => {
    const rewriter = createDocumentRewriter();
    const out = rewriter.push(rendered) + rewriter.end();
    expect(out).not.toContain("<style>");
    expect(out).not.toMatch(/<link[^>]*modulepreload/);
  });
});

describe("evaluationOrder", () => {
  it("evaluates shared chunks first, then the route modules, and leaves the client entry to the module code", () => {
    const code = [
      'import * as route0 from "/assets/root-1.js";',
      'import * as route1 from "/assets/home-1.js";',
      'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
      'import("/assets/entry.client-1.js");',
    ].join("\n");
    const preloads = [
      "/assets/entry.client-1.js",
      "/assets/runtime-1.js",
      "/assets/framework-1.js",
      "/assets/root-1.js",
      "/assets/layout-1.js",
      "/assets/home-1.js",
    ];
    expect(evaluationOrder(code, preloads)).toEqual([
      "/assets/runtime-1.js",
      "/assets/framework-1.js",
      "/assets/layout-1.js",
      "/assets/root-1.js",
      "/assets/home-1.js",
    ]);
  });

  it("first evaluates what the module code imports for its side effects (the development server's runtime)", () => {
    const code =
      'import "/@id/hmr-runtime";import "/manifest.js";\nimport * as route0 from "/app/root.tsx";\nimport("/app/entry.client.tsx");';
    expect(evaluationOrder(code, ["/app/entry.client.tsx", "/node_modules/react.js", "/app/root.tsx"])).toEqual([
      "/@id/hmr-runtime",
      "/manifest.js",
      "/node_modules/react.js",
      "/app/root.tsx",
    ]);
  });
});

describe("the bootstrap", () => {
  /** The module script that runs the module code (the modules evaluated before it are module scripts with a src). */
  const MODULE_CODE = 'script[type="module"]:not([src])';

  afterEach(() => {
    vi.useRealTimers();
    for (const element of document.querySelectorAll('script[type="module"], link[rel="modulepreload"]')) {
      element.remove();
    }
    document.documentElement.removeAttribute("data-first-screen-done");
    document.documentElement.removeAttribute("data-heading-font");
    Reflect.deleteProperty(document, "fonts");
  });

  function runBootstrap(moduleCode = "window.hydrated = true;", preloads: string[] = []): void {
    const html = deferredModuleScript(nonce, moduleCode, preloads);
    const code = /<script[^>]*>(.*)<\/script>/s.exec(html)?.[1] ?? "";
    const current = document.createElement("script");
    current.nonce = nonce;
    Object.defineProperty(document, "currentScript", { value: current, configurable: true });
    new Function(code)();
  }

  /** A page that has loaded, with its hero image (as PageHero renders it) decoded by `decode`. */
  function loadedPageWithHero(decode: () => Promise<void>): HTMLImageElement {
    vi.useFakeTimers();
    Object.defineProperty(document, "readyState", { value: "complete", configurable: true });
    const image = document.createElement("img");
    image.setAttribute("fetchPriority", "high");
    image.alt = "";
    image.decode = decode;
    document.body.append(image);
    return image;
  }

  it("adds the module script with the page's nonce, and its preloads, only after the page has loaded and painted", async () => {
    vi.useFakeTimers();
    Object.defineProperty(document, "readyState", { value: "loading", configurable: true });
    runBootstrap(moduleCode, ["/assets/entry.client-1.js", "/assets/framework-1.js", "/assets/root-1.js"]);
    await vi.advanceTimersByTimeAsync(100);
    expect(document.querySelector('script[type="module"]')).toBeNull();
    // The images below the hero and the heading face wait as the scripts do (app.css); headings take
    // the face once the fonts a hidden letter asked for are here.
    let fontsReady: () => void = () => {};
    Object.defineProperty(document, "fonts", {
      value: { ready: new Promise<void>((resolve) => (fontsReady = resolve)) },
      configurable: true,
    });
    const root = document.documentElement;
    expect(root.hasAttribute("data-first-screen-done")).toBe(false);
    window.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(100);
    expect(root.hasAttribute("data-first-screen-done")).toBe(true);
    expect(root.hasAttribute("data-heading-font")).toBe(false);
    fontsReady();
    await vi.advanceTimersByTimeAsync(0);
    expect(root.hasAttribute("data-heading-font")).toBe(true);
    expect(
      [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute("href")),
    ).toEqual(["/assets/entry.client-1.js", "/assets/framework-1.js", "/assets/root-1.js"]);
    // The modules before the module code, one at a time, each by a module script it adds, with the nonce.
    for (const url of ["/assets/framework-1.js", "/assets/root-1.js"]) {
      const modules = document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]');
      expect(modules[modules.length - 1]?.getAttribute("src")).toBe(url);
      expect(modules[modules.length - 1]?.nonce).toBe(nonce);
      expect(document.querySelector(MODULE_CODE)).toBeNull();
      modules[modules.length - 1]!.dispatchEvent(new Event("load"));
      await vi.advanceTimersByTimeAsync(10);
    }
    const module = document.querySelector<HTMLScriptElement>(MODULE_CODE);
    expect(module?.textContent).toBe(moduleCode);
    expect(module?.nonce).toBe(nonce);
    expect(document.querySelectorAll('script[type="module"][src]')).toHaveLength(2);
  });

  it("waits for the hero image to be decoded, so that it is painted before the scripts start", async () => {
    let decoded: () => void = () => {};
    const hero = loadedPageWithHero(() => new Promise<void>((resolve) => (decoded = resolve)));
    try {
      runBootstrap();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(document.querySelector('script[type="module"]')).toBeNull();
      decoded();
      await vi.advanceTimersByTimeAsync(100);
      expect(document.querySelectorAll(MODULE_CODE)).toHaveLength(1);
    } finally {
      hero.remove();
    }
  });

  describe("where the browser reports the largest paint (Largest Contentful Paint)", () => {
    let reportLargestPaint: (element: Element) => void = () => {};
    const RealObserver = window.PerformanceObserver;

    beforeEach(() => {
      class LargestPaintObserver {
        static readonly supportedEntryTypes = ["largest-contentful-paint"];
        constructor(private readonly callback: PerformanceObserverCallback) {}
        observe({ type }: PerformanceObserverInit) {
          if (type !== "largest-contentful-paint") return;
          reportLargestPaint = (element) =>
            this.callback(
              { getEntries: () => [{ element }] } as unknown as PerformanceObserverEntryList,
              this as never,
            );
        }
        disconnect() {
          reportLargestPaint = () => {};
        }
      }
      window.PerformanceObserver = LargestPaintObserver as unknown as typeof PerformanceObserver;
    });
    afterEach(() => {
      window.PerformanceObserver = RealObserver;
    });

    it("waits after the hero's decoding until the browser reports the hero painted", async () => {
      const hero = loadedPageWithHero(() => Promise.resolve());
      try {
        runBootstrap();
        await vi.advanceTimersByTimeAsync(HERO_PAINT_WAIT_MS - 100);
        reportLargestPaint(document.body);
        await vi.advanceTimersByTimeAsync(50);
        expect(document.querySelector('script[type="module"]')).toBeNull();
        reportLargestPaint(hero);
        await vi.advanceTimersByTimeAsync(50);
        expect(document.querySelectorAll(MODULE_CODE)).toHaveLength(1);
      } finally {
        hero.remove();
      }
    });

    it("starts HERO_PAINT_WAIT_MS after the decoding when the hero's paint is not reported (out of view)", async () => {
      const hero = loadedPageWithHero(() => Promise.resolve());
      try {
        runBootstrap();
        await vi.advanceTimersByTimeAsync(HERO_PAINT_WAIT_MS - 50);
        expect(document.querySelector('script[type="module"]')).toBeNull();
        await vi.advanceTimersByTimeAsync(100);
        expect(document.querySelectorAll(MODULE_CODE)).toHaveLength(1);
        reportLargestPaint(hero);
        await vi.advanceTimersByTimeAsync(100);
        expect(document.querySelectorAll(MODULE_CODE)).toHaveLength(1);
      } finally {
        hero.remove();
      }
    });
  });

  it("does not wait for a hero image that failed", async () => {
    const hero = loadedPageWithHero(() =>
      Promise.reject(new DOMException("The source image cannot be decoded.", "EncodingError")),
    );
    try {
      runBootstrap();
      await vi.advanceTimersByTimeAsync(100);
      expect(document.querySelectorAll(MODULE_CODE)).toHaveLength(1);
    } finally {
      hero.remove();
    }
  });

  it("starts at once when the page's first script asked for hydration before it ran (a first interaction)", async () => {
    Object.defineProperty(document, "readyState", { value: "loading", configurable: true });
    window.firstSeconds = firstScriptThatAskedForHydration();
    try {
      // Nothing to evaluate first (this test's environment can load no module), so the module code runs at once.
      runBootstrap("window.hydrated = true;", []);
      await vi.waitFor(() => expect(document.querySelectorAll(MODULE_CODE)).toHaveLength(1));
    } finally {
      delete window.firstSeconds;
    }
  });

  it("runs the module code when a module failed to load", async () => {
    Object.defineProperty(document, "readyState", { value: "loading", configurable: true });
    window.firstSeconds = firstScriptThatAskedForHydration();
    try {
      runBootstrap('import * as route0 from "/assets/missing-1.js";\nwindow.hydrated = true;', [
        "/assets/missing-1.js",
      ]);
      const missing = document.querySelector('script[type="module"][src="/assets/missing-1.js"]');
      expect(document.querySelector(MODULE_CODE)).toBeNull();
      missing?.dispatchEvent(new Event("error"));
      await vi.waitFor(() => expect(document.querySelectorAll(MODULE_CODE)).toHaveLength(1));
    } finally {
      delete window.firstSeconds;
    }
  });

  it("gives the page's first script the means to start hydration at a later first interaction", async () => {
    vi.useFakeTimers();
    Object.defineProperty(document, "readyState", { value: "loading", configurable: true });
    const bootstrap = firstScriptThatAskedForHydration(false);
    window.firstSeconds = bootstrap;
    try {
      runBootstrap();
      await vi.advanceTimersByTimeAsync(100);
      expect(document.querySelector('script[type="module"]')).toBeNull();
      bootstrap.start?.();
      await vi.advanceTimersByTimeAsync(10);
      expect(document.querySelectorAll(MODULE_CODE)).toHaveLength(1);
    } finally {
      delete window.firstSeconds;
    }
  });

  it("starts anyway when the page never finishes loading", async () => {
    vi.useFakeTimers();
    Object.defineProperty(document, "readyState", { value: "interactive", configurable: true });
    runBootstrap();
    await vi.advanceTimersByTimeAsync(7_000);
    expect(document.querySelector('script[type="module"]')).toBeNull();
    await vi.advanceTimersByTimeAsync(1_100);
    expect(document.querySelectorAll(MODULE_CODE)).toHaveLength(1);
  });
});
