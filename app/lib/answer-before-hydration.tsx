import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * A tap answered before hydration (issue 38). Hydration takes the visitor's first tap several hundred
 * milliseconds on a slow phone: the framework must load and hydrate the page before a held click can be
 * replayed (`page-bootstrap.ts`). Where the hydrated answer to a tap is a fixed piece of markup (a video
 * tile's player, a booking option's form), the server renders that piece beside the control, inert,
 * and the first script puts it in place the moment the control is tapped. The component then starts in
 * that state when it hydrates, so React finds the very markup it would have rendered:
 * - the control carries `data-answer={key}`, inside an element marked `data-answer-root`;
 * - inside that root, `<AnswerTemplate answerKey={key}>` renders the root as it is once the control was
 *   tapped (a `<noscript>` holding a `<template>`: without JavaScript it shows nothing, and React
 *   neither renders nor hydrates a `<noscript>`'s children);
 * - the first script replaces the root with that markup (which has no templates), and records the key;
 * - the component's first state reads `useAnsweredBeforeHydration([key])`, so its hydration renders
 *   the answered root, without templates.
 * Once hydration has started, or where the markup is missing, the click is held as before. An answer
 * that only hydration completes (`needsHydration`: a booking form, whose calendar frame its component
 * adds; a longer list, whose address the navigation after hydration gives) goes back to the tapped
 * control should hydration not come in time, and the control then does what it does without
 * JavaScript, as a held one does.
 *
 * An answer can also depend on a form's fields: `onlyIfUntouched` answers only while every field in the
 * root still holds the value it was rendered with (the contact form's Send, whose checks give one fixed
 * answer for the form as rendered); a field changed since, and the click is held for the hydrated
 * checks. `focus` names what takes focus in the answer (a CSS selector; `focusInPlace`: without
 * scrolling to it), and `event` what the answer records (as the hydrated component would have, which
 * then does not). `inPlace`: the answer is merged into the root rather than put in its place, so what
 * the two share stays as it is (a list that grew keeps its earlier items, already styled and laid out,
 * and only the new ones are drawn in the tap's frame).
 */
/** Marks a control whose clicks before hydration are held and replayed once the page is hydrated (`page-bootstrap.ts`). */
export const HOLD_ATTRIBUTE = "data-hold-until-hydrated";
/** On a held button whose no-JavaScript form is a link: that link's address, opened in a new tab. */
export const FALLBACK_HREF_ATTRIBUTE = "data-fallback-href";
export const ANSWER_ATTRIBUTE = "data-answer";
export const ANSWER_ROOT_ATTRIBUTE = "data-answer-root";
export const ANSWER_TEMPLATE_ATTRIBUTE = "data-answer-template";
export const ANSWER_NEEDS_HYDRATION_ATTRIBUTE = "data-answer-needs-hydration";
export const ANSWER_IF_UNTOUCHED_ATTRIBUTE = "data-answer-if-untouched";
export const ANSWER_FOCUS_ATTRIBUTE = "data-answer-focus";
export const ANSWER_FOCUS_IN_PLACE_ATTRIBUTE = "data-answer-focus-in-place";
export const ANSWER_EVENT_ATTRIBUTE = "data-answer-event";
export const ANSWER_IN_PLACE_ATTRIBUTE = "data-answer-in-place";
/**
 * Self-contained (the page's first script runs its source too). Every field in `container` still holds
 * the value the page was rendered with: what `onlyIfUntouched` asks, before hydration and after it.
 */
export function fieldsAsRendered(container: Element): boolean {
  return [...container.querySelectorAll("input, select, textarea")].every((field) => {
    if (field instanceof HTMLSelectElement) {
      return [...field.options].every((option) => option.selected === option.defaultSelected);
    }
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      return field.checked === field.defaultChecked;
    }
    const text = field as HTMLInputElement | HTMLTextAreaElement;
    return text.value === text.defaultValue;
  });
}

/** On a `<video>` whose controls come once the browser is idle after its first frame (VideoPlayer.tsx). */
export const CONTROLS_AFTER_PAINT_ATTRIBUTE = "data-controls-after-paint";

/**
 * Which of `keys` the first script answered, as this component first rendered (the hydration of the
 * page, or of its streamed section, which can come after the page's): null when none. Once the
 * component is on the page the answers are forgotten, so a component mounted later (a navigation
 * back to the page) starts as the page does.
 */
export function useAnsweredBeforeHydration(keys: readonly string[]): string | null {
  const [answered] = useState(() =>
    typeof window === "undefined" ? null : (keys.find((key) => window.pageBootstrap?.answered.includes(key)) ?? null),
  );
  const firstKeys = useRef(keys);
  useEffect(() => {
    const bootstrap = window.pageBootstrap;
    if (bootstrap) bootstrap.answered = bootstrap.answered.filter((key) => !firstKeys.current.includes(key));
  }, []);
  return answered;
}

/** The root of a component as it is once the control marked `data-answer={answerKey}` was tapped. */
export function AnswerTemplate({
  answerKey,
  needsHydration = false,
  onlyIfUntouched = false,
  focus,
  focusInPlace = false,
  event,
  inPlace = false,
  children,
}: {
  answerKey: string;
  needsHydration?: boolean;
  onlyIfUntouched?: boolean;
  /** A CSS selector: the element in the answer that takes focus (else the control, or a player). */
  focus?: string;
  /** Focus without scrolling to it (a list that grew: the earlier items keep their place on screen). */
  focusInPlace?: boolean;
  /** What the answer records with the page's analytics (`sendEvent`'s arguments). */
  event?: { action: string; params: Record<string, unknown> };
  /** Merged into the root, keeping what the two share (see above). */
  inPlace?: boolean;
  children: ReactNode;
}) {
  const attributes = {
    [ANSWER_TEMPLATE_ATTRIBUTE]: answerKey,
    ...(needsHydration ? { [ANSWER_NEEDS_HYDRATION_ATTRIBUTE]: "" } : {}),
    ...(onlyIfUntouched ? { [ANSWER_IF_UNTOUCHED_ATTRIBUTE]: "" } : {}),
    ...(focus ? { [ANSWER_FOCUS_ATTRIBUTE]: focus } : {}),
    ...(focusInPlace ? { [ANSWER_FOCUS_IN_PLACE_ATTRIBUTE]: "" } : {}),
    ...(event ? { [ANSWER_EVENT_ATTRIBUTE]: JSON.stringify([event.action, event.params]) } : {}),
    ...(inPlace ? { [ANSWER_IN_PLACE_ATTRIBUTE]: "" } : {}),
  };
  return (
    <noscript {...attributes}>
      <template>{children}</template>
    </noscript>
  );
}

/**
 * The contract's marks as a component's props, so a component never spells an attribute's name: a held
 * control (with the address it opens without JavaScript, if it is a button), a control the first script
 * answers (while `answerKey` is given), and the root its answer replaces (while `answerable`).
 */
export const contractProps = {
  held: (fallbackHref?: string): Record<string, string> =>
    fallbackHref === undefined
      ? { [HOLD_ATTRIBUTE]: "" }
      : { [HOLD_ATTRIBUTE]: "", [FALLBACK_HREF_ATTRIBUTE]: fallbackHref },
  answered: (answerKey: string | undefined): Record<string, string> =>
    answerKey === undefined ? {} : { [ANSWER_ATTRIBUTE]: answerKey },
  answerRoot: (answerable = true): Record<string, string> => (answerable ? { [ANSWER_ROOT_ATTRIBUTE]: "" } : {}),
};
