import { type ReactNode, useEffect, useRef, useState } from "react";
import { ATTRIBUTES, firstSeconds } from "./contract";

/**
 * The React side of the first seconds (docs/architecture.md#the-first-seconds): the contract's
 * attributes as props, the answers the first script gave as a component first renders, and the
 * templates it answers from. Components spell the contract through `contractProps`, never by hand.
 * `held` (with a held button's no-JavaScript link): clicks held until hydration. `answered`,
 * `<AnswerTemplate>`: a tap answered at once, whose component hydrates in the answered state
 * (`useAnsweredBeforeHydration`; `answer-contract.test.tsx`). `controlsAfterPaint`: a `<video>` whose
 * controls come once the browser is idle after its first frame. `validity*`: a form the checks refuse,
 * its message shown in the page (`useRefusalBeforeHydration`).
 */
export const contractProps = {
  held: (fallbackHref?: string): Record<string, string> =>
    fallbackHref === undefined
      ? { [ATTRIBUTES.hold]: "" }
      : { [ATTRIBUTES.hold]: "", [ATTRIBUTES.fallbackHref]: fallbackHref },
  /** A control the first script answers, while `answerKey` is given. */
  answered: (answerKey: string | undefined): Record<string, string> =>
    answerKey === undefined ? {} : { [ATTRIBUTES.answer]: answerKey },
  controlsAfterPaint: (): Record<string, string> => ({ [ATTRIBUTES.controlsAfterPaint]: "" }),
  validityMessage: (message: string): Record<string, string> => ({ [ATTRIBUTES.validityMessage]: message }),
  validityCategory: (category: string): Record<string, string> => ({ [ATTRIBUTES.validityCategory]: category }),
  /** A group of boxes of which one must be checked, named as the checks name it. */
  validityGroup: (field: string, message: string): Record<string, string> => ({
    [ATTRIBUTES.validityGroup]: field,
    [ATTRIBUTES.validityMessage]: message,
  }),
  validityOutput: (): Record<string, string> => ({ [ATTRIBUTES.validityOutput]: "" }),
};

/**
 * Which of `keys` the first script answered, as this component first rendered (the hydration of the
 * page, or of its streamed section): null when none. Once the component is on the page the answers
 * are forgotten, so a component mounted later (a navigation back to the page) starts as the page does.
 */
export function useAnsweredBeforeHydration(keys: readonly string[]): string | null {
  const [answered] = useState(() => firstSeconds()?.answered(keys) ?? null);
  useForgetOnMount(keys);
  return answered;
}

/**
 * The problem the first script showed in the form whose message is in `outputId`, as the form first
 * rendered (null when none): the form hydrates showing it, as the first script left it.
 */
export function useRefusalBeforeHydration(outputId: string): { field: string; message: string } | null {
  const [refusal] = useState(() => firstSeconds()?.refusal(outputId) ?? null);
  useForgetOnMount([outputId]);
  return refusal;
}

/** Once the component is on the page, what the first script answered for `keys` is forgotten. */
function useForgetOnMount(keys: readonly string[]): void {
  const firstKeys = useRef(keys);
  useEffect(() => {
    firstSeconds()?.forgetAnswers(firstKeys.current);
  }, []);
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
  const attributes = { [ATTRIBUTES.answerTemplate]: answerKey, ...(focus ? { [ATTRIBUTES.answerFocus]: focus } : {}) };
  return (
    <noscript {...attributes}>
      <template>{children}</template>
    </noscript>
  );
}
