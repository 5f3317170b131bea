import { afterEach, beforeEach, vi } from "vitest";
import { firstScript } from "./first-script";

/**
 * For the tests that run the page's first script in jsdom: each test runs a script of its own, and the
 * listeners it adds to `window`, the state it shares and the page it acted on are gone after the test.
 */
export function cleanUpFirstScriptAfterEach(): void {
  let added: [string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined][] = [];
  const addEventListener = window.addEventListener.bind(window);
  beforeEach(() => {
    added = [];
    vi.spyOn(window, "addEventListener").mockImplementation((type, listener, options) => {
      added.push([type, listener, options]);
      addEventListener(type, listener, options);
    });
  });
  afterEach(() => {
    for (const [type, listener, options] of added) window.removeEventListener(type, listener, options);
    vi.restoreAllMocks();
    vi.useRealTimers();
    delete window.dataLayer;
    delete window.gtag;
    delete window.firstSeconds;
    document.documentElement.removeAttribute("data-hydrated");
    document.body.innerHTML = "";
  });
}

/** Runs the first script as the page runs it: its text alone, in a scope of its own. */
export function runFirstScript(): void {
  new Function(firstScript())();
}
