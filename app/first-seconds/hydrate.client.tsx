import { StrictMode, startTransition } from "react";
import { HydratedRouter } from "react-router/dom";
import { firstSeconds } from "./contract";
import { afterNextFrame } from "./shared";

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function hydrate() {
  // React DOM's client runs its whole top level the first time it is required. Imported here rather
  // than at the top of this module, that work is a task of its own instead of one long task with the
  // rest of this module, and hydration starts in the task after it (docs/performance.md). But while a
  // visitor's click waits for hydration (the first script holds it), nothing is worth more than
  // answering it: hydration then starts at once and runs to its end without yielding.
  const { hydrateRoot } = await import("react-dom/client");
  const urgent = firstSeconds()?.isHolding() === true;
  if (!urgent) await nextTask();
  const hydratePage = () => {
    // From here the DOM is React's: the first script stops answering taps itself (it holds them).
    firstSeconds()?.hydrationStarting();
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  };
  if (urgent) hydratePage();
  else startTransition(hydratePage);
  // Core Web Vitals for the owners (browser/web-vitals.ts): a module of its own, requested once the page
  // is hydrated and the browser is idle, so it never competes with the first paint or hydration.
  const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
  whenIdle(() => {
    import("~/browser/web-vitals")
      .then(({ reportWebVitals }) => reportWebVitals())
      // Only the measurement is lost (the visitor went offline or away meanwhile): nothing to show.
      .catch(() => {});
  });
}

/**
 * Hydrates the page. The server's HTML is the page: the browser paints it before hydration takes the
 * main thread, rather than after (when the scripts arrive quickly, hydration would otherwise run
 * first). A click waiting for hydration was made on a painted page: it hydrates at once.
 */
export function hydrateDocument(): void {
  if (firstSeconds()?.isHolding()) void hydrate();
  else afterNextFrame(() => void hydrate());
}
