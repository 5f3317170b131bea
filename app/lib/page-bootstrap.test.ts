// @vitest-environment jsdom
import { createElement, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { controlLabel, recordControlClicks, trackPageView } from "./analytics";
import { HELD_CLICK_TIMEOUT_MS, pageBootstrapScript } from "./page-bootstrap";

type GtagEntry = [string, string, Record<string, unknown>];

function events(action?: string): GtagEntry[] {
  return (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>) as GtagEntry)
    .filter((entry) => entry[0] === "event" && (action === undefined || entry[1] === action));
}

/** Listeners the script adds to `window`, removed after each test (each test runs a fresh script). */
let added: [string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined][] = [];
const addEventListener = window.addEventListener.bind(window);

beforeEach(() => {
  added = [];
  vi.spyOn(window, "addEventListener").mockImplementation((type, listener, options) => {
    added.push([type, listener, options]);
    addEventListener(type, listener, options);
  });
  document.title = "Coworking | Ozark Foundry";
});

afterEach(() => {
  for (const [type, listener, options] of added) window.removeEventListener(type, listener, options);
  vi.restoreAllMocks();
  vi.useRealTimers();
  delete window.dataLayer;
  delete window.gtag;
  delete window.pageBootstrap;
  document.documentElement.removeAttribute("data-hydrated");
  document.body.innerHTML = "";
});

/** A page that renders other text than the server's, and marks itself hydrated as the site's root does. */
function PageMarkedHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return createElement("p", null, "As the client renders it");
}

/** Runs the first script as the page runs it: its text alone, in a scope of its own. */
function runFirstScript(): void {
  new Function(pageBootstrapScript())();
}

/** What `window.open` gives for a tab it opened. */
function openedTab(): Window {
  return { opener: window } as unknown as Window;
}

function markHydrated(): Promise<void> {
  document.documentElement.dataset.hydrated = "true";
  // The script hears of it through a MutationObserver, whose callback is a microtask.
  return new Promise((resolve) => setTimeout(resolve, 0));
}

