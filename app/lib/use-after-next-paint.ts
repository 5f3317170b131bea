import { useEffect, useState } from "react";

/** How long work put off until the browser is idle may wait for it. */
export const IDLE_TIMEOUT_MS = 500;

/**
 * False until after the component's first frame: what is costly to draw comes after the frame that
 * answers the visitor, not in it. `next task`: in the task after that frame (a booking calendar's
 * frame, which the visitor waits for); `idle`: once the browser is idle after it, within
 * `IDLE_TIMEOUT_MS` (a video's controls, which the playing video does not wait for).
 */
export function useAfterNextPaint(when: "next task" | "idle" = "next task"): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const frame = requestAnimationFrame(() => {
      const done = () => setPainted(true);
      if (when === "idle" && typeof window.requestIdleCallback === "function") {
        const idle = window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
        cancel = () => window.cancelIdleCallback(idle);
      } else {
        const timer = setTimeout(done, 0);
        cancel = () => clearTimeout(timer);
      }
    });
    return () => {
      cancelAnimationFrame(frame);
      cancel();
    };
  }, [when]);
  return painted;
}
