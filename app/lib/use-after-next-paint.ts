import { useEffect, useState } from "react";

/**
 * False until the task after the component's first frame: what is costly to draw (a booking
 * calendar's frame, a video's controls) comes after the frame that answers the visitor, not in it.
 */
export function useAfterNextPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
