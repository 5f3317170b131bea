import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * The contract between the page's first script (`page-bootstrap.ts`) and the components, by name.
 * A control marked held (`HOLD_ATTRIBUTE`) has its clicks before hydration held and replayed once the
 * page is hydrated; a held button whose no-JavaScript form is a link names that link's address
 * (`FALLBACK_HREF_ATTRIBUTE`), which the script opens should the scripts fail.
 *
 * A tap answered before hydration (issue 38): where the hydrated answer to a tap is fixed markup that no
 * native element can show (a video tile's player, a list's next page), the server renders it beside the
 * control, inert, and the first script puts it in place the moment the control is tapped:
 * - the control carries `data-answer={key}`; `<AnswerTemplate answerKey={key}>`, a child of the root the
 *   answer changes (the control's component), renders that root as it is once the control was tapped (a `<noscript>` holding a `<template>`: without JavaScript it shows nothing, and React
 *   neither renders nor hydrates a `<noscript>`'s children);
 * - the first script merges that markup into the root (keeping what the two share), focuses what
 *   `focus` names (a CSS selector; else the player), and records the key;
 * - the component's first state reads `useAnsweredBeforeHydration([key])`, so its hydration renders
 *   the answered root. `answer-contract.test.tsx` holds each such component to it.
 * Once React has started on the page, the click is held instead.
 */
export const HOLD_ATTRIBUTE = "data-hold-until-hydrated";
export const FALLBACK_HREF_ATTRIBUTE = "data-fallback-href";
export const ANSWER_ATTRIBUTE = "data-answer";
export const ANSWER_TEMPLATE_ATTRIBUTE = "data-answer-template";
export const ANSWER_FOCUS_ATTRIBUTE = "data-answer-focus";
/** On a `<video>` whose controls come once the browser is idle after its first frame (VideoPlayer.tsx). */
export const CONTROLS_AFTER_PAINT_ATTRIBUTE = "data-controls-after-paint";
/**
 * Send on a form the browser's own checks refuse is answered by them before hydration, in the page's
 * words: a field names the message the page's checks give when it is invalid, and the form the
 * analytics category its problems are logged under (as `form_validation_error`, as the hydrated form does).
 */
export const VALIDITY_MESSAGE_ATTRIBUTE = "data-validity-message";
export const VALIDITY_CATEGORY_ATTRIBUTE = "data-validity-category";

/** The contract's marks as a component's props, so that no component spells an attribute's name. */
export const contractProps = {
  /** A held control, with the address its no-JavaScript link opens (a button's). */
  held: (fallbackHref?: string): Record<string, string> =>
    fallbackHref === undefined
      ? { [HOLD_ATTRIBUTE]: "" }
      : { [HOLD_ATTRIBUTE]: "", [FALLBACK_HREF_ATTRIBUTE]: fallbackHref },
  /** A control the first script answers, while `answerKey` is given. */
  answered: (answerKey: string | undefined): Record<string, string> =>
    answerKey === undefined ? {} : { [ANSWER_ATTRIBUTE]: answerKey },
  /** A field's message when the browser's checks refuse it, or a form's analytics category for them. */
  validityMessage: (message: string): Record<string, string> => ({ [VALIDITY_MESSAGE_ATTRIBUTE]: message }),
  validityCategory: (category: string): Record<string, string> => ({ [VALIDITY_CATEGORY_ATTRIBUTE]: category }),
};

/**
 * Which of `keys` the first script answered, as this component first rendered (the hydration of the
 * page, or of its streamed section): null when none. Once the component is on the page the answers
 * are forgotten, so a component mounted later (a navigation back to the page) starts as the page does.
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
  focus,
  children,
}: {
  answerKey: string;
  focus?: string;
  children: ReactNode;
}) {
  const attributes = { [ANSWER_TEMPLATE_ATTRIBUTE]: answerKey, ...(focus ? { [ANSWER_FOCUS_ATTRIBUTE]: focus } : {}) };
  return (
    <noscript {...attributes}>
      <template>{children}</template>
    </noscript>
  );
}
