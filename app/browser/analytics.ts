/**
 * Analytics events in gtag form (`['event', action, params]` in `window.dataLayer`), which Google's
 * gtag.js reads when GA_MEASUREMENT_ID is set. Labels containing an at-sign could carry an email
 * address, so they are replaced before anything leaves the page.
 */

import { ANALYTICS, firstSeconds } from "~/first-seconds/contract";

type GtagCommand = [command: "event", action: string, params: Record<string, unknown>];

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: GtagCommand) => void;
  }
}

export const REDACTED = "[redacted]";

/*
 * The functions below marked "self-contained" use nothing from outside themselves but each other and
 * the browser: their source also runs in the page's first inline script (`firstScript` in
 * `app/first-seconds/first-script.ts`), which records page views and clicks before the modules have
 * loaded. One source, so the labels recorded before and after hydration cannot drift apart.
 */

/** Self-contained. A label that could carry an email address is replaced (REDACTED). */
export function redactLabel(label: string): string {
  return label.includes("@") ? "[redacted]" : label;
}

export function gtagScriptUrl(measurementId: string): string {
  return `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
}

/** Self-contained (with `redactLabel`). An event in gtag form, every string parameter redacted. */
export function sendEvent(action: string, params: Record<string, unknown>): void {
  if (typeof window === "undefined") return;
  const safeParams: Record<string, unknown> = {};
  for (const key of Object.keys(params)) {
    const value = params[key];
    safeParams[key] = typeof value === "string" ? redactLabel(value) : value;
  }
  if (window.gtag) {
    window.gtag("event", action, safeParams);
  } else {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push(["event", action, safeParams]);
  }
}

/** An event's parameters as GA4 gets them (also for an event the page's first script sends). */
export function eventParams({ category, label }: { category: string; label?: string }): Record<string, string> {
  return { event_category: category, ...(label === undefined ? {} : { event_label: label }) };
}

export function trackEvent(action: string, event: { category: string; label?: string }): void {
  sendEvent(action, eventParams(event));
}

export function trackButtonClick(label: string): void {
  trackEvent(ANALYTICS.buttonClick, { category: "engagement", label });
}

/**
 * Self-contained. The control a click landed in whose clicks are recorded as button clicks, if any:
 * every button, every disclosure summary (FAQ items, menus, Learn More, past events), and any element
 * marked `data-analytics` (links that act as buttons: the shared ButtonLink, Load More, Clear Filters,
 * RSVP, Open in New Tab, Sign In).
 */
export function recordedControl(target: EventTarget | null): HTMLElement | null {
  const element = target instanceof Element ? target : target instanceof Node ? target.parentElement : null;
  return element ? element.closest<HTMLElement>("button, summary, [role='button'], [data-analytics]") : null;
}

/**
 * Self-contained. What a control's click is recorded as: its `data-analytics` value when it has one (a
 * label that names what the control acts on, e.g. "Select: Half Day"), else the text a visitor sees on
 * it (without the parts that are hidden or only for screen readers), else its accessible name (an icon
 * button's `aria-label`); at most 100 characters.
 */
export function controlLabel(control: HTMLElement): string {
  const named = control.dataset.analytics?.trim();
  // The visible text is only read when it is needed: reading it styles every element of the control,
  // work a tap would otherwise wait for before the page can answer it.
  if (named) return named.replace(/\s+/g, " ").slice(0, 100);
  let text = "";
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      text += node.textContent ?? "";
      return;
    }
    if (!(node instanceof Element)) return;
    const style = node.ownerDocument.defaultView?.getComputedStyle(node);
    const hidden =
      node.classList.contains("sr-only") ||
      (node instanceof HTMLElement && node.hidden) ||
      style?.display === "none" ||
      style?.visibility === "hidden";
    if (hidden) return;
    // Words in separate boxes (a heading and a line under it) stay separate words.
    const separate = !style?.display.startsWith("inline");
    if (separate) text += " ";
    for (const child of node.childNodes) visit(child);
    if (separate) text += " ";
  };
  for (const child of control.childNodes) visit(child);
  const label = text.replace(/\s+/g, " ").trim() || control.getAttribute("aria-label")?.trim() || control.title.trim();
  return label.replace(/\s+/g, " ").slice(0, 100);
}

/** Self-contained (with `controlLabel`, `recordedControl` and `sendEvent`). Records a click as a button click. */
export function recordClick(event: Event): void {
  const control = recordedControl(event.target);
  if (control) {
    sendEvent("button_click", { event_category: "engagement", event_label: controlLabel(control) });
  }
}

/**
 * Records every click on a control of the page (see `recordedControl`) as a `button_click` with its
 * label: one listener for the whole document, so no component needs its own tracking call. It
 * listens in the capture phase, before the control's own handler can change its text or remove it.
 * It takes over from the page's first script, which recorded clicks until now (so no click is
 * recorded twice), and leaves alone a click that the first script held until hydration and now
 * replays (recorded when it happened). Returns the function that stops it.
 */
export function recordControlClicks(target: Document): () => void {
  firstSeconds()?.stopRecordingClicks();
  const onClick = (event: Event) => {
    if (firstSeconds()?.isReplaying()) return;
    recordClick(event);
  };
  target.addEventListener("click", onClick, true);
  return () => target.removeEventListener("click", onClick, true);
}

/** Self-contained. A GA4 page view's parameters for the current document. */
export function pageViewParams(path: string): Record<string, string> {
  return { page_path: path, page_location: window.location.href, page_title: document.title };
}

/**
 * Records a page view, unless it is the page view the page's first script already recorded for this
 * address (the first render after hydration): each page view is recorded once.
 */
export function trackPageView(path: string): void {
  if (firstSeconds()?.takePageView(path)) return;
  sendEvent(ANALYTICS.pageView, pageViewParams(path));
}
