// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { gtagBootstrapScript, REDACTED, redactLabel, trackButtonClick, trackEvent, trackPageView } from "./analytics";

function dataLayerEntries(): unknown[][] {
  return (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

afterEach(() => {
  delete window.dataLayer;
  delete window.gtag;
});

describe("redactLabel", () => {
  it("replaces any label containing an at-sign", () => {
    expect(redactLabel("jane@example.com")).toBe(REDACTED);
    expect(redactLabel("Reach us @ the hub")).toBe(REDACTED);
    expect(redactLabel("Book a Tour")).toBe("Book a Tour");
  });
});

describe("events", () => {
  it("pushes gtag-form events to window.dataLayer, redacted", () => {
    trackButtonClick("Book a Tour");
    trackEvent("form_error", { category: "contact", label: "sam@example.com is invalid" });
    expect(dataLayerEntries()).toEqual([
      ["event", "button_click", { event_category: "engagement", event_label: "Book a Tour" }],
      ["event", "form_error", { event_category: "contact", event_label: REDACTED }],
    ]);
  });

  it("goes through gtag when the bootstrap snippet defined it", () => {
    new Function(gtagBootstrapScript(null))();
    trackPageView("/coworking");
    const [entry] = dataLayerEntries();
    expect(entry?.[0]).toBe("event");
    expect(entry?.[1]).toBe("page_view");
    expect(entry?.[2]).toMatchObject({ page_path: "/coworking", page_location: window.location.href });
  });

  it("configures GA without an automatic page view only when a measurement id is given", () => {
    expect(gtagBootstrapScript(null)).not.toContain("config");
    expect(gtagBootstrapScript("G-TEST1234")).toContain(`'config',"G-TEST1234",{send_page_view:false}`);
  });

  it("loads gtag.js only after the page's load event, and only with a measurement id", () => {
    new Function(gtagBootstrapScript("G-TEST1234"))();
    const gtagScript = () => document.head.querySelector('script[src*="googletagmanager.com/gtag/js"]');
    expect(gtagScript()).toBeNull();
    window.dispatchEvent(new Event("load"));
    expect(gtagScript()?.getAttribute("src")).toBe("https://www.googletagmanager.com/gtag/js?id=G-TEST1234");
    gtagScript()?.remove();
    expect(gtagBootstrapScript(null)).not.toContain("googletagmanager");
  });
});
