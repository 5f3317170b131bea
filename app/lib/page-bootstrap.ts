/**
 * The first seconds of a page (DESIGN.md section 5): the page's modules start after the `load` event
 * and the first paint (`deferred-hydration.ts`), and until they have hydrated it the page is the
 * server's HTML. This inline script, at the end of the head, makes those seconds behave like the rest:
 * - it records the page view at once, and every click on a control (the labels of `analytics.ts`,
 *   from the same source) until React's listener takes over (`recordControlClicks`);
 * - the first interaction (pointerdown, keydown, touchstart) starts hydration at once;
 * - a click on a control marked `data-hold-until-hydrated` (one whose hydrated behaviour differs from
 *   its no-JavaScript one: a video tile, a booking option, Load More, the gallery filters, the contact
 *   form's Send) is held and replayed on the same control once the page is hydrated. A second click on
 *   a held control is the same click; a click on another control joins the queue, and each is replayed
 *   once, in order, as the hydrated page would have taken them. A held control says so at once
 *   (`aria-busy="true"`, drawn in the frame after the tap: app.css), until it is replayed or released,
 *   so the visitor sees the tap was taken while the page loads what answers it (a toggle, `aria-pressed`,
 *   shows its new state, as the hydrated page does while what it asked for loads);
 * - a held control whose hydrated answer is fixed markup (a video tile's player, a booking option's
 *   form, a list's next page, the contact form's first problem while no field was changed) is answered
 *   at once instead, before React has started on the page: the server rendered that markup beside it,
 *   inert, and the component hydrates in that state (`answer-before-hydration.tsx`);
 * - the page's scripts can fail: a module that never arrives, one that throws in an older browser or
 *   under an extension, a hydration that fails at the root. So if the page is not hydrated
 *   `HELD_CLICK_TIMEOUT_MS` after the first held click, whatever has arrived, or at once when a script
 *   error or an unhandled rejection is reported before React has started on the page (after, it is one
 *   React recovers from, or the timeout's to answer), every held control does what it does
 *   without JavaScript: its own default action (a link, a submit button), or, for a button whose
 *   no-JavaScript form is a link, that link's address (`data-fallback-href`) in a new tab. From then on,
 *   until hydration, clicks are not held. A visitor never waits longer, and nothing sent is lost.
 * Nothing here knows a component: controls are marked in their markup.
 */
import { controlLabel, pageViewParams, recordClick, recordedControl, redactLabel, sendEvent } from "./analytics";
import {
  ANSWER_ATTRIBUTE,
  ANSWER_EVENT_ATTRIBUTE,
  ANSWER_FOCUS_ATTRIBUTE,
  ANSWER_FOCUS_IN_PLACE_ATTRIBUTE,
  ANSWER_IF_UNTOUCHED_ATTRIBUTE,
  ANSWER_IN_PLACE_ATTRIBUTE,
  ANSWER_NEEDS_HYDRATION_ATTRIBUTE,
  ANSWER_ROOT_ATTRIBUTE,
  ANSWER_TEMPLATE_ATTRIBUTE,
  CONTROLS_AFTER_PAINT_ATTRIBUTE,
  FALLBACK_HREF_ATTRIBUTE,
  fieldsAsRendered,
  HOLD_ATTRIBUTE,
} from "./answer-before-hydration";
import { IDLE_TIMEOUT_MS } from "./use-after-next-paint";

