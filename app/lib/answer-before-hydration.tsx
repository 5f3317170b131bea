import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * The names the page's first script (`page-bootstrap.ts`) and the components share
 * (docs/architecture.md#the-first-seconds); components spell them through `contractProps`, never by hand.
 * `hold` (and `fallbackHref`, a held button's no-JavaScript link): clicks held until hydration.
 * `answer`, `answerTemplate`, `answerFocus`: a tap answered at once from `<AnswerTemplate>`, whose
 * component hydrates in the answered state (`useAnsweredBeforeHydration`; `answer-contract.test.tsx`).
 * `controlsAfterPaint`: a `<video>` whose controls come once the browser is idle after its first frame.
 * `validityMessage`, `validityCategory`: a refused form's checks, in the page's words, logged by category.
 */
export const CONTRACT = {
  hold: "data-hold-until-hydrated",
  fallbackHref: "data-fallback-href",
  answer: "data-answer",
  answerTemplate: "data-answer-template",
  answerFocus: "data-answer-focus",
  controlsAfterPaint: "data-controls-after-paint",
  validityMessage: "data-validity-message",
  validityCategory: "data-validity-category",
} as const;

export const contractProps = {
  held: (fallbackHref?: string): Record<string, string> =>
    fallbackHref === undefined
      ? { [CONTRACT.hold]: "" }
      : { [CONTRACT.hold]: "", [CONTRACT.fallbackHref]: fallbackHref },
  /** A control the first script answers, while `answerKey` is given. */
  answered: (answerKey: string | undefined): Record<string, string> =>
    answerKey === undefined ? {} : { [CONTRACT.answer]: answerKey },
  controlsAfterPaint: (): Record<string, string> => ({ [CONTRACT.controlsAfterPaint]: "" }),
  validityMessage: (message: string): Record<string, string> => ({ [CONTRACT.validityMessage]: message }),
  validityCategory: (category: string): Record<string, string> => ({ [CONTRACT.validityCategory]: category }),
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

/**
 * The root of a component as it is once the control marked `answerKey` was tapped, as a child of that
 * root: in a `<noscript>`, so nothing shows without JavaScript and React neither renders nor hydrates
 * it; the first script merges it into the root and focuses what `focus` names (else the player).
 */
export function AnswerTemplate({
  answerKey,
  focus,
  children,
}: {
  answerKey: string;
  focus?: string;
  children: ReactNode;
}) {
  const attributes = { [CONTRACT.answerTemplate]: answerKey, ...(focus ? { [CONTRACT.answerFocus]: focus } : {}) };
  return (
    <noscript {...attributes}>
      <template>{children}</template>
    </noscript>
  );
}
