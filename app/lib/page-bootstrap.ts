/**
 * The page's first script, inline at the end of the head (docs/architecture.md#the-first-seconds): until
 * the modules (`deferred-hydration.ts`) have hydrated the page, it records the page view and every click
 * (`analytics.ts`), starts hydration at the first interaction, and answers, holds or replays each tap on
 * a marked control by the contract in `answer-before-hydration.tsx`. Nothing here knows a component.
 */
import * as analytics from "./analytics";
import { CONTRACT } from "./answer-before-hydration";
import { IDLE_TIMEOUT_MS } from "./use-after-next-paint";

/** What the first script shares with the hydration bootstrap and the hydrated page (`window.pageBootstrap`). */
export interface PageBootstrap {
  pageView: string | null; // the address whose page view it recorded, until the page records its own
  replaying: boolean; // a held click is being replayed (it was recorded when it happened)
  holding: boolean; // a click waits for hydration: the modules then hydrate without yielding
  hydrationRequested: boolean;
  hydrationStarted: boolean; // set just before React takes the page: the DOM is React's from then
  answered: string[]; // the keys of the taps it answered
  startHydration: (() => void) | null; // set by the hydration bootstrap
  requestHydration: () => void;
  stopRecordingClicks: () => void; // React's click listener has taken over
}

declare global {
  interface Window {
    pageBootstrap?: PageBootstrap;
  }
}

/** Long enough for a slow phone's modules to arrive and run; inside the 5 s in which a click may open a tab. */
export const HELD_CLICK_TIMEOUT_MS = 3_000;

const options = { ...CONTRACT, holdMs: HELD_CLICK_TIMEOUT_MS, idleMs: IDLE_TIMEOUT_MS };
const { sendEvent, recordClick, pageViewParams, eventParams } = analytics;
const recorders = { sendEvent, recordClick, pageViewParams, eventParams };

/** The first script's own code: its source is inlined, so it uses nothing but its arguments and the browser. */
function firstSeconds(r: typeof recorders, n: typeof options): void {
  const root = document.documentElement;
  const isHydrated = () => root.hasAttribute("data-hydrated");
  const path = location.pathname + location.search;
  let recording = true;
  let held: HTMLElement[] = [];
  let holdTimer: ReturnType<typeof setTimeout> | undefined;
  let gaveUp = false;
  let releasing: HTMLElement | null = null;
  const stop = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };
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
  r.sendEvent("page_view", r.pageViewParams(path));

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
  const isNative = (control: HTMLElement): control is HTMLInputElement =>
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

  /** Answers a tap at once with its template (the markup its hydrated page shows), before React starts on the page. */
  const answerAtOnce = (control: HTMLElement): boolean => {
    const key = control.getAttribute(n.answer);
    const source = key === null ? null : document.querySelector(`noscript[${n.answerTemplate}=${JSON.stringify(key)}]`);
    const parsed = document.createElement("template");
    parsed.innerHTML = source?.textContent ?? ""; // with scripting on, a noscript's content is its markup as text
    const wanted = parsed.content.querySelector("template")?.content.firstElementChild;
    const answerRoot = source?.parentElement;
    if (key === null || !answerRoot || !wanted || bootstrap.hydrationStarted) return false;
    const focused = document.activeElement;
    const focusWasHere = !focused || focused === document.body || answerRoot.contains(focused);
    merge(answerRoot, wanted);
    bootstrap.answered.push(key);
    const target = answerRoot.querySelector<HTMLElement>(source?.getAttribute(n.answerFocus) ?? "iframe, video");
    const focus = () => focusWasHere && target?.focus({ preventScroll: true });
    focus();
    // A video's controls come once the browser is idle after its first frame, as the hydrated player's do.
    const showControls = () => {
      for (const video of answerRoot.querySelectorAll(`video[${n.controlsAfterPaint}]`)) {
        (video as HTMLVideoElement).controls = true;
      }
      if (document.activeElement === document.body) focus();
    };
    requestAnimationFrame(() =>
      typeof requestIdleCallback === "function"
        ? requestIdleCallback(showControls, { timeout: n.idleMs })
        : setTimeout(showControls),
    );
    return true;
  };

  /** What a held control does without JavaScript: its link's address, its form sent (a box), or its own action. */
  const withoutJavaScript = (control: HTMLElement) => {
    if (isNative(control)) {
      // Unchanged (a radio since unchecked by another of its group): nothing to do. Changed, it is
      // sent with its form; or, where only hydration completes its answer (a link), put back.
      if (control.checked === control.defaultChecked) return;
      if (openFallback(control)) control.checked = control.defaultChecked;
      else control.form?.requestSubmit();
    } else if (!openFallback(control)) {
      releasing = control;
      control.click();
      releasing = null;
    }
  };

  /** Hydration did not come in time, or a script failed: every held control acts as without JavaScript. */
  const giveUp = () => {
    if (isHydrated()) return;
    gaveUp = true;
    for (const control of takeHeld()) withoutJavaScript(control);
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
        if (control === releasing) event.stopImmediatePropagation(); // React, if it is hydrating, must not act too
        return;
      }
      if (recording) r.recordClick(event);
      if (!control || isHydrated()) return;
      // A link opened elsewhere (a middle click, a modifier key) leaves this page as it is.
      const { button, ctrlKey, metaKey, shiftKey, altKey } = event as MouseEvent;
      if (control instanceof HTMLAnchorElement && (button || ctrlKey || metaKey || shiftKey || altKey)) return;
      // A form the browser's own checks refuse: they answer, in the page's words until the field changes,
      // logged as the hydrated form logs its checks' answers.
      const form = (control as HTMLButtonElement).form;
      if (form && !form.checkValidity()) {
        stop(event);
        const field = form.querySelector<HTMLInputElement>(`[${n.validityMessage}]:invalid`);
        const message = field?.getAttribute(n.validityMessage);
        const category = form.getAttribute(n.validityCategory);
        if (field && message) {
          field.setCustomValidity(message);
          field.addEventListener("input", () => field.setCustomValidity(""), { once: true });
          if (category) r.sendEvent("form_validation_error", r.eventParams({ category, label: message }));
        }
        form.reportValidity();
        return;
      }
      if (answerAtOnce(control)) {
        stop(event);
        requestHydrationAfterNextFrame();
        return;
      }
      if (gaveUp) {
        if (isNative(control))
          setTimeout(() => withoutJavaScript(control)); // once the click changed it
        else if (openFallback(control)) event.preventDefault();
        return;
      }
      if (!isNative(control)) {
        stop(event);
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
    for (const control of takeHeld()) if (!isNative(control)) control.click();
    bootstrap.replaying = false;
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
}

/**
 * The first script, for the end of the document's head (after the title, which the page view
 * records): the analytics functions it shares with the hydrated page, then `firstSeconds`.
 */
export function pageBootstrapScript(): string {
  const { redactLabel, recordedControl, controlLabel } = analytics;
  const shared = [redactLabel, sendEvent, recordedControl, controlLabel, recordClick, pageViewParams, eventParams];
  const names = `{${Object.entries(recorders).map(([key, value]) => `${key}:${value.name}`)}}`;
  const script = `(function(){${shared.map(String).join("\n")}\n(${String(firstSeconds)})(${names},${JSON.stringify(options)});})();`;
  // Nothing in the code may end the inline script early; its block comments and indentation are only
  // bytes to a visitor (the code has no string, template or pattern that spans lines or holds a comment's marks).
  return script
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/<\//g, "<\\/")
    .replace(/\n\s+/g, "\n");
}
