// @vitest-environment jsdom
import { createElement, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { controlLabel, recordControlClicks, trackPageView } from "~/browser/analytics";
import { cleanUpFirstScriptAfterEach, runFirstScript } from "./test-support";
import { firstScript, HELD_CLICK_TIMEOUT_MS } from "./first-script";

type GtagEntry = [string, string, Record<string, unknown>];

function events(action?: string): GtagEntry[] {
  return (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>) as GtagEntry)
    .filter((entry) => entry[0] === "event" && (action === undefined || entry[1] === action));
}

cleanUpFirstScriptAfterEach();

/** A contact form whose Send is held until hydration, the first script run; what its `submit` events call. */
function heldSendFormWithFirstScript() {
  document.body.innerHTML = `<form id="form" action="/contact" method="post">
    <button id="send" type="submit" data-hold-until-hydrated="">Send Message</button></form>`;
  runFirstScript();
  const submitted = vi.fn((event: Event) => event.preventDefault());
  document.getElementById("form")?.addEventListener("submit", submitted);
  return submitted;
}

beforeEach(() => {
  document.title = "Coworking | Ozark Foundry";
});

/** A page that renders other text than the server's, and marks itself hydrated as the site's root does. */
function PageMarkedHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return createElement("p", null, "As the client renders it");
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
    const script = firstScript();
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
    expect(window.firstSeconds?.takePageView("/coworking?utm_source=x")).toBe(true);
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
    window.firstSeconds!.onHydrationRequest(start);
    window.dispatchEvent(new Event("keydown"));
    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(start).not.toHaveBeenCalled();
    await afterNextFrame();
    expect(start).toHaveBeenCalledTimes(1);
    expect(window.firstSeconds?.isHydrationRequested()).toBe(true);
  });

  it("holds a click on a marked control, starts hydration, and replays it on the control once hydrated", async () => {
    document.body.innerHTML = `<div id="tile"><button id="play" type="button" data-analytics="Play video: Tour"
      data-hold-until-hydrated="" data-fallback-href="https://video.example/tour"><span id="icon">▶</span></button></div>`;
    runFirstScript();
    const start = vi.fn();
    window.firstSeconds!.onHydrationRequest(start);
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
  function appendAnswer(rootId: string, key: string, markup: string, focus?: string): void {
    const template = document.createElement("noscript");
    template.setAttribute("data-answer-template", key);
    if (focus) template.setAttribute("data-answer-focus", focus);
    template.textContent = `<template>${markup}</template>`;
    document.getElementById(rootId)?.append(template);
  }

  /** A video tile with the answer to its tap (a player). */
  function tileWithAnswer(): void {
    document.body.innerHTML = `<div id="tile" ><button id="play" type="button"
      data-analytics="Play video: Tour" data-hold-until-hydrated="" data-answer="r1"
      data-fallback-href="https://video.example/tour.mp4"><span id="icon">▶</span></button></div>`;
    appendAnswer("tile", "r1", '<div id="player-frame"><iframe title="Tour"></iframe></div>');
  }

  /** A list with Load More, whose answer is the list one page longer. */
  function listWithAnswer(): void {
    document.body.innerHTML = `<div id="list" class="contents" ><ul><li id="first"><a href="/p/1">One</a></li><li id="second"><a href="/p/2">Two</a></li></ul><div><a id="more" href="/blog?page=2" data-hold-until-hydrated="" data-answer="l1">Load More</a></div></div>`;
    appendAnswer(
      "list",
      "l1",
      `<div id="list" class="contents"><ul><li id="first"><a href="/p/1">One</a></li><li id="second"><a href="/p/2">Two</a></li><li><a href="/p/3">Three</a></li><li><a href="/p/4">Four</a></li></ul><div><a id="more" href="/blog?page=3" data-hold-until-hydrated="">Load More</a></div></div>`,
      "li:nth-child(3) a",
    );
  }

  it("merges an answer into its root: what the two share stays, only the new is added, focus without scrolling", () => {
    listWithAnswer();
    const [first, second] = [document.getElementById("first"), document.getElementById("second")];
    const more = document.getElementById("more");
    const focus = vi.spyOn(HTMLElement.prototype, "focus");
    runFirstScript();
    window.firstSeconds!.onHydrationRequest(vi.fn());
    more?.click();
    const list = document.getElementById("list");
    expect(document.getElementById("first")).toBe(first);
    expect(document.getElementById("second")).toBe(second);
    expect(document.getElementById("more")).toBe(more);
    expect(list?.outerHTML).toBe(
      `<div id="list" class="contents"><ul><li id="first"><a href="/p/1">One</a></li><li id="second"><a href="/p/2">Two</a></li><li><a href="/p/3">Three</a></li><li><a href="/p/4">Four</a></li></ul><div><a id="more" href="/blog?page=3" data-hold-until-hydrated="">Load More</a></div></div>`,
    );
    expect(document.activeElement?.textContent).toBe("Three");
    expect(focus).toHaveBeenLastCalledWith({ preventScroll: true });
    expect(window.firstSeconds?.answered(["l1"])).toBe("l1");
    expect(window.firstSeconds?.isHolding()).toBe(false);
  });

  it("keeps an answer when hydration does not come: the list keeps its new items, and Load More leads one page further", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    listWithAnswer();
    runFirstScript();
    document.getElementById("more")?.click();
    const answered = document.getElementById("list")?.outerHTML;
    const clicked = vi.spyOn(HTMLElement.prototype, "click");
    window.dispatchEvent(new ErrorEvent("error", { message: "broken client entry" }));
    await vi.advanceTimersByTimeAsync(HELD_CLICK_TIMEOUT_MS * 2);
    expect(document.getElementById("list")?.outerHTML).toBe(answered);
    expect(clicked).not.toHaveBeenCalled();
  });

  it("answers a tap on a control with an answer at once: the answered root, its key, focus, nothing held", async () => {
    tileWithAnswer();
    runFirstScript();
    const start = vi.fn();
    window.firstSeconds!.onHydrationRequest(start);
    const open = vi.spyOn(window, "open").mockReturnValue(openedTab());
    document.getElementById("play")?.focus();

    document.getElementById("icon")?.click();
    expect(document.getElementById("tile")).toBeNull();
    expect(document.querySelector("noscript")).toBeNull();
    const player = document.querySelector("#player-frame > iframe");
    expect(player?.getAttribute("title")).toBe("Tour");
    expect(document.activeElement).toBe(player);
    expect(window.firstSeconds?.answered(["r1"])).toBe("r1");
    expect(window.firstSeconds?.isHolding()).toBe(false);
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

  const startHydration = vi.fn();
  /** A held radio group (its no-JavaScript forms are links) and a held checkbox of a GET form. */
  function nativeControls(): { open: ReturnType<typeof vi.spyOn>; submitted: string[] } {
    startHydration.mockClear();
    document.body.innerHTML = `
      <input id="half" type="radio" name="b" value="half" data-analytics="Select: Half Day" data-hold-until-hydrated="" data-fallback-href="https://calendar.example/half">
      <input id="full" type="radio" name="b" value="full" data-hold-until-hydrated="" data-fallback-href="https://calendar.example/full">
      <form id="filter" action="/gallery"><input id="ext" type="checkbox" name="tags" value="ext" data-analytics="Exterior" data-hold-until-hydrated=""></form>`;
    runFirstScript();
    window.firstSeconds!.onHydrationRequest(startHydration);
    const open = vi.spyOn(window, "open").mockReturnValue(openedTab());
    const submitted: string[] = [];
    document.getElementById("filter")?.addEventListener("submit", (event) => {
      submitted.push(new URLSearchParams(new FormData(event.target as HTMLFormElement) as never).toString());
      event.preventDefault();
    });
    return { open, submitted };
  }
  const checked = (id: string) => (document.getElementById(id) as HTMLInputElement).checked;

  it("leaves a held radio button's or checkbox's tap to the browser: its new state is the answer, read once hydrated", async () => {
    const { open, submitted } = nativeControls();
    const replayed = vi.fn();
    document.getElementById("half")?.addEventListener("click", replayed);
    document.getElementById("half")?.click();
    document.getElementById("ext")?.click();
    expect([checked("half"), checked("ext")]).toEqual([true, true]);
    expect(document.querySelector("[aria-busy]")).toBeNull();
    expect(window.firstSeconds?.isHolding()).toBe(true);
    expect(startHydration).toHaveBeenCalledTimes(1);
    expect(events("button_click").map(([, , params]) => params.event_label)).toEqual(["Select: Half Day", "Exterior"]);
    await markHydrated();
    // Nothing to replay: the hydrated page reads the state (a second click would undo it).
    expect(replayed).toHaveBeenCalledTimes(1);
    expect([checked("half"), checked("ext")]).toEqual([true, true]);
    expect(open).not.toHaveBeenCalled();
    expect(submitted).toEqual([]);
  });

  it("when hydration does not come, puts a radio button's answer back and opens its link, and sends a checkbox's form", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { open, submitted } = nativeControls();
    document.getElementById("full")?.click();
    document.getElementById("half")?.click();
    document.getElementById("ext")?.click();
    await vi.advanceTimersByTimeAsync(HELD_CLICK_TIMEOUT_MS);
    // Full Day was unchecked by Half Day since: only the choice that stands opens.
    expect(open).toHaveBeenCalledExactlyOnceWith("https://calendar.example/half", "_blank");
    expect([checked("half"), checked("full")]).toEqual([false, false]);
    expect(submitted).toEqual(["tags=ext"]);
  });

  it("once a script has failed, opens a radio button's link and sends a checkbox's form once its state changed", async () => {
    const { open, submitted } = nativeControls();
    window.dispatchEvent(new ErrorEvent("error", { message: "broken client entry" }));
    document.getElementById("half")?.click();
    document.getElementById("ext")?.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(open).toHaveBeenCalledExactlyOnceWith("https://calendar.example/half", "_blank");
    expect(checked("half")).toBe(false);
    expect(submitted).toEqual(["tags=ext"]);
  });

  /** A contact form as the page renders it: its checks' messages, a group of boxes, the line that shows a problem. */
  function contactForm(): void {
    document.body.innerHTML = `<form id="form" action="/contact" method="post" novalidate data-validity-category="contact">
      <p id="f-error" role="alert" hidden="" data-validity-output=""></p>
      <input name="name" required data-validity-message="Name is required.">
      <fieldset data-validity-group="interests" data-validity-message="Please select at least one area of interest.">
        <input type="checkbox" name="interests" value="coworking-space"></fieldset>
      <select name="referralSource" required data-validity-message="Please tell us how you heard about us.">
        <option value="" disabled selected>Select an option</option><option>Event</option></select>
      <button id="send" type="submit" data-hold-until-hydrated="">Send</button></form>`;
  }

  it("answers Send on a form its checks refuse in the page, in the checks' order, focused and logged, and holds it once they pass", () => {
    contactForm();
    runFirstScript();
    window.firstSeconds!.onHydrationRequest(vi.fn());
    const submitted = vi.fn((event: Event) => event.preventDefault());
    document.getElementById("form")?.addEventListener("submit", submitted);
    const output = document.getElementById("f-error") as HTMLElement;
    const input = document.querySelector("input") as HTMLInputElement;
    document.getElementById("send")?.click();
    expect(submitted).not.toHaveBeenCalled();
    expect(document.getElementById("send")?.hasAttribute("aria-busy")).toBe(false);
    expect(window.firstSeconds?.isHolding()).toBe(false);
    // Shown in the page where the hydrated form shows it, the field marked and focused.
    expect(output.hidden).toBe(false);
    expect(output.textContent).toBe("Name is required.");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("f-error");
    expect(document.getElementById("form")?.getAttribute("aria-describedby")).toBe("f-error");
    expect(document.activeElement).toBe(input);
    expect(window.firstSeconds?.refusal("f-error")).toEqual({ field: "name", message: "Name is required." });

    // With the name given, the boxes come before the referral, as the page's and the server's checks take them.
    input.value = "Sam";
    document.getElementById("send")?.click();
    expect(output.textContent).toBe("Please select at least one area of interest.");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(document.querySelector("fieldset")?.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(document.querySelector('input[name="interests"]'));
    expect(events("form_validation_error")).toEqual([
      ["event", "form_validation_error", { event_category: "contact", event_label: "Name is required." }],
      [
        "event",
        "form_validation_error",
        { event_category: "contact", event_label: "Please select at least one area of interest." },
      ],
    ]);

    (document.querySelector('input[name="interests"]') as HTMLInputElement).checked = true;
    (document.querySelector("select") as HTMLSelectElement).value = "Event";
    document.getElementById("send")?.click();
    expect(submitted).not.toHaveBeenCalled();
    expect(document.getElementById("send")?.getAttribute("aria-busy")).toBe("true");
    expect(window.firstSeconds?.isHolding()).toBe(true);
  });

  it("holds the tap as before once React has started on the page", () => {
    tileWithAnswer();
    runFirstScript();
    window.firstSeconds!.hydrationStarting();
    document.getElementById("play")?.click();
    expect(document.getElementById("tile")).not.toBeNull();
    expect(window.firstSeconds?.answered(["r1"])).toBeNull();
    expect(window.firstSeconds?.isHolding()).toBe(true);
  });

  it("holds the tap as before where the answer's markup is missing", () => {
    tileWithAnswer();
    document.querySelector("noscript")?.remove();
    runFirstScript();
    document.getElementById("play")?.click();
    expect(document.getElementById("tile")).not.toBeNull();
    expect(window.firstSeconds?.isHolding()).toBe(true);
  });

  it("says a click is waiting for hydration while it is held, and not once it was replayed", async () => {
    document.body.innerHTML = `<button id="select" type="button" data-hold-until-hydrated="">Select</button>`;
    runFirstScript();
    expect(window.firstSeconds?.isHolding()).toBe(false);
    document.getElementById("select")?.click();
    expect(window.firstSeconds?.isHolding()).toBe(true);
    await markHydrated();
    expect(window.firstSeconds?.isHolding()).toBe(false);
  });

  it("stops saying a click waits once the hold's timeout released it", async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<button id="select" type="button" data-hold-until-hydrated="">Select</button>`;
    runFirstScript();
    document.getElementById("select")?.click();
    await vi.advanceTimersByTimeAsync(HELD_CLICK_TIMEOUT_MS);
    expect(window.firstSeconds?.isHolding()).toBe(false);
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
    const submitted = heldSendFormWithFirstScript();

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
    const submitted = heldSendFormWithFirstScript();
    document.getElementById("send")?.click();
    window.dispatchEvent(new Event("unhandledrejection"));
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it("keeps held clicks through an error or rejection from another origin's script or an extension", async () => {
    const submitted = heldSendFormWithFirstScript();
    document.getElementById("send")?.click();
    // gtag.js (muted by the browser: another origin, no CORS), a widget that reports its file, an extension.
    window.dispatchEvent(new ErrorEvent("error", { message: "Script error." }));
    window.dispatchEvent(
      new ErrorEvent("error", { message: "x is undefined", filename: "https://widget.example/w.js" }),
    );
    window.dispatchEvent(new ErrorEvent("error", { message: "boom", filename: "chrome-extension://abc/content.js" }));
    const rejection = new Event("unhandledrejection") as Event & { reason?: unknown };
    rejection.reason = new Error("failed");
    (rejection.reason as Error).stack =
      "Error: failed\n    at run (https://www.googletagmanager.com/gtag/js?id=G-1:1:2)";
    window.dispatchEvent(rejection);
    expect(submitted).not.toHaveBeenCalled();
    expect(window.firstSeconds?.isHolding()).toBe(true);
    // The site's own module, named by its file, gives up.
    window.dispatchEvent(
      new ErrorEvent("error", { message: "broken", filename: `${location.origin}/assets/entry.client-1.js` }),
    );
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
    window.firstSeconds!.hydrationStarting();
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
    const submitted = heldSendFormWithFirstScript();
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
