// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  controlLabel,
  REDACTED,
  recordControlClicks,
  redactLabel,
  trackButtonClick,
  trackEvent,
  trackPageView,
} from "./analytics";
import { documentStartScript } from "~/first-seconds/first-script";

function dataLayerEntries(): unknown[][] {
  return (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

afterEach(() => {
  vi.restoreAllMocks();
  delete window.dataLayer;
  delete window.gtag;
  document.body.innerHTML = "";
});

function mount(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body.firstElementChild as HTMLElement;
}

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
    new Function(documentStartScript(null))();
    trackPageView("/coworking");
    const [entry] = dataLayerEntries();
    expect(entry?.[0]).toBe("event");
    expect(entry?.[1]).toBe("page_view");
    expect(entry?.[2]).toMatchObject({ page_path: "/coworking", page_location: window.location.href });
  });

  it("configures GA without an automatic page view only when a measurement id is given", () => {
    new Function(documentStartScript(null))();
    expect(dataLayerEntries()).toEqual([]);
    new Function(documentStartScript("G-TEST1234"))();
    const commands = (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(commands.find(([command]) => command === "config")).toEqual([
      "config",
      "G-TEST1234",
      { send_page_view: false },
    ]);
  });

  it("loads gtag.js only after the page's load event, and only with a measurement id", () => {
    new Function(documentStartScript("G-TEST1234"))();
    const gtagScript = () => document.head.querySelector('script[src*="googletagmanager.com/gtag/js"]');
    expect(gtagScript()).toBeNull();
    window.dispatchEvent(new Event("load"));
    expect(gtagScript()?.getAttribute("src")).toBe("https://www.googletagmanager.com/gtag/js?id=G-TEST1234");
    gtagScript()?.remove();
    expect(documentStartScript(null)).not.toContain("googletagmanager");
  });
});

describe("controlLabel", () => {
  it("is the text a visitor sees, without screen-reader-only or hidden parts", () => {
    const control = mount(
      `<summary><span>Show Past Events</span><span hidden>Hide Past Events</span><svg aria-hidden="true"></svg></summary>`,
    );
    expect(controlLabel(control)).toBe("Show Past Events");
    const link = mount(`<a data-analytics="">Add to calendar<span class="sr-only">: Founders' Breakfast</span></a>`);
    expect(controlLabel(link)).toBe("Add to calendar");
  });

  it("keeps words in separate boxes apart and joins text split by the renderer", () => {
    const control = mount(`<button><div>Spaces</div><div>Offices and desks</div></button>`);
    expect(controlLabel(control)).toBe("Spaces Offices and desks");
    const split = mount("<button></button>");
    split.append("Play video: ", "Coworking tour");
    expect(controlLabel(split)).toBe("Play video: Coworking tour");
  });

  it("prefers the control's data-analytics label, and falls back to its aria-label", () => {
    expect(controlLabel(mount(`<button data-analytics="Select: Half Day">Select</button>`))).toBe("Select: Half Day");
    expect(controlLabel(mount(`<button aria-label="Close booking form"><svg></svg></button>`))).toBe(
      "Close booking form",
    );
  });

  it("reads no style for a control named by data-analytics (a tap waits for nothing it does not need)", () => {
    const control = mount(
      `<button data-analytics="Play video: Tour"><span class="sr-only">Play video: Tour</span><img alt=""><span>Tour</span></button>`,
    );
    const styles = vi.spyOn(window, "getComputedStyle");
    expect(controlLabel(control)).toBe("Play video: Tour");
    expect(styles).not.toHaveBeenCalled();
    expect(controlLabel(mount(`<button data-analytics="  Select:\n  Half Day ">Select</button>`))).toBe(
      "Select: Half Day",
    );
  });
});

describe("recordControlClicks", () => {
  it("records a click anywhere inside a button, summary or marked link, once, with its label", () => {
    const stop = recordControlClicks(document);
    mount(`<div>
      <button id="faq"><span id="inner">Can I bring a guest?</span></button>
      <details><summary id="menu">Menu</summary></details>
      <a id="more" href="#more" data-analytics="">Load More</a>
      <a id="plain" href="#plain">Terms of Service</a>
      <p id="text">Not a control</p>
    </div>`);
    for (const id of ["inner", "menu", "more", "plain", "text"]) document.getElementById(id)?.click();
    stop();
    document.getElementById("faq")?.click();
    expect(dataLayerEntries()).toEqual([
      ["event", "button_click", { event_category: "engagement", event_label: "Can I bring a guest?" }],
      ["event", "button_click", { event_category: "engagement", event_label: "Menu" }],
      ["event", "button_click", { event_category: "engagement", event_label: "Load More" }],
    ]);
  });

  it("records the label the control had when it was clicked, before its own handler changes it", () => {
    const stop = recordControlClicks(document);
    const button = mount("<button>Show Less</button>");
    button.addEventListener("click", () => {
      button.textContent = "Learn More";
    });
    button.click();
    stop();
    expect(dataLayerEntries()).toEqual([
      ["event", "button_click", { event_category: "engagement", event_label: "Show Less" }],
    ]);
  });
});
