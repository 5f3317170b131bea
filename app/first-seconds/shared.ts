/**
 * The small self-contained functions both sides call: the first script (which inlines their source,
 * `inline-script.ts`) and the hydrated page. Each uses nothing from outside itself but its arguments
 * and the browser, so the page behaves the same before and after hydration.
 */

/**
 * Self-contained. Runs `callback` after the browser has drawn the next frame (or `frames` frames): in
 * the task after it, or, given `idleMs`, once the browser is idle after it (within `idleMs`). What is
 * costly to draw comes after the frame that answers the visitor, not in it. Returns what cancels it.
 */
export function afterNextFrame(callback: () => void, idleMs?: number | null, frames?: number): () => void {
  let framesLeft = frames ?? 1;
  let cancelLater = () => {};
  const onFrame = () => {
    framesLeft -= 1;
    if (framesLeft > 0) {
      frame = requestAnimationFrame(onFrame);
      return;
    }
    if (typeof idleMs === "number" && typeof requestIdleCallback === "function") {
      const idle = requestIdleCallback(callback, { timeout: idleMs });
      cancelLater = () => cancelIdleCallback(idle);
    } else {
      const timer = setTimeout(callback, 0);
      cancelLater = () => clearTimeout(timer);
    }
  };
  let frame = requestAnimationFrame(onFrame);
  return () => {
    cancelAnimationFrame(frame);
    cancelLater();
  };
}

/**
 * Self-contained. Focus after an answer: `target` takes it when the tap left it nowhere (the control
 * it was on was replaced, so it fell back to the page) or still inside `root`, what the answer changed.
 */
export function moveFocusAfterAnswer(target: HTMLElement | null | undefined, root: Element | null | undefined): void {
  const focused = document.activeElement;
  const leftHere = !focused || focused === document.body || (root ? root.contains(focused) : false);
  if (target && leftHere) target.focus({ preventScroll: true });
}

/**
 * What takes focus when a growing list (a `<ul>` child of `root`) grows from `before` items: the first
 * new item's link or button. A selector, for the first script's answer and the hydrated list alike.
 */
export function firstNewItemSelector(before: number): string {
  return `:scope > ul > li:nth-child(${before + 1}) :is(a, button)`;
}

/** Self-contained. A click the browser opens elsewhere (a middle click, a modifier key), which leaves this page as it is. */
export function opensElsewhere(event: MouseEvent): boolean {
  return event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
}

/** Self-contained. Opens `href` in a new tab, or here where the browser blocks a tab opened this late. */
export function openInNewTab(href: string): void {
  const tab = window.open(href, "_blank"); // not "noopener", which makes open() answer null
  if (tab) tab.opener = null;
  else location.assign(href);
}

/**
 * Self-contained. An error or rejection that came from the site's own scripts: only those give up the
 * taps held for hydration (docs/decisions/004-the-first-seconds.md). An error is named by its script's
 * file (an extension's has its own scheme; another origin's, muted by the browser, has none and says
 * "Script error."); a rejection by the first address in its reason's stack or message, and counts as
 * the site's when it names none (a module that failed to load, say).
 */
export function isOwnScriptError(event: Event): boolean {
  const ownOrigin = (address: string) => {
    try {
      return new URL(address, location.href).origin === location.origin;
    } catch {
      return false;
    }
  };
  if (event.type === "error") {
    const { filename, message } = event as ErrorEvent;
    if (filename) return ownOrigin(filename);
    return message !== "Script error."; // another origin's error, muted by the browser
  }
  const reason = (event as PromiseRejectionEvent).reason as { stack?: unknown; message?: unknown } | null;
  const text = reason ? `${String(reason.stack ?? "")} ${String(reason.message ?? "")}` : "";
  const address = /[a-z][a-z0-9+.-]*:\/\/[^\s)'"]+/i.exec(text);
  return address === null || ownOrigin(address[0]);
}

/** Self-contained. The first field of `form` that its checks refuse, in the order the page's checks take them (the document's). */
export function firstRefusedField(
  form: HTMLFormElement,
  names: { validityMessage: string; validityGroup: string },
): { element: HTMLElement; field: string; message: string } | null {
  for (const element of form.querySelectorAll<HTMLElement>(`[${names.validityMessage}]`)) {
    const group = element.getAttribute(names.validityGroup);
    const refused =
      group === null ? !(element as HTMLInputElement).checkValidity() : element.querySelector("input:checked") === null;
    if (refused) {
      const field = group ?? element.getAttribute("name") ?? "";
      return { element, field, message: element.getAttribute(names.validityMessage) ?? "" };
    }
  }
  return null;
}

/** Self-contained. The control a form's problem with `field` focuses (a group's first box). */
export function fieldControl(form: HTMLFormElement, field: string): HTMLElement | null {
  return form.querySelector<HTMLElement>(`[name="${field}"]`);
}