describe("the first seconds' script", () => {
  it("is one inline script that nothing in its code can end early", () => {
    const script = pageBootstrapScript();
    expect(script).not.toMatch(/<\/script/i);
    expect(script).not.toContain("<!--");
    // No comment's bytes go to the visitor.
    expect(script).not.toContain("/*");
    // The labels come from the very code the hydrated page runs.
    expect(script).toContain(
      String(controlLabel)
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/\n\s+/g, "\n"),
    );
  });

  it("records the page view at once, in gtag form", () => {
    window.history.replaceState(null, "", "/coworking?utm_source=x");
    runFirstScript();
    expect(events()).toEqual([
      [
        "event",
        "page_view",
        {
          page_path: "/coworking?utm_source=x",
          page_location: window.location.href,
          page_title: "Coworking | Ozark Foundry",
        },
      ],
    ]);
    expect(window.pageBootstrap?.pageView).toBe("/coworking?utm_source=x");
  });

  it("leaves that page view to be recorded once: the hydrated page does not record it again", () => {
    window.history.replaceState(null, "", "/tour");
    runFirstScript();
    trackPageView("/tour");
    expect(events("page_view")).toHaveLength(1);
    trackPageView("/contact");
    trackPageView("/tour");
    expect(events("page_view").map(([, , params]) => params.page_path)).toEqual(["/tour", "/contact", "/tour"]);
  });

  it("records clicks with the hydrated page's labels, redacted, until React's listener takes over", () => {
    document.body.innerHTML = `
      <button id="faq"><span id="inner">Can I bring a guest?</span><span class="sr-only">(opens)</span></button>
      <a id="portal" href="#portal" data-analytics="">Sign In<span class="sr-only"> (opens in a new tab)</span></a>
      <button id="mail" aria-label="Write to hello@example.com"></button>
      <a id="plain" href="#plain">Terms</a>`;
    runFirstScript();
    for (const id of ["inner", "portal", "mail", "plain"]) document.getElementById(id)?.click();
    const expected = ["Can I bring a guest?", "Sign In", "[redacted]"];
    expect(events("button_click").map(([, , params]) => params.event_label)).toEqual(expected);
    expect(controlLabel(document.getElementById("faq") as HTMLElement)).toBe(expected[0]);

    const stop = recordControlClicks(document);
    document.getElementById("faq")?.click();
    stop();
    expect(events("button_click")).toHaveLength(4);
    expect(events("button_click").at(-1)?.[2]).toEqual({
      event_category: "engagement",
      event_label: "Can I bring a guest?",
    });
  });

  /** Lets the frame after an interaction, and the task after it, run. */
  const afterNextFrame = () =>
    new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0)));

  it("starts hydration after the frame that follows the first interaction, once", async () => {
    runFirstScript();
    const start = vi.fn();
    window.pageBootstrap!.startHydration = start;
    window.dispatchEvent(new Event("keydown"));
    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(start).not.toHaveBeenCalled();
    await afterNextFrame();
    expect(start).toHaveBeenCalledTimes(1);
    expect(window.pageBootstrap?.hydrationRequested).toBe(true);
  });

  it("holds a click on a marked control, starts hydration, and replays it on the control once hydrated", async () => {
    document.body.innerHTML = `<div id="tile"><button id="play" type="button" data-analytics="Play video: Tour"
      data-hold-until-hydrated="" data-fallback-href="https://video.example/tour"><span id="icon">▶</span></button></div>`;
    runFirstScript();
    const start = vi.fn();
    window.pageBootstrap!.startHydration = start;
    const open = vi.spyOn(window, "open").mockReturnValue(openedTab());
    const handled: { trusted: boolean; prevented: boolean }[] = [];
    document.getElementById("tile")?.addEventListener("click", (event) => {
      handled.push({ trusted: event.isTrusted, prevented: event.defaultPrevented });
    });

    document.getElementById("icon")?.click();
    expect(handled).toEqual([]);
    expect(start).toHaveBeenCalledTimes(1);

    const stop = recordControlClicks(document);
    await markHydrated();
    stop();
    expect(handled).toHaveLength(1);
    expect(handled[0]?.prevented).toBe(false);
    // Recorded once, when the visitor clicked; the replay is not a second click.
    expect(events("button_click").map(([, , params]) => params.event_label)).toEqual(["Play video: Tour"]);
    expect(open).not.toHaveBeenCalled();
  });

  /** Adds to a root the answer to its control's tap, as a browser with scripting on reads it (its markup as text). */
  function appendAnswer(
    rootId: string,
    key: string,
    markup: string,
    { needsHydration = false, attributes = {} as Record<string, string> } = {},
  ): void {
    const template = document.createElement("noscript");
    template.setAttribute("data-answer-template", key);
    if (needsHydration) template.setAttribute("data-answer-needs-hydration", "");
    for (const [name, value] of Object.entries(attributes)) template.setAttribute(name, value);
    template.textContent = `<template>${markup}</template>`;
    document.getElementById(rootId)?.append(template);
  }

  /** A video tile with the answer to its tap (a player). */
  function tileWithAnswer(): void {
    document.body.innerHTML = `<div id="tile" data-answer-root=""><button id="play" type="button"
      data-analytics="Play video: Tour" data-hold-until-hydrated="" data-answer="r1"
      data-fallback-href="https://video.example/tour.mp4"><span id="icon">▶</span></button></div>`;
    appendAnswer("tile", "r1", '<div id="player-frame"><iframe title="Tour"></iframe></div>');
  }

  /** A booking section with the answer to its option's tap, which only hydration completes. */
  function bookingWithAnswer(): void {
    document.body.innerHTML = `<section id="booking" data-answer-root=""><button id="half" type="button"
      aria-pressed="false" data-hold-until-hydrated="" data-answer="b:half" data-fallback-href="https://calendar.example/half">
      Select</button></section>`;
    appendAnswer(
      "booking",
      "b:half",
      `<section id="booking-chosen"><button type="button" aria-pressed="true"
      data-answer="b:half">Selected</button><h3>Book: Half Day</h3></section>`,
      { needsHydration: true },
    );
  }

  /** A form whose Send is answered only while no field was changed, with the focus and event of its answer. */
  function formWithAnswer(): void {
    document.body.innerHTML = `<div id="contact" data-answer-root=""><form>
      <input name="name" value=""><input type="checkbox" name="interests" value="a">
      <select name="referralSource"><option value="" selected>Pick</option><option value="Web">Web</option></select>
      <button id="send" type="submit" data-hold-until-hydrated="" data-answer="c:send">Send</button></form></div>`;
    appendAnswer(
      "contact",
      "c:send",
      `<div id="answered"><form><p role="alert">Name is required.</p><input name="name" value="" aria-invalid="true">
      <button type="submit" data-hold-until-hydrated="">Send</button></form></div>`,
      {
        attributes: {
          "data-answer-if-untouched": "",
          "data-answer-focus": '[name="name"]',
          "data-answer-event": JSON.stringify(["form_validation_error", { event_label: "Name is required." }]),
        },
      },
    );
  }

  /** A list with Load More, whose answer (the list one page longer) is merged in place and only hydration completes. */
  function listWithAnswer(): void {
    document.body.innerHTML = `<div id="list" class="contents" data-answer-root=""><ul><li id="first"><a href="/p/1">One</a></li><li id="second"><a href="/p/2">Two</a></li></ul><div><a id="more" href="/blog?page=2" data-hold-until-hydrated="" data-answer="l1">Load More</a></div></div>`;
    appendAnswer(
      "list",
      "l1",
      `<div id="list" class="contents"><ul><li id="first"><a href="/p/1">One</a></li><li id="second"><a href="/p/2">Two</a></li><li><a href="/p/3">Three</a></li><li><a href="/p/4">Four</a></li></ul><div><a id="more" href="/blog?page=3" data-hold-until-hydrated="">Load More</a></div></div>`,
      {
        needsHydration: true,
        attributes: {
          "data-answer-in-place": "",
          "data-answer-focus": "li:nth-child(3) a",
        },
      },
    );
  }

  it("merges an answer marked in place into its root: what the two share stays, only the new is added", () => {
    // The answer waits for hydration: its hold's timer must not outlive the test. Only the timers are
    // faked: an animation frame asked for under a fake clock left later tests' frames waiting.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    listWithAnswer();
    const [first, second] = [document.getElementById("first"), document.getElementById("second")];
    const more = document.getElementById("more");
    runFirstScript();
    window.pageBootstrap!.startHydration = vi.fn();
    more?.click();
    const list = document.getElementById("list");
    expect([...(list?.querySelectorAll("li a") ?? [])].map((link) => link.textContent)).toEqual([
      "One",
      "Two",
      "Three",
      "Four",
    ]);
    expect(document.getElementById("first")).toBe(first);
    expect(document.getElementById("second")).toBe(second);
    expect(document.getElementById("more")).toBe(more);
    expect(more?.getAttribute("href")).toBe("/blog?page=3");
    expect(more?.hasAttribute("data-answer")).toBe(false);
    expect(list?.hasAttribute("data-answer-root")).toBe(false);
    expect(list?.querySelector("noscript")).toBeNull();
    expect(list?.outerHTML).toBe(
      `<div id="list" class="contents"><ul><li id="first"><a href="/p/1">One</a></li><li id="second"><a href="/p/2">Two</a></li><li><a href="/p/3">Three</a></li><li><a href="/p/4">Four</a></li></ul><div><a id="more" href="/blog?page=3" data-hold-until-hydrated="">Load More</a></div></div>`,
    );
    expect(document.activeElement?.textContent).toBe("Three");
    expect(window.pageBootstrap?.answered).toEqual(["l1"]);
  });

  it("puts a list merged in place back as it was when hydration does not come, and follows its link", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    listWithAnswer();
    const before = document.getElementById("list")?.outerHTML;
    runFirstScript();
    window.pageBootstrap!.startHydration = vi.fn();
    document.getElementById("more")?.click();
    const clicked = vi.spyOn(HTMLElement.prototype, "click");
    await vi.advanceTimersByTimeAsync(HELD_CLICK_TIMEOUT_MS);
    expect(document.getElementById("list")?.outerHTML).toBe(before);
    // The link put back is the one clicked again, to go to its address as without JavaScript.
    const restored = document.getElementById("more");
    expect(clicked.mock.contexts).toEqual([restored]);
    expect(restored?.getAttribute("href")).toBe("/blog?page=2");
    expect(window.pageBootstrap?.answered).toEqual([]);
  });

  it("answers a form's Send while no field was changed: focus and event as the answer says, nothing held", () => {
    formWithAnswer();
    runFirstScript();
    document.getElementById("send")?.click();
    expect(document.getElementById("contact")).toBeNull();
    expect(document.querySelector("#answered [role=alert]")?.textContent).toBe("Name is required.");
    expect(document.activeElement).toBe(document.querySelector('#answered [name="name"]'));
    expect(window.pageBootstrap?.answered).toEqual(["c:send"]);
    expect(window.pageBootstrap?.holding).toBe(false);
    expect(events("form_validation_error").map(([, , params]) => params.event_label)).toEqual(["Name is required."]);
  });

  it("focuses without scrolling where the answer says so", () => {
    tileWithAnswer();
    document.querySelector("noscript")?.setAttribute("data-answer-focus-in-place", "");
    const focus = vi.spyOn(HTMLElement.prototype, "focus");
    runFirstScript();
    document.getElementById("play")?.click();
    expect(focus).toHaveBeenLastCalledWith({ preventScroll: true });
  });

  it.each([
    ["a text typed", () => ((document.querySelector('[name="name"]') as HTMLInputElement).value = "Sam")],
    ["a box ticked", () => ((document.querySelector('[name="interests"]') as HTMLInputElement).checked = true)],
    ["an option chosen", () => ((document.querySelector("select") as HTMLSelectElement).value = "Web")],
  ])("holds a form's Send for the hydrated checks once a field was changed (%s)", (_, change) => {
    formWithAnswer();
    runFirstScript();
    window.pageBootstrap!.startHydration = vi.fn();
    change();
    document.getElementById("send")?.click();
    expect(document.getElementById("contact")).not.toBeNull();
    expect(document.getElementById("answered")).toBeNull();
    expect(document.getElementById("send")?.getAttribute("aria-busy")).toBe("true");
    expect(window.pageBootstrap?.holding).toBe(true);
    expect(events("form_validation_error")).toEqual([]);
  });

  it("answers a tap on a control with an answer at once: the answered root, its key, focus, nothing held", async () => {
    tileWithAnswer();
    runFirstScript();
    const start = vi.fn();
    window.pageBootstrap!.startHydration = start;
    const open = vi.spyOn(window, "open").mockReturnValue(openedTab());
    document.getElementById("play")?.focus();

    document.getElementById("icon")?.click();
    expect(document.getElementById("tile")).toBeNull();
    expect(document.querySelector("noscript")).toBeNull();
    const player = document.querySelector("#player-frame > iframe");
    expect(player?.getAttribute("title")).toBe("Tour");
    expect(document.activeElement).toBe(player);
    expect(window.pageBootstrap?.answered).toEqual(["r1"]);
    expect(window.pageBootstrap?.holding).toBe(false);
    expect(document.querySelector("[aria-busy]")).toBeNull();
    // Hydration waits for the frame that shows the answer.
    expect(start).not.toHaveBeenCalled();
    await afterNextFrame();
    expect(start).toHaveBeenCalledTimes(1);
    expect(open).not.toHaveBeenCalled();
    expect(events("button_click").map(([, , params]) => params.event_label)).toEqual(["Play video: Tour"]);
  });

  it("gives an answered video its controls after the frame that shows it, as the hydrated player does", async () => {
    tileWithAnswer();
    document.querySelector("noscript")?.remove();
    appendAnswer(
      "tile",
      "r1",
      '<div><video src="https://video.example/tour.mp4" data-controls-after-paint=""></video></div>',
    );
    runFirstScript();
    document.getElementById("play")?.click();
    const video = document.querySelector("video");
    expect(video?.controls).toBe(false);
    await afterNextFrame();
    expect(video?.controls).toBe(true);
  });

  it("shows a held toggle's new state at once, once per click held, and puts it back if the click is released", async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<form action="/gallery"><button id="exterior" type="submit" name="tags" value="ext"
      aria-pressed="false" data-hold-until-hydrated="">Exterior</button>
      <button id="coworking" type="submit" name="tags" value="" aria-pressed="true" data-hold-until-hydrated="">Coworking</button></form>`;
    const submitted: string[] = [];
    document.querySelector("form")?.addEventListener("submit", (event) => {
      submitted.push((event.submitter as HTMLButtonElement).id);
      event.preventDefault();
    });
    runFirstScript();
    const exterior = document.getElementById("exterior")!;
    const coworking = document.getElementById("coworking")!;
    exterior.click();
    exterior.click();
    coworking.click();
    expect(exterior.getAttribute("aria-pressed")).toBe("true");
    expect(coworking.getAttribute("aria-pressed")).toBe("false");
    expect(submitted).toEqual([]);
    await vi.advanceTimersByTimeAsync(HELD_CLICK_TIMEOUT_MS);
    // Released to their no-JavaScript behaviour (the form's own submission), they show the state the
    // server's answer will show.
    expect(exterior.getAttribute("aria-pressed")).toBe("false");
    expect(coworking.getAttribute("aria-pressed")).toBe("true");
    expect(submitted).toEqual(["exterior", "coworking"]);
  });

  /** Taps the booking option (its answer waits for hydration) on the test's own clock; `window.open` is spied. */
  function tapBookingOption() {
    vi.useFakeTimers();
    bookingWithAnswer();
    runFirstScript();
    const open = vi.spyOn(window, "open").mockReturnValue(openedTab());
    document.getElementById("half")?.click();
    return open;
  }

  it("puts an answer only hydration completes back when hydration does not come, and acts as without JavaScript", async () => {
    const open = tapBookingOption();
    expect(document.getElementById("booking-chosen")).not.toBeNull();
    expect(window.pageBootstrap?.answered).toEqual(["b:half"]);
    await vi.advanceTimersByTimeAsync(HELD_CLICK_TIMEOUT_MS - 1);
    expect(open).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(document.getElementById("booking-chosen")).toBeNull();
    expect(document.getElementById("half")?.getAttribute("aria-pressed")).toBe("false");
    expect(window.pageBootstrap?.answered).toEqual([]);
    expect(open).toHaveBeenCalledWith("https://calendar.example/half", "_blank");
  });

  it("once a script has failed, acts on a control whose answer only hydration completes as without JavaScript", () => {
    bookingWithAnswer();
    runFirstScript();
    const open = vi.spyOn(window, "open").mockReturnValue(openedTab());
    window.dispatchEvent(new ErrorEvent("error", { message: "broken client entry" }));
    document.getElementById("half")?.click();
    expect(document.getElementById("booking-chosen")).toBeNull();
    expect(open).toHaveBeenCalledWith("https://calendar.example/half", "_blank");
  });

  it("keeps an answer only hydration completes once the page is hydrated", async () => {
    const open = tapBookingOption();
    document.documentElement.dataset.hydrated = "true";
    await vi.advanceTimersByTimeAsync(HELD_CLICK_TIMEOUT_MS * 2);
    expect(document.getElementById("booking-chosen")).not.toBeNull();
    expect(open).not.toHaveBeenCalled();
  });

  it("holds the tap as before once React has started on the page", () => {
    tileWithAnswer();
    runFirstScript();
    window.pageBootstrap!.hydrationStarted = true;
    document.getElementById("play")?.click();
    expect(document.getElementById("tile")).not.toBeNull();
    expect(window.pageBootstrap?.answered).toEqual([]);
    expect(window.pageBootstrap?.holding).toBe(true);
  });

  it("holds the tap as before where the answer's markup is missing", () => {
    tileWithAnswer();
    document.querySelector("noscript")?.remove();
    runFirstScript();
    document.getElementById("play")?.click();
    expect(document.getElementById("tile")).not.toBeNull();
    expect(window.pageBootstrap?.holding).toBe(true);
  });

  it("says a click is waiting for hydration while it is held, and not once it was replayed", async () => {
    document.body.innerHTML = `<button id="select" type="button" data-hold-until-hydrated="">Select</button>`;
    runFirstScript();
    expect(window.pageBootstrap?.holding).toBe(false);
    document.getElementById("select")?.click();
    expect(window.pageBootstrap?.holding).toBe(true);
    await markHydrated();
    expect(window.pageBootstrap?.holding).toBe(false);
  });

  it("stops saying a click waits once the hold's timeout released it", async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<button id="select" type="button" data-hold-until-hydrated="">Select</button>`;
    runFirstScript();
    document.getElementById("select")?.click();
    await vi.advanceTimersByTimeAsync(HELD_CLICK_TIMEOUT_MS);
    expect(window.pageBootstrap?.holding).toBe(false);
  });

  it("marks a held control busy from the click until it is replayed, and only the held ones", async () => {
    document.body.innerHTML = `<button id="select" type="button" data-hold-until-hydrated="">Select</button>
      <button id="other" type="button" data-hold-until-hydrated="">Other</button><button id="plain">Plain</button>`;
    runFirstScript();
    const busy = () => [...document.querySelectorAll('[aria-busy="true"]')].map((element) => element.id).toSorted();
    document.getElementById("plain")?.click();
    expect(busy()).toEqual([]);
    document.getElementById("select")?.click();
    expect(busy()).toEqual(["select"]);
    document.getElementById("select")?.click();
    document.getElementById("other")?.click();
    expect(busy()).toEqual(["other", "select"]);
    const seenAtReplay: (string | null)[] = [];
    document.getElementById("select")?.addEventListener("click", (event) => {
      seenAtReplay.push((event.currentTarget as HTMLElement).getAttribute("aria-busy"));
    });
    await markHydrated();
    expect(busy()).toEqual([]);
    // The control is no longer busy when its click is replayed: the hydrated page's answer takes over.
    expect(seenAtReplay).toEqual([null]);
  });

  it("clears the busy mark when the hold times out and the control acts as without JavaScript", async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<button id="select" type="button" data-hold-until-hydrated="">Select</button>`;
    runFirstScript();
    const select = document.getElementById("select")!;
    select.click();
    expect(select.getAttribute("aria-busy")).toBe("true");
    await vi.advanceTimersByTimeAsync(HELD_CLICK_TIMEOUT_MS - 1);
    expect(select.getAttribute("aria-busy")).toBe("true");
    await vi.advanceTimersByTimeAsync(1);
    expect(select.hasAttribute("aria-busy")).toBe(false);
    // From then on, until hydration, clicks are not held, so nothing is marked.
    select.click();
    expect(select.hasAttribute("aria-busy")).toBe(false);
  });

  it("clears the busy mark at once when a script fails before hydration", () => {
    document.body.innerHTML = `<button id="again" type="button" data-hold-until-hydrated="">Again</button>`;
    runFirstScript();
    const again = document.getElementById("again")!;
    again.click();
    expect(again.getAttribute("aria-busy")).toBe("true");
    window.dispatchEvent(new ErrorEvent("error", { message: "a module threw" }));
    expect(again.hasAttribute("aria-busy")).toBe(false);
  });

  it("does not hold clicks once the page is hydrated", async () => {
    document.body.innerHTML = `<a id="more" href="#more" data-analytics="" data-hold-until-hydrated="">Load More</a>`;
    runFirstScript();
    await markHydrated();
    let prevented: boolean | null = null;
    document.getElementById("more")?.addEventListener("click", (event) => {
      prevented = event.defaultPrevented;
      event.preventDefault();
    });
    document.getElementById("more")?.click();
    expect(prevented).toBe(false);
  });

  it("lets a link opened elsewhere (with a modifier key) go as it is", () => {
    document.body.innerHTML = `<a id="more" href="#more" data-analytics="" data-hold-until-hydrated="">Load More</a>`;
    runFirstScript();
    let prevented: boolean | null = null;
    document.getElementById("more")?.addEventListener("click", (event) => {
      prevented = event.defaultPrevented;
      event.preventDefault();
    });
    document
      .getElementById("more")
      ?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(prevented).toBe(false);
  });

  it("lets the control's own no-JavaScript behaviour go ahead when hydration does not come in time", async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<form id="form" action="/contact" method="post">
      <button id="send" type="submit" data-hold-until-hydrated="">Send Message</button></form>`;
    runFirstScript();
    const submitted = vi.fn((event: Event) => event.preventDefault());
    document.getElementById("form")?.addEventListener("submit", submitted);

    document.getElementById("send")?.click();
    await vi.advanceTimersByTimeAsync(HELD_CLICK_TIMEOUT_MS - 100);
    expect(submitted).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(events("button_click")).toHaveLength(1);

    // From then on, until hydration, clicks go ahead at once.
    document.getElementById("send")?.click();
    expect(submitted).toHaveBeenCalledTimes(2);
    // And hydration arriving later replays nothing.
    document.documentElement.dataset.hydrated = "true";
    await vi.advanceTimersByTimeAsync(10);
    expect(submitted).toHaveBeenCalledTimes(2);
  });

  it("releases every held click as without JavaScript at once when a script fails before hydration", async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<form id="form" action="/contact" method="post">
      <button id="send" type="submit" data-hold-until-hydrated="">Send Message</button></form>
      <button id="select" type="button" data-hold-until-hydrated="" data-fallback-href="https://calendar.example/half-day">Select</button>`;
    runFirstScript();
    const open = vi.spyOn(window, "open").mockReturnValue(openedTab());
    const submitted = vi.fn((event: Event) => event.preventDefault());
    document.getElementById("form")?.addEventListener("submit", submitted);
    document.getElementById("send")?.click();
    document.getElementById("select")?.click();
    expect(submitted).not.toHaveBeenCalled();

    // The client entry threw while it was evaluated: no hydration is coming.
    window.dispatchEvent(new ErrorEvent("error", { message: "Uncaught Error" }));
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledExactlyOnceWith("https://calendar.example/half-day", "_blank");
    // The timer that would have released them has nothing left to do.
    await vi.advanceTimersByTimeAsync(HELD_CLICK_TIMEOUT_MS * 2);
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("releases a held click at once on an unhandled rejection before hydration", () => {
    document.body.innerHTML = `<form id="form" action="/contact" method="post">
      <button id="send" type="submit" data-hold-until-hydrated="">Send Message</button></form>`;
    runFirstScript();
    const submitted = vi.fn((event: Event) => event.preventDefault());
    document.getElementById("form")?.addEventListener("submit", submitted);
    document.getElementById("send")?.click();
    window.dispatchEvent(new Event("unhandledrejection"));
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it("lets a script error after hydration release nothing", async () => {
    document.body.innerHTML = `<a id="more" href="#more" data-hold-until-hydrated="">Load More</a>`;
    runFirstScript();
    await markHydrated();
    const clicked = vi.fn();
    document.getElementById("more")?.addEventListener("click", clicked);
    window.dispatchEvent(new ErrorEvent("error", { message: "Uncaught Error" }));
    expect(clicked).not.toHaveBeenCalled();
  });

  it("leaves a held click to a page that hydrates after an error React recovered from", async () => {
    // A real one: the server's HTML says one thing and the component renders another, so React renders
    // the root anew, reports the error as its default does (an uncaught error: the window's `error`
    // event), and the page is hydrated after that, when its effects run.
    document.body.innerHTML = `<button id="select" type="button" data-hold-until-hydrated=""
      data-fallback-href="https://calendar.example/half-day">Select</button><div id="root"><p>As the server said it</p></div>`;
    runFirstScript();
    const open = vi.spyOn(window, "open").mockReturnValue(openedTab());
    const replayed = vi.fn();
    document.getElementById("select")?.addEventListener("click", replayed);
    document.getElementById("select")?.click();
    const reported = vi.fn();
    window.addEventListener("error", reported);
    vi.spyOn(console, "error").mockImplementation(() => {});
    window.pageBootstrap!.hydrationStarted = true;
    hydrateRoot(document.getElementById("root")!, createElement(PageMarkedHydrated));
    await vi.waitFor(() => expect(document.documentElement.hasAttribute("data-hydrated")).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    window.removeEventListener("error", reported);
    expect(reported).toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    expect(replayed).toHaveBeenCalledTimes(1);
  });

  it("waits for hydration the same time whatever has arrived, counted from the first held click", async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<form id="form" action="/contact" method="post">
      <button id="send" type="submit" data-hold-until-hydrated="">Send Message</button></form>`;
    runFirstScript();
    const submitted = vi.fn((event: Event) => event.preventDefault());
    document.getElementById("form")?.addEventListener("submit", submitted);
    document.getElementById("send")?.click();
    await vi.advanceTimersByTimeAsync(HELD_CLICK_TIMEOUT_MS - 500);
    // A second tap on the waiting control neither acts nor starts the wait again.
    document.getElementById("send")?.click();
    expect(submitted).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it("replays a control tapped twice while held once, and two tapped controls once each, in order", async () => {
    document.body.innerHTML = `
      <button id="events" type="button" data-hold-until-hydrated="">Events</button>
      <button id="exterior" type="button" data-hold-until-hydrated="">Exterior</button>`;
    runFirstScript();
    const replayed: string[] = [];
    for (const id of ["events", "exterior"]) {
      document.getElementById(id)?.addEventListener("click", () => replayed.push(id));
    }
    for (const id of ["events", "events", "exterior", "events"]) document.getElementById(id)?.click();
    expect(replayed).toEqual([]);
    await markHydrated();
    expect(replayed).toEqual(["events", "exterior"]);
    // Every tap was the visitor's and is recorded as such; the replays are not recorded again.
    expect(events("button_click")).toHaveLength(4);
  });

  it("opens a held button's no-JavaScript link in a new tab when hydration does not come in time", async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<button id="select" type="button" data-analytics="Select: Half Day"
      data-hold-until-hydrated="" data-fallback-href="https://calendar.example/half-day">Select</button>`;
    runFirstScript();
    const open = vi.spyOn(window, "open").mockReturnValue(openedTab());
    document.getElementById("select")?.click();
    expect(open).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(HELD_CLICK_TIMEOUT_MS);
    expect(open).toHaveBeenCalledWith("https://calendar.example/half-day", "_blank");
    expect(events("button_click")).toHaveLength(1);
  });

  it("cuts the new tab's opener, and opens the address in this tab when the browser blocks the new one", async () => {
    vi.useFakeTimers();
    // An address in this document, which jsdom can navigate to (it loads no other document).
    window.history.replaceState(null, "", "/coworking");
    document.body.innerHTML = `<button id="play" type="button" data-hold-until-hydrated=""
      data-fallback-href="#tour-video">Play</button>`;
    runFirstScript();
    const tab = openedTab();
    const open = vi.spyOn(window, "open").mockReturnValueOnce(tab).mockReturnValueOnce(null);
    document.getElementById("play")?.click();
    await vi.advanceTimersByTimeAsync(HELD_CLICK_TIMEOUT_MS);
    expect(open).toHaveBeenCalledTimes(1);
    expect(tab.opener).toBeNull();
    expect(window.location.hash).toBe("");

    // Blocked: open() gives nothing, and the address opens here.
    document.getElementById("play")?.click();
    expect(open).toHaveBeenCalledTimes(2);
    expect(window.location.hash).toBe("#tour-video");
  });
});