/** What the first script shares with the hydration bootstrap and the hydrated page (`window.pageBootstrap`). */
export interface PageBootstrap {
  /** The address (path and query) whose page view the first script recorded, until the page records its own. */
  pageView: string | null;
  /** True while a held click is replayed on its control (it was recorded when it happened). */
  replaying: boolean;
  /** True while a click waits for hydration: the page's modules then hydrate without yielding. */
  holding: boolean;
  /** Hydration was asked for (a first interaction, a held click) before it could start. */
  hydrationRequested: boolean;
  /** Set by the hydration bootstrap just before React takes the page: the DOM is React's from then. */
  hydrationStarted: boolean;
  /** The keys of the taps the first script answered itself (`answer-before-hydration.tsx`). */
  answered: string[];
  /** Set by the hydration bootstrap: loads the modules and hydrates, now. */
  startHydration: (() => void) | null;
  /** Starts hydration at once (once). */
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
 * How long a held click waits for hydration before the control's no-JavaScript behaviour goes ahead.
 * The first interaction has started hydration at once; on a slow phone the modules (about 150 KB
 * gzipped) take a second or two to arrive and run, so 3 s lets hydration win on most connections while
 * a visitor never waits long for an answer to a click, whether the scripts are slow or broken. It also
 * stays well inside the 5 s for which Chromium, Firefox and WebKit let a page open a new tab after a
 * click (transient user activation), so a link that opens in a new tab still can.
 */
export const HELD_CLICK_TIMEOUT_MS = 3_000;

/** What the first script shares with the modules, by source (one source for each). */
interface Recorders {
  sendEvent: typeof sendEvent;
  recordClick: typeof recordClick;
  pageViewParams: typeof pageViewParams;
  fieldsAsRendered: typeof fieldsAsRendered;
}

/**
 * The first script's own code. It runs in the page as it is written here (its source is inlined), so it
 * uses nothing but its arguments and the browser.
 */
function firstSeconds(
  recorders: Recorders,
  {
    holdMs,
    holdAttribute,
    fallbackHrefAttribute,
    answerAttribute,
    answerRootAttribute,
    answerTemplateAttribute,
    answerNeedsHydrationAttribute,
    answerIfUntouchedAttribute,
    answerFocusAttribute,
    answerFocusInPlaceAttribute,
    answerEventAttribute,
    answerInPlaceAttribute,
    controlsAfterPaintAttribute,
    idleTimeoutMs,
  }: {
    holdMs: number;
    holdAttribute: string;
    fallbackHrefAttribute: string;
    answerAttribute: string;
    answerRootAttribute: string;
    answerTemplateAttribute: string;
    answerNeedsHydrationAttribute: string;
    answerIfUntouchedAttribute: string;
    answerFocusAttribute: string;
    answerFocusInPlaceAttribute: string;
    answerEventAttribute: string;
    answerInPlaceAttribute: string;
    controlsAfterPaintAttribute: string;
    idleTimeoutMs: number;
  },
): void {
  const root = document.documentElement;
  const isHydrated = () => root.hasAttribute("data-hydrated");
  const path = location.pathname + location.search;
  let recording = true;
  /** The held controls, in the order they were first clicked; each is replayed or released once. */
  let held: HTMLElement[] = [];
  let holdTimer: ReturnType<typeof setTimeout> | undefined;
  /** Answers that only hydration completes (a booking form's frame), each with the root it replaced. */
  let pendingAnswers: { key: string; control: HTMLElement; original: Element; answer: Element }[] = [];
  /** Hydration gets `holdMs` from the first click that waits for it (held, or answered but pending). */
  const startHoldTimer = () => {
    holdTimer ??= setTimeout(giveUp, holdMs);
  };
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

  /**
   * Hydration starts after the frame that answers the interaction: starting the modules takes tens of
   * milliseconds on a slow phone, and their evaluation would otherwise come before that frame. A held
   * click, which only hydration can answer, asks at once.
   */
  const requestHydrationAfterNextFrame = () => requestAnimationFrame(() => setTimeout(bootstrap.requestHydration, 0));
  const interactions = ["pointerdown", "keydown", "touchstart"];
  const onFirstInteraction = () => {
    requestHydrationAfterNextFrame();
    for (const type of interactions) removeEventListener(type, onFirstInteraction, true);
  };
  for (const type of interactions) addEventListener(type, onFirstInteraction, { capture: true, passive: true });

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

  /**
   * The no-JavaScript behaviour of a click on a held control; React, if it is hydrating, must not act
   * too. A link address opens in a new tab, or, where the browser blocks a tab opened this long after
   * the click (WebKit does), in this one: the visitor gets what they tapped for either way.
   */
  const withoutJavaScript = (control: HTMLElement, event: Event) => {
    event.stopImmediatePropagation();
    const href = control.getAttribute(fallbackHrefAttribute);
    if (!href) return;
    // Not opened with "noopener", which makes open() answer null whether or not it opened a tab; the
    // opener is cut before the new tab has loaded anything.
    const tab = window.open(href, "_blank");
    if (tab) tab.opener = null;
    else location.assign(href);
  };

  /**
   * Makes `root` the markup `wanted` is, keeping every child the two share (equal nodes, in order) and
   * merging children of the same element type: only what differs is drawn anew.
   */
  const merge = (root: Element, wanted: Element) => {
    for (const { name } of [...root.attributes]) if (!wanted.hasAttribute(name)) root.removeAttribute(name);
    for (const { name, value } of [...wanted.attributes]) {
      if (root.getAttribute(name) !== value) root.setAttribute(name, value);
    }
    const wantedChildren = [...wanted.childNodes];
    wantedChildren.forEach((child, index) => {
      const current = root.childNodes[index];
      if (current?.isEqualNode(child)) return;
      if (current instanceof Element && child instanceof Element && current.tagName === child.tagName) {
        merge(current, child);
      } else if (current) current.replaceWith(child);
      else root.append(child);
    });
    while (root.childNodes.length > wantedChildren.length) root.lastChild?.remove();
  };

  /**
   * Answers a tap on the control at once with the markup its hydrated page would show
   * (`answer-before-hydration.tsx`), if the page has it and React has not started on the page.
   */
  const answerAtOnce = (control: HTMLElement): boolean => {
    const key = control.getAttribute(answerAttribute);
    const answerRoot = control.closest(`[${answerRootAttribute}]`);
    if (key === null || !answerRoot || bootstrap.hydrationStarted) return false;
    const source = [...answerRoot.querySelectorAll(`noscript[${answerTemplateAttribute}]`)].find(
      (template) => template.getAttribute(answerTemplateAttribute) === key,
    );
    // Once the scripts have failed, an answer only hydration completes would only go back.
    if (gaveUp && source?.hasAttribute(answerNeedsHydrationAttribute)) return false;
    if (source?.hasAttribute(answerIfUntouchedAttribute) && !recorders.fieldsAsRendered(answerRoot)) return false;
    // With scripting on, a noscript's content is its markup as text.
    const parsed = document.createElement("template");
    parsed.innerHTML = source?.textContent ?? "";
    const wanted = parsed.content.querySelector("template")?.content.firstElementChild;
    if (!wanted) return false;
    const focused = document.activeElement;
    const focusWasHere = !focused || focused === document.body || answerRoot.contains(focused);
    // In place, the root itself becomes the answer; a copy of it as it was is what goes back, should it.
    let answer = wanted;
    let original = answerRoot;
    let originalControl = control;
    if (source?.hasAttribute(answerInPlaceAttribute)) {
      original = answerRoot.cloneNode(true) as Element;
      originalControl =
        [...original.querySelectorAll<HTMLElement>(`[${answerAttribute}]`)].find(
          (element) => element.getAttribute(answerAttribute) === key,
        ) ?? control;
      merge(answerRoot, wanted);
      answer = answerRoot;
    } else answerRoot.replaceWith(answer);
    bootstrap.answered.push(key);
    if (source?.hasAttribute(answerNeedsHydrationAttribute)) {
      pendingAnswers.push({ key, control: originalControl, original, answer });
      startHoldTimer();
    }
    const event = source?.getAttribute(answerEventAttribute);
    if (event) {
      const [action, params] = JSON.parse(event) as [string, Record<string, unknown>];
      recorders.sendEvent(action, params);
    }
    // What the answer names, else the same control in its answered state, else what it brought (a player).
    const named = source?.getAttribute(answerFocusAttribute);
    const sameControl = [...answer.querySelectorAll<HTMLElement>(`[${answerAttribute}]`)].find(
      (element) => element.getAttribute(answerAttribute) === key,
    );
    const focusTarget =
      (named ? answer.querySelector<HTMLElement>(named) : null) ??
      sameControl ??
      answer.querySelector<HTMLElement>("iframe, video");
    // In place where the answer says so (a list that grew: the earlier items keep their place on screen).
    const focusOptions = { preventScroll: source?.hasAttribute(answerFocusInPlaceAttribute) ?? false };
    if (focusWasHere) focusTarget?.focus(focusOptions);
    // A video's controls come once the browser is idle after its first frame, as the hydrated player's
    // do (VideoPlayer.tsx); it can take focus once it has them.
    const showControls = () => {
      for (const media of answer.querySelectorAll(`video[${controlsAfterPaintAttribute}]`)) {
        (media as HTMLVideoElement).controls = true;
      }
      if (focusWasHere && document.activeElement === document.body) focusTarget?.focus(focusOptions);
    };
    requestAnimationFrame(() =>
      typeof requestIdleCallback === "function"
        ? requestIdleCallback(showControls, { timeout: idleTimeoutMs })
        : setTimeout(showControls, 0),
    );
    return true;
  };

  /**
   * A held toggle (`aria-pressed`: a gallery filter) shows its new state at once, as the hydrated page
   * shows it while the list it asked for loads; put back should the click be released instead.
   */
  const flipPressed = (control: HTMLElement) => {
    const pressed = control.getAttribute("aria-pressed");
    if (pressed === "true" || pressed === "false") control.setAttribute("aria-pressed", String(pressed !== "true"));
  };

  /** Hydration did not come in time, or a script failed: every held control acts as without JavaScript. */
  const giveUp = () => {
    if (isHydrated()) return;
    gaveUp = true;
    const controls = takeHeld();
    for (const control of controls) flipPressed(control);
    // An answer only hydration completes goes back to the control it answered, which then acts as
    // without JavaScript too; unless React has the page already (then the DOM is its own).
    if (!bootstrap.hydrationStarted) {
      for (const { key, control, original, answer } of pendingAnswers) {
        answer.replaceWith(original);
        bootstrap.answered = bootstrap.answered.filter((answered) => answered !== key);
        controls.push(control);
      }
      pendingAnswers = [];
    }
    for (const control of controls) {
      releasing = control;
      try {
        control.click();
      } finally {
        releasing = null;
      }
    }
  };
  // Once React has the page, an error it reports is one it recovered from (it renders that part anew
  // and the page hydrates) or one the hold's timer answers: only a failure before then is the scripts'.
  const onScriptError = () => {
    if (!bootstrap.hydrationStarted) giveUp();
  };
  addEventListener("error", onScriptError);
  addEventListener("unhandledrejection", onScriptError);

  addEventListener(
    "click",
    (event) => {
      if (bootstrap.replaying) return;
      const target = event.target instanceof Element ? event.target : null;
      const control = target?.closest<HTMLElement>(`[${holdAttribute}]`) ?? null;
      if (releasing) {
        if (control === releasing) withoutJavaScript(control, event);
        return;
      }
      if (recording) recorders.recordClick(event);
      if (!control || isHydrated()) return;
      // A link opened elsewhere (a middle click, or with a modifier key) leaves this page as it is.
      const mouse = event as MouseEvent;
      const elsewhere = mouse.button !== 0 || mouse.ctrlKey || mouse.metaKey || mouse.shiftKey || mouse.altKey;
      if (control instanceof HTMLAnchorElement && elsewhere) return;
      if (answerAtOnce(control)) {
        event.preventDefault();
        event.stopImmediatePropagation();
        requestHydrationAfterNextFrame();
        return;
      }
      if (gaveUp) {
        withoutJavaScript(control, event);
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      if (held.includes(control)) return;
      held.push(control);
      control.setAttribute("aria-busy", "true");
      flipPressed(control);
      bootstrap.holding = true;
      bootstrap.requestHydration();
      startHoldTimer();
    },
    true,
  );

  const observer = new MutationObserver(() => {
    if (!isHydrated()) return;
    observer.disconnect();
    removeEventListener("error", onScriptError);
    removeEventListener("unhandledrejection", onScriptError);
    const controls = takeHeld();
    bootstrap.replaying = true;
    try {
      for (const control of controls) control.click();
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
  const shared = [redactLabel, sendEvent, recordedControl, controlLabel, recordClick, pageViewParams, fieldsAsRendered];
  const recorders = `{sendEvent:${sendEvent.name},recordClick:${recordClick.name},pageViewParams:${pageViewParams.name},fieldsAsRendered:${fieldsAsRendered.name}}`;
  const options = JSON.stringify({
    holdMs: HELD_CLICK_TIMEOUT_MS,
    holdAttribute: HOLD_ATTRIBUTE,
    fallbackHrefAttribute: FALLBACK_HREF_ATTRIBUTE,
    answerAttribute: ANSWER_ATTRIBUTE,
    answerRootAttribute: ANSWER_ROOT_ATTRIBUTE,
    answerTemplateAttribute: ANSWER_TEMPLATE_ATTRIBUTE,
    answerNeedsHydrationAttribute: ANSWER_NEEDS_HYDRATION_ATTRIBUTE,
    answerIfUntouchedAttribute: ANSWER_IF_UNTOUCHED_ATTRIBUTE,
    answerFocusAttribute: ANSWER_FOCUS_ATTRIBUTE,
    answerFocusInPlaceAttribute: ANSWER_FOCUS_IN_PLACE_ATTRIBUTE,
    answerEventAttribute: ANSWER_EVENT_ATTRIBUTE,
    answerInPlaceAttribute: ANSWER_IN_PLACE_ATTRIBUTE,
    controlsAfterPaintAttribute: CONTROLS_AFTER_PAINT_ATTRIBUTE,
    idleTimeoutMs: IDLE_TIMEOUT_MS,
  });
  const script = `(function(){${shared.map(String).join("\n")}\n(${String(firstSeconds)})(${recorders},${options});})();`;
  // Nothing in the code may end the inline script early; its block comments (a function's source keeps
  // them) and indentation are only bytes to a visitor (the code has no string, template or pattern that
  // spans lines or holds a comment's marks).
  return script
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/<\//g, "<\\/")
    .replace(/\n\s+/g, "\n");
}
