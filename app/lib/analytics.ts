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

export function trackPageView(path: string): void {
  send("page_view", {
    page_path: path,
    page_location: window.location.href,
    page_title: document.title,
  });
}
