/**
 * The first seconds' contract (docs/architecture.md#the-first-seconds): every name, timing and event
 * the first script, the module bootstrap, the hydrated page and the stylesheet share. No React here:
 * the inline scripts get these values as arguments, the components through `contractProps` (`answer.tsx`).
 */

/** The attributes a control carries; components spell them through `contractProps`, never by hand. */
export const ATTRIBUTES = {
  /** Clicks held until hydration (app.css draws the busy ring of a held one). */
  hold: "data-hold-until-hydrated",
  /** A held control's no-JavaScript link, opened in a new tab should hydration not come. */
  fallbackHref: "data-fallback-href",
  /** A control the first script answers at once from the `<AnswerTemplate>` of the same key. */
  answer: "data-answer",
  answerTemplate: "data-answer-template",
  /** What takes focus in an answer (a selector; else the player). */
  answerFocus: "data-answer-focus",
  /** A `<video>` whose controls come once the browser is idle after its first frame. */
  controlsAfterPaint: "data-controls-after-paint",
  /** A refused form's checks: a field's message in the page's words, and the category it is logged by. */
  validityMessage: "data-validity-message",
  validityCategory: "data-validity-category",
  /** A group of boxes of which at least one must be checked (the browser has no such check). */
  validityGroup: "data-validity-group",
  /** Where a refused form shows its message in the page (`hidden` while there is none). */
  validityOutput: "data-validity-output",
} as const;

/** The document's attributes that announce the lifecycle (app.css and the tests read them). */
export const DOCUMENT_STATE = {
  /** Set by the hydrated root: the DOM is React's, and the first script replays what it held. */
  hydrated: "data-hydrated",
  /** Set by the module bootstrap once the first screen is painted: the images below may load. */
  firstScreenDone: "data-first-screen-done",
  /** Set once the heading face has arrived. */
  headingFont: "data-heading-font",
} as const;

/** Analytics event names and categories that both sides send. */
export const ANALYTICS = {
  pageView: "page_view",
  buttonClick: "button_click",
  formValidationError: "form_validation_error",
  submissionFailed: "Submission Failed",
  contactCategory: "contact",
} as const;

/** Long enough for a slow phone's modules to arrive and run; inside the 5 s in which a click may open a tab. */
export const HELD_CLICK_TIMEOUT_MS = 3_000;

/** How long work put off until the browser is idle may wait for it. */
export const IDLE_TIMEOUT_MS = 500;

/** Hydration starts at the latest this long after the page's HTML arrived, should `load` never come. */
export const HYDRATION_FALLBACK_MS = 8_000;

/** How long after the hero image is decoded the scripts wait, at most, for the browser to report its paint. */
export const HERO_PAINT_WAIT_MS = 500;

/** What the first script passes to its own code and the hydrated page reads back from `FIRST_SECONDS_GLOBAL`. */
export const FIRST_SCRIPT_OPTIONS = {
  ...ATTRIBUTES,
  hydrated: DOCUMENT_STATE.hydrated,
  validationEvent: ANALYTICS.formValidationError,
  pageViewEvent: ANALYTICS.pageView,
  holdMs: HELD_CLICK_TIMEOUT_MS,
  idleMs: IDLE_TIMEOUT_MS,
};

/** What the module bootstrap needs to know. */
export const MODULE_BOOTSTRAP_OPTIONS = {
  firstScreenDone: DOCUMENT_STATE.firstScreenDone,
  headingFont: DOCUMENT_STATE.headingFont,
  heroPaintWaitMs: HERO_PAINT_WAIT_MS,
  fallbackMs: HYDRATION_FALLBACK_MS,
};

/**
 * The first script's methods, the one thing it puts on `window` (as `window.firstSeconds`). Only the
 * first script writes its state; the module bootstrap, the client entry, analytics and the components
 * call these methods.
 */
export interface FirstSeconds {
  /** True once: when `path` is the page view the first script recorded (the hydrated page must not record it again). */
  takePageView(path: string): boolean;
  /** A held click is being replayed (it was recorded when it happened). */
  isReplaying(): boolean;
  /** A click waits for hydration: the modules then hydrate without yielding. */
  isHolding(): boolean;
  isHydrationRequested(): boolean;
  /** The module bootstrap gives the means to start hydration; called at once when it was already asked for. */
  onHydrationRequest(start: () => void): void;
  requestHydration(): void;
  /** The client entry is about to hydrate: the DOM is React's from now, so taps are held, not answered. */
  hydrationStarting(): void;
  /** The first of `keys` whose tap the first script answered, if any. */
  answered(keys: readonly string[]): string | null;
  /** The component of these keys is on the page: a later one starts as the page does. */
  forgetAnswers(keys: readonly string[]): void;
  /** The field whose message a refused form shows in the page, by form id, if the first script showed one. */
  refusal(formId: string): { field: string; message: string } | null;
  /** React's click listener has taken over recording clicks. */
  stopRecordingClicks(): void;
}

declare global {
  interface Window {
    firstSeconds?: FirstSeconds;
  }
}

/** The first script's methods, when it ran (not on the server, nor in a page that failed before it). */
export function firstSeconds(): FirstSeconds | null {
  return typeof window === "undefined" ? null : (window.firstSeconds ?? null);
}
