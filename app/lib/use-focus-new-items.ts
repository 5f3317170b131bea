import { type RefObject, useEffect, useRef } from "react";

/**
 * When a list grows (after "Load More"), moves keyboard focus to the first new item's link, so a
 * keyboard or screen-reader user continues where the new items begin.
 */
export function useFocusNewItems(list: RefObject<HTMLElement | null>, count: number): void {
  const previous = useRef(count);
  useEffect(() => {
    const before = previous.current;
    previous.current = count;
    if (count <= before || before === 0) return;
    const firstNew = list.current?.children.item(before);
    firstNew?.querySelector<HTMLElement>("a, button")?.focus({ preventScroll: true });
  }, [count, list]);
}
