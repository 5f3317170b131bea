/**
 * The first seconds of a page (DESIGN.md section 5): the page's modules start after the `load` event
 * and the first paint (`deferred-hydration.ts`), and until they have hydrated it the page is the
 * server's HTML. This inline script, at the end of the head, makes those seconds behave like the rest:
 * - it records the page view at once, and every click on a control (the labels of `analytics.ts`,
 *   from the same source) until React's listener takes over;
 * - the first interaction (pointerdown, keydown, touchstart) starts hydration;
 * - a native control answers a tap itself, and React reads its state when it hydrates (a disclosure,
 *   a radio button); Send on a form the browser's own checks refuse is answered by them;
 * - a click on a control marked held (`HOLD_ATTRIBUTE`: its hydrated behaviour differs from its
 *   no-JavaScript one) is held, the control marked `aria-busy` (drawn in the next frame: app.css), and
 *   replayed on it once the page is hydrated; each held control once, in the order first clicked. A held
 *   radio button or checkbox is not held: its new state is the answer, which React reads;
 * - a held control whose hydrated answer is fixed markup (a video tile's player, a list's next page) is
 *   answered at once, from markup the server rendered beside it (`answer-before-hydration.tsx`);
 * - the scripts can fail (a module that never arrives, or throws): if the page is not hydrated
 *   `HELD_CLICK_TIMEOUT_MS` after the first held click, or at once when an error is reported before
 *   React has started on the page (after, it is one React recovers from, or the timeout's to answer),
 *   every held control does what it does without JavaScript: its default action, the address of its
 *   no-JavaScript link (`FALLBACK_HREF_ATTRIBUTE`) in a new tab, or its form sent. From then on, until
 *   hydration, clicks are not held.
 * Nothing here knows a component: controls are marked in their markup.
 */
import { controlLabel, pageViewParams, recordClick, recordedControl, redactLabel, sendEvent } from "./analytics";
import {
  ANSWER_ATTRIBUTE,
  ANSWER_FOCUS_ATTRIBUTE,
  ANSWER_ROOT_ATTRIBUTE,
  ANSWER_TEMPLATE_ATTRIBUTE,
  CONTROLS_AFTER_PAINT_ATTRIBUTE,
  FALLBACK_HREF_ATTRIBUTE,
  HOLD_ATTRIBUTE,
} from "./answer-before-hydration";
import { IDLE_TIMEOUT_MS } from "./use-after-next-paint";

/** What the first script shares with the hydration bootstrap and the hydrated page (`window.pageBootstrap`). */
export interface PageBootstrap {
  /** The address whose page view the first script recorded, until the page records its own. */
  pageView: string | null;
  /** True while a held click is replayed on its control (it was recorded when it happened). */
  replaying: boolean;
  /** True while a click waits for hydration: the page's modules then hydrate without yielding. */
  holding: boolean;
  /** Hydration was asked for before it could start. */
  hydrationRequested: boolean;
  /** Set by the hydration bootstrap just before React takes the page: the DOM is React's from then. */
  hydrationStarted: boolean;
  /** The keys of the taps the first script answered itself (`answer-before-hydration.tsx`). */
  answered: string[];
  /** Set by the hydration bootstrap: loads the modules and hydrates, now. */
  startHydration: (() => void) | null;
  requestHydration: () => void;
  /** React's click listener has taken over: the first script stops recording clicks. */
  stopRecordingClicks: () => void;
}

declare global {
  interface Window {
    pageBootstrap?: PageBootstrap;
  }
}

/**
 * How long a held click waits for hydration before the control's no-JavaScript behaviour goes ahead:
 * long enough for a slow phone's modules (about 150 KB gzipped) to arrive and run, short enough that a
 * visitor never waits long, and inside the 5 s for which browsers let a click open a new tab.
 */
export const HELD_CLICK_TIMEOUT_MS = 3_000;

/** The contract's names, and the moments the script keeps (from their sources). */
const names = {
  holdMs: HELD_CLICK_TIMEOUT_MS,
  idleMs: IDLE_TIMEOUT_MS,
  hold: HOLD_ATTRIBUTE,
  fallbackHref: FALLBACK_HREF_ATTRIBUTE,
  answer: ANSWER_ATTRIBUTE,
  answerRoot: ANSWER_ROOT_ATTRIBUTE,
  answerTemplate: ANSWER_TEMPLATE_ATTRIBUTE,
  answerFocus: ANSWER_FOCUS_ATTRIBUTE,
  controlsAfterPaint: CONTROLS_AFTER_PAINT_ATTRIBUTE,
};

