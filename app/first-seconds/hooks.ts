import { type RefObject, useEffect, useRef, useState } from "react";
import { IDLE_TIMEOUT_MS } from "./contract";
import { afterNextFrame, firstNewItemSelector, moveFocusAfterAnswer } from "./shared";

/**
 * False until after the component's first frame (`afterNextFrame`, as the first script waits): what
 * is costly to draw comes after the frame that answers the visitor, not in it. `next task`: in the
 * task after that frame (a booking calendar's frame, which the visitor waits for); `idle`: once the
 * browser is idle after it, within `IDLE_TIMEOUT_MS` (a video's controls, which the playing video
 * does not wait for).
 */
export function useAfterNextPaint(when: "next task" | "idle" = "next task"): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextFrame(() => setPainted(true), when === "idle" ? IDLE_TIMEOUT_MS : null), [when]);
  return painted;
}

/**
 * When a list grows (after "Load More"), moves keyboard focus to the first new item's link, as the
 * first script does for a list it grows (`firstNewItemSelector`, `moveFocusAfterAnswer`), so a keyboard
 * or screen-reader user continues where the new items begin.
 */
export function useFocusNewItems(list: RefObject<HTMLElement | null>, count: number): void {
  const previous = useRef(count);
  useEffect(() => {
    const before = previous.current;
    previous.current = count;
    const root = list.current?.parentElement;
    if (count <= before || before === 0 || !root) return;
    moveFocusAfterAnswer(root.querySelector<HTMLElement>(firstNewItemSelector(before)), root);
  }, [count, list]);
}
