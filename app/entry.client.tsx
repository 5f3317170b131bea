import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
  // Core Web Vitals for the owners (lib/web-vitals.ts): a module of its own, requested once the page
  // is hydrated and the browser is idle, so it never competes with the first paint or hydration.
  const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
  whenIdle(() => {
    import("./lib/web-vitals")
      .then(({ reportWebVitals }) => reportWebVitals())
      // Only the measurement is lost (the visitor went offline or away meanwhile): nothing to show.
      .catch(() => {});
  });
}

// The server's HTML is the page: let the browser paint it before hydration takes the main thread,
// rather than after (when the scripts arrive quickly, hydration would otherwise run first).
requestAnimationFrame(() => setTimeout(hydrate, 0));