/** The first script's own code: its source is inlined, so it uses nothing but its arguments and the browser. */
function firstSeconds(
  recorders: { sendEvent: typeof sendEvent; recordClick: typeof recordClick; pageViewParams: typeof pageViewParams },
  n: typeof names,
): void {
  const root = document.documentElement;
  const isHydrated = () => root.hasAttribute("data-hydrated");
  const path = location.pathname + location.search;
  let recording = true;
  let held: HTMLElement[] = [];
  let holdTimer: ReturnType<typeof setTimeout> | undefined;
  let gaveUp = false;
  let releasing: HTMLElement | null = null;
  const bootstrap: PageBootstrap = {
    pageView: path,
    replaying: false,
    holding: false,
    hydrationRequested: false,
    hydrationStarted: false,
    answered: [],
    startHydration: null,
    requestHydration() {
      if (bootstrap.hydrationRequested) return;
      bootstrap.hydrationRequested = true;
      bootstrap.startHydration?.();
    },
    stopRecordingClicks() {
      recording = false;
    },
  };
  window.pageBootstrap = bootstrap;
  recorders.sendEvent("page_view", recorders.pageViewParams(path));

  // Hydration starts after the frame that answers the interaction (starting the modules would otherwise
  // come before it); a held click, which only hydration answers, asks at once.
  const requestHydrationAfterNextFrame = () => requestAnimationFrame(() => setTimeout(bootstrap.requestHydration, 0));
  const interactions = ["pointerdown", "keydown", "touchstart"];
  const onFirstInteraction = () => {
    requestHydrationAfterNextFrame();
    for (const type of interactions) removeEventListener(type, onFirstInteraction, true);
  };
  for (const type of interactions) addEventListener(type, onFirstInteraction, { capture: true, passive: true });

  /** A radio button or checkbox: its own state is its answer. */
  const isNative = (control: HTMLElement) =>
    control instanceof HTMLInputElement && (control.type === "radio" || control.type === "checkbox");

  /** Takes the held controls (still in the page) off the queue; they no longer say they are waiting. */
  const takeHeld = () => {
    clearTimeout(holdTimer);
    holdTimer = undefined;
    bootstrap.holding = false;
    for (const control of held) control.removeAttribute("aria-busy");
    const controls = held.filter((control) => control.isConnected);
    held = [];
    return controls;
  };

  /** A link's address in a new tab (or here, where the browser blocks a tab opened this late). */
  const openFallback = (control: HTMLElement) => {
    const href = control.getAttribute(n.fallbackHref);
    if (!href) return false;
    const tab = window.open(href, "_blank"); // not "noopener", which makes open() answer null
    if (tab) tab.opener = null;
    else location.assign(href);
    return true;
  };

  /** Makes `root` the markup `wanted` is, keeping every child the two share: only what differs is drawn anew. */
  const merge = (root: Element, wanted: Element) => {
    for (const { name } of [...root.attributes]) if (!wanted.hasAttribute(name)) root.removeAttribute(name);
    for (const { name, value } of [...wanted.attributes])
      if (root.getAttribute(name) !== value) root.setAttribute(name, value);
    const children = [...wanted.childNodes];
    children.forEach((child, index) => {
      const current = root.childNodes[index];
      if (current?.isEqualNode(child)) return;
      if (current instanceof Element && child instanceof Element && current.tagName === child.tagName)
        merge(current, child);
      else if (current) current.replaceWith(child);
      else root.append(child);
    });
    while (root.childNodes.length > children.length) root.lastChild?.remove();
  };

  /** Answers a tap at once with the markup its hydrated page shows, if the page has it and React has not started. */
  const answerAtOnce = (control: HTMLElement): boolean => {
    const key = control.getAttribute(n.answer);
    const answerRoot = control.closest(`[${n.answerRoot}]`);
    if (key === null || !answerRoot || bootstrap.hydrationStarted) return false;
    const source = [...answerRoot.querySelectorAll(`noscript[${n.answerTemplate}]`)].find(
      (template) => template.getAttribute(n.answerTemplate) === key,
    );
    // With scripting on, a noscript's content is its markup as text.
    const parsed = document.createElement("template");
    parsed.innerHTML = source?.textContent ?? "";
    const wanted = parsed.content.querySelector("template")?.content.firstElementChild;
    if (!source || !wanted) return false;
    const focused = document.activeElement;
    const focusWasHere = !focused || focused === document.body || answerRoot.contains(focused);
    merge(answerRoot, wanted);
    bootstrap.answered.push(key);
    const focusTarget = answerRoot.querySelector<HTMLElement>(source.getAttribute(n.answerFocus) ?? "iframe, video");
    const focus = () => focusWasHere && focusTarget?.focus({ preventScroll: true });
    focus();
    // A video's controls come once the browser is idle after its first frame, as the hydrated player's do.
    const showControls = () => {
      for (const media of answerRoot.querySelectorAll<HTMLVideoElement>(`video[${n.controlsAfterPaint}]`)) {
        media.controls = true;
      }
      if (document.activeElement === document.body) focus();
    };
    requestAnimationFrame(() =>
      typeof requestIdleCallback === "function"
        ? requestIdleCallback(showControls, { timeout: n.idleMs })
        : setTimeout(showControls, 0),
    );
    return true;
  };

  /**
   * A radio button or checkbox without JavaScript: its link, its answer (which only hydration completes)
   * put back; else its form sent with its state.
   */
  const nativeWithoutJavaScript = (control: HTMLInputElement) => {
    if (openFallback(control)) control.checked = control.defaultChecked;
    else control.form?.requestSubmit();
  };

  /** Hydration did not come in time, or a script failed: every held control acts as without JavaScript. */
  const giveUp = () => {
    if (isHydrated()) return;
    gaveUp = true;
    for (const control of takeHeld()) {
      if (control instanceof HTMLInputElement && isNative(control)) {
        // A radio button since unchecked by another of its group, or a box checked and unchecked: nothing to do.
        if (control.checked !== control.defaultChecked) nativeWithoutJavaScript(control);
        continue;
      }
      releasing = control;
      try {
        control.click();
      } finally {
        releasing = null;
      }
    }
  };
  const onScriptError = () => {
    if (!bootstrap.hydrationStarted) giveUp();
  };
  addEventListener("error", onScriptError);
  addEventListener("unhandledrejection", onScriptError);

  addEventListener(
    "click",
    (event) => {
      if (bootstrap.replaying) return;
      const control = event.target instanceof Element ? event.target.closest<HTMLElement>(`[${n.hold}]`) : null;
      if (releasing) {
        if (control === releasing) {
          event.stopImmediatePropagation(); // React, if it is hydrating, must not act too
          if (openFallback(control)) event.preventDefault();
        }
        return;
      }
      if (recording) recorders.recordClick(event);
      if (!control || isHydrated()) return;
      const mouse = event as MouseEvent;
      // A link opened elsewhere (a middle click, a modifier key) leaves this page as it is.
      if (
        control instanceof HTMLAnchorElement &&
        (mouse.button !== 0 || mouse.ctrlKey || mouse.metaKey || mouse.shiftKey || mouse.altKey)
      )
        return;
      // A form the browser's own checks refuse: they answer (the hydrated page's own checks use its words).
      const form = (control as HTMLButtonElement).form;
      if (form && !form.checkValidity()) {
        event.preventDefault();
        event.stopImmediatePropagation();
        form.reportValidity();
        return;
      }
      if (answerAtOnce(control)) {
        event.preventDefault();
        event.stopImmediatePropagation();
        requestHydrationAfterNextFrame();
        return;
      }
      if (gaveUp) {
        if (isNative(control))
          setTimeout(() => nativeWithoutJavaScript(control as HTMLInputElement)); // once it changed
        else if (openFallback(control)) event.preventDefault();
        return;
      }
      if (!isNative(control)) {
        event.preventDefault();
        event.stopImmediatePropagation();
        control.setAttribute("aria-busy", "true");
      }
      if (!held.includes(control)) held.push(control);
      bootstrap.holding = true;
      bootstrap.requestHydration();
      holdTimer ??= setTimeout(giveUp, n.holdMs);
    },
    true,
  );

  const observer = new MutationObserver(() => {
    if (!isHydrated()) return;
    observer.disconnect();
    removeEventListener("error", onScriptError);
    removeEventListener("unhandledrejection", onScriptError);
    bootstrap.replaying = true;
    try {
      for (const control of takeHeld()) if (!isNative(control)) control.click();
    } finally {
      bootstrap.replaying = false;
    }
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
}

/**
 * The first script, for the end of the document's head (after the title, which the page view
 * records): the analytics functions it shares with the hydrated page, then `firstSeconds`.
 */
export function pageBootstrapScript(): string {
  const shared = [redactLabel, sendEvent, recordedControl, controlLabel, recordClick, pageViewParams];
  const recorders = `{sendEvent:${sendEvent.name},recordClick:${recordClick.name},pageViewParams:${pageViewParams.name}}`;
  const script = `(function(){${shared.map(String).join("\n")}\n(${String(firstSeconds)})(${recorders},${JSON.stringify(names)});})();`;
  // Nothing in the code may end the inline script early; its block comments and indentation are only
  // bytes to a visitor (the code has no string, template or pattern that spans lines or holds a comment's marks).
  return script
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/<\//g, "<\\/")
    .replace(/\n\s+/g, "\n");
}
