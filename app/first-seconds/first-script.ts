/**
 * The page's first script, inline at the end of the head (docs/architecture.md#the-first-seconds): until
 * the modules (`module-bootstrap.ts`) have hydrated the page, it records the page view and every click
 * (`analytics.ts`), starts hydration at the first interaction, and answers, holds or replays each tap on
 * a marked control by the contract (`contract.ts`, `answer.tsx`). It is the only writer of the state
 * behind `window.firstSeconds`. Nothing here knows a component.
 */
import * as analytics from "~/browser/analytics";
import { FIRST_SCRIPT_OPTIONS, type FirstSeconds } from "./contract";
import { inlineScript } from "./inline-script";
import {
  afterNextFrame,
  fieldControl,
  firstRefusedField,
  isOwnScriptError,
  moveFocusAfterAnswer,
  openInNewTab,
  opensElsewhere,
} from "./shared";

export { HELD_CLICK_TIMEOUT_MS } from "./contract";

const { redactLabel, recordedControl, controlLabel, sendEvent, recordClick, pageViewParams, eventParams } = analytics;
const helpers = {
  redactLabel,
  recordedControl,
  controlLabel,
  sendEvent,
  recordClick,
  pageViewParams,
  eventParams,
  afterNextFrame,
  moveFocusAfterAnswer,
  openInNewTab,
  opensElsewhere,
  isOwnScriptError,
  firstRefusedField,
  fieldControl,
};

