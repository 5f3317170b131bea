/**
 * Analytics events in gtag form (`['event', action, params]` in `window.dataLayer`), which Google's
 * gtag.js reads when GA_MEASUREMENT_ID is set. Labels containing an at-sign could carry an email
 * address, so they are replaced before anything leaves the page.
 */

type GtagCommand = [command: "event", action: string, params: Record<string, unknown>];

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: GtagCommand) => void;
  }
}

export const REDACTED = "[redacted]";

export function redactLabel(label: string): string {
  return label.includes("@") ? REDACTED : label;
}

export function gtagScriptUrl(measurementId: string): string {
  return `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
}

/**
 * The snippet that defines `gtag` before any event; inlined in the document head. With a measurement
 * id it also loads Google's gtag.js, but only once the page has loaded: no script competes with the
 * page's first paint, and the events recorded until then wait in `window.dataLayer`.
 */
export function gtagBootstrapScript(measurementId: string | null): string {
  const setup = [
    "window.dataLayer=window.dataLayer||[];",
    "window.gtag=window.gtag||function(){window.dataLayer.push(arguments);};",
  ];
  if (measurementId) {
    setup.push(
      "window.gtag('js',new Date());",
      `window.gtag('config',${JSON.stringify(measurementId)},{send_page_view:false});`,
      `addEventListener('load',function(){var s=document.createElement('script');s.async=true;s.src=${JSON.stringify(gtagScriptUrl(measurementId))};document.head.appendChild(s)},{once:true});`,
    );
  }
  return setup.join("");
}

function send(action: string, params: Record<string, unknown>): void {
  if (typeof window === "undefined") return;
  const safeParams = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, typeof value === "string" ? redactLabel(value) : value]),
  );
  if (window.gtag) {
    window.gtag("event", action, safeParams);
  } else {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push(["event", action, safeParams]);
  }
}

export function trackEvent(action: string, { category, label }: { category: string; label?: string }): void {
  send(action, { event_category: category, ...(label === undefined ? {} : { event_label: label }) });
}

export function trackButtonClick(label: string): void {
  trackEvent("button_click", { category: "engagement", label });
}

/**
 * The controls whose clicks are recorded as button clicks: every button, every disclosure summary
 * (FAQ items, menus, Learn More, past events), and any element marked `data-analytics` (links that
 * act as buttons: the shared ButtonLink, Load More, Clear Filters, RSVP, Open in New Tab).
 */
export const RECORDED_CONTROLS = "button, summary, [role='button'], [data-analytics]";

const MAX_LABEL_LENGTH = 100;

/**
 * What a control's click is recorded as: its `data-analytics` value when it has one (a label that
 * names what the control acts on, e.g. "Select: Half Day"), else the text a visitor sees on it, else
 * its accessible name (an icon button's `aria-label`).
 */
export function controlLabel(control: HTMLElement): string {
  const label =
    control.dataset.analytics?.trim() ||
    visibleText(control) ||
    control.getAttribute("aria-label")?.trim() ||
    control.title.trim();
  return label.replace(/\s+/g, " ").slice(0, MAX_LABEL_LENGTH);
}

/** The text shown on an element, without the parts that are hidden or only for screen readers. */
function visibleText(element: Element): string {
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
  for (const child of element.childNodes) visit(child);
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Records every click on a control of the page (see `RECORDED_CONTROLS`) as a `button_click` with
 * its label: one listener for the whole document, so no component needs its own tracking call. It
 * listens in the capture phase, before the control's own handler can change its text or remove it.
 * Returns the function that stops it.
 */
export function recordControlClicks(target: Document): () => void {
  const onClick = (event: Event) => {
    const origin = event.target instanceof Element ? event.target : null;
    const control = origin?.closest<HTMLElement>(RECORDED_CONTROLS);
    if (control) trackButtonClick(controlLabel(control));
  };
  target.addEventListener("click", onClick, true);
  return () => target.removeEventListener("click", onClick, true);
}

export function trackPageView(path: string): void {
  send("page_view", {
    page_path: path,
    page_location: window.location.href,
    page_title: document.title,
  });
}
