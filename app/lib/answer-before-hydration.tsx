import type { ReactNode } from "react";

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
 * - the component's first state reads `answeredBeforeHydration(key)`, so its hydration renders the
 *   answered root, without templates.
 * Once hydration has started, or where the markup is missing, the click is held as before. An answer
 * that only hydration completes (`needsHydration`: a booking form, whose calendar frame its component
 * adds) goes back to the tapped control should hydration not come in time, and the control then does
 * what it does without JavaScript, as a held one does.
 */
export const ANSWER_ATTRIBUTE = "data-answer";
export const ANSWER_ROOT_ATTRIBUTE = "data-answer-root";
export const ANSWER_TEMPLATE_ATTRIBUTE = "data-answer-template";
export const ANSWER_NEEDS_HYDRATION_ATTRIBUTE = "data-answer-needs-hydration";
/** On a `<video>` whose controls come once the browser is idle after its first frame (VideoPlayer.tsx). */
export const CONTROLS_AFTER_PAINT_ATTRIBUTE = "data-controls-after-paint";

/** True while the page hydrates (its first render) if the first script answered `key`'s tap. */
export function answeredBeforeHydration(key: string): boolean {
  if (typeof document === "undefined" || document.documentElement.hasAttribute("data-hydrated")) return false;
  return window.pageBootstrap?.answered.includes(key) ?? false;
}

/** The root of a component as it is once the control marked `data-answer={answerKey}` was tapped. */
export function AnswerTemplate({
  answerKey,
  needsHydration = false,
  children,
}: {
  answerKey: string;
  needsHydration?: boolean;
  children: ReactNode;
}) {
  const attributes = {
    [ANSWER_TEMPLATE_ATTRIBUTE]: answerKey,
    ...(needsHydration ? { [ANSWER_NEEDS_HYDRATION_ATTRIBUTE]: "" } : {}),
  };
  return (
    <noscript {...attributes}>
      <template>{children}</template>
    </noscript>
  );
}