/** The first script's own code: its source is inlined, so it uses nothing but its arguments and the browser. */
function firstSecondsScript(h: typeof helpers, n: typeof FIRST_SCRIPT_OPTIONS): void {
  const root = document.documentElement;
  const isHydrated = () => root.hasAttribute(n.hydrated);
  const path = location.pathname + location.search;
  let pageView: string | null = path;
  let recording = true;
  let replaying = false;
  let holding = false;
  let hydrationRequested = false;
  let hydrationStarted = false;
  let startHydration: (() => void) | null = null;
  let answered: string[] = [];
  const refusals: Record<string, { field: string; message: string }> = {};
  let held: HTMLElement[] = [];
  let holdTimer: ReturnType<typeof setTimeout> | undefined;
  let gaveUp = false;
  let releasing: HTMLElement | null = null;
  const stop = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const requestHydration = () => {
    if (hydrationRequested) return;
    hydrationRequested = true;
    startHydration?.();
  };
  const api: FirstSeconds = {
    takePageView(wanted) {
      const recorded = pageView === wanted;
      pageView = null;
      return recorded;
    },
    isReplaying: () => replaying,
    isHolding: () => holding,
    isHydrationRequested: () => hydrationRequested,
    onHydrationRequest(start) {
      startHydration = start;
      if (hydrationRequested) start();
    },
    requestHydration,
    hydrationStarting() {
      hydrationStarted = true;
    },
    answered: (keys) => keys.find((key) => answered.includes(key)) ?? null,
    forgetAnswers(keys) {
      answered = answered.filter((key) => !keys.includes(key));
      for (const key of keys) delete refusals[key];
    },
    refusal: (outputId) => refusals[outputId] ?? null,
    stopRecordingClicks() {
      recording = false;
    },
  };
  window.firstSeconds = api;
  h.sendEvent(n.pageViewEvent, h.pageViewParams(path));

  // Hydration starts after the frame that answers the interaction (starting the modules would otherwise
  // come before it); a held click, which only hydration answers, asks at once.
  const requestHydrationAfterNextFrame = () => h.afterNextFrame(requestHydration);
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
    holding = false;
    for (const control of held) control.removeAttribute("aria-busy");
    const controls = held.filter((control) => control.isConnected);
    held = [];
    return controls;
  };

  /** A held control's no-JavaScript link, in a new tab. */
  const openFallback = (control: HTMLElement) => {
    const href = control.getAttribute(n.fallbackHref);
    if (!href) return false;
    h.openInNewTab(href);
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
    if (key === null || !answerRoot || !wanted || hydrationStarted) return false;
    merge(answerRoot, wanted);
    answered.push(key);
    const target = answerRoot.querySelector<HTMLElement>(source?.getAttribute(n.answerFocus) ?? "iframe, video");
    h.moveFocusAfterAnswer(target, answerRoot);
    // A video's controls come once the browser is idle after its first frame, as the hydrated player's do.
    h.afterNextFrame(() => {
      for (const video of answerRoot.querySelectorAll(`video[${n.controlsAfterPaint}]`)) {
        (video as HTMLVideoElement).controls = true;
      }
      h.moveFocusAfterAnswer(target, answerRoot);
    }, n.idleMs);
    return true;
  };

  /**
   * A form its checks refuse (docs/leads.md#intake): the first refused field, in the order the hydrated
   * page and the server check them, shows its message in the page where the hydrated form shows it,
   * takes focus and is logged as the hydrated form logs it. Nothing is sent.
   */
  const refuse = (form: HTMLFormElement): boolean => {
    const refused = h.firstRefusedField(form, n);
    const output = form.querySelector<HTMLElement>(`[${n.validityOutput}]`);
    if (!refused || !output) return false;
    for (const invalid of form.querySelectorAll("[aria-invalid]")) {
      invalid.removeAttribute("aria-invalid");
      invalid.removeAttribute("aria-describedby");
    }
    output.textContent = refused.message;
    output.hidden = false;
    form.setAttribute("aria-describedby", output.id);
    refused.element.setAttribute("aria-invalid", "true");
    refused.element.setAttribute("aria-describedby", output.id);
    refusals[output.id] = { field: refused.field, message: refused.message };
    const category = form.getAttribute(n.validityCategory);
    if (category) h.sendEvent(n.validationEvent, h.eventParams({ category, label: refused.message }));
    h.fieldControl(form, refused.field)?.focus();
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

  /** Hydration did not come in time, or the site's own script failed: every held control acts as without JavaScript. */
  const giveUp = () => {
    if (isHydrated()) return;
    gaveUp = true;
    for (const control of takeHeld()) withoutJavaScript(control);
  };
  const onScriptError = (event: Event) => {
    if (!hydrationStarted && h.isOwnScriptError(event)) giveUp();
  };
  addEventListener("error", onScriptError);
  addEventListener("unhandledrejection", onScriptError);

  addEventListener(
    "click",
    (event) => {
      if (replaying) return;
      const control = event.target instanceof Element ? event.target.closest<HTMLElement>(`[${n.hold}]`) : null;
      if (releasing) {
        if (control === releasing) event.stopImmediatePropagation(); // React, if it is hydrating, must not act too
        return;
      }
      if (recording) h.recordClick(event);
      if (!control || isHydrated()) return;
      if (control instanceof HTMLAnchorElement && h.opensElsewhere(event as MouseEvent)) return;
      const form = (control as HTMLButtonElement).form;
      if (form && control.getAttribute("type") === "submit" && refuse(form)) {
        stop(event);
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
      holding = true;
      requestHydration();
      holdTimer ??= setTimeout(giveUp, n.holdMs);
    },
    true,
  );

  const observer = new MutationObserver(() => {
    if (!isHydrated()) return;
    observer.disconnect();
    removeEventListener("error", onScriptError);
    removeEventListener("unhandledrejection", onScriptError);
    replaying = true;
    for (const control of takeHeld()) if (!isNative(control)) control.click();
    replaying = false;
  });
  observer.observe(root, { attributes: true, attributeFilter: [n.hydrated] });
}

/**
 * The first script, for the end of the document's head (after the title, which the page view
 * records): the analytics functions and the shared ones it calls as the hydrated page does, then its
 * own code. The same for every page.
 */
export function firstScript(): string {
  return inlineScript(firstSecondsScript, helpers, FIRST_SCRIPT_OPTIONS);
}

/**
 * The document's start, first in its head: marks that scripts run (`js`, which app.css reads), and
 * defines `gtag` before any event. With a measurement id it also loads Google's gtag.js, but only once
 * the page has loaded: no script competes with the page's first paint, and the events recorded until
 * then wait in `window.dataLayer`.
 */
function documentStart(_helpers: Record<string, never>, measurementId: string | null, gtagUrl: string | null): void {
  document.documentElement.classList.add("js");
  window.dataLayer = window.dataLayer || [];
  window.gtag =
    window.gtag ||
    function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js reads its commands as `arguments` objects
      window.dataLayer?.push(arguments);
    };
  if (!measurementId || !gtagUrl) return;
  (window.gtag as unknown as (...args: unknown[]) => void)("js", new Date());
  (window.gtag as unknown as (...args: unknown[]) => void)("config", measurementId, { send_page_view: false });
  addEventListener(
    "load",
    () => {
      const script = document.createElement("script");
      script.async = true;
      script.src = gtagUrl;
      document.head.appendChild(script);
    },
    { once: true },
  );
}

/** The document's start script (`documentStart`), for a measurement id or none. */
export function documentStartScript(measurementId: string | null): string {
  return inlineScript(documentStart, {}, measurementId, measurementId ? analytics.gtagScriptUrl(measurementId) : null);
}
