import { type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { Await, useRevalidator } from "react-router";
import type { SectionState, StreamedSection } from "~/loaders/section-state";

/** How many times the browser asks again for a late section before it shows the section's error state. */
export const LATE_SECTION_RETRIES = 4;

/** How long the browser waits before asking again; by then the server has usually cached the answer. */
const LATE_RETRY_DELAY_MS = 1_000;

/**
 * A section whose data comes from an outside service (see `streamSection`): its content, or its own
 * empty or error message (pass `null` to render nothing), or, while it is still streaming, `loading`
 * (a skeleton with `aria-busy`). A section whose service was too slow for the page ("late") keeps its
 * loading state while the browser asks again (the page's loaders run once more), so a slow service
 * never reads as an empty one; after a few unanswered tries it shows the error state. Without
 * JavaScript a streamed section cannot arrive, so its skeleton is hidden rather than left pulsing.
 */
export function DeferredSection<T>({
  section,
  loading,
  empty,
  error,
  children,
}: {
  section: StreamedSection<T>;
  loading: ReactNode;
  empty: ReactNode;
  error: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const lateRetries = useRef(0);
  const [gaveUp, setGaveUp] = useState(false);
  const skeleton = <div className="contents no-js:hidden">{loading}</div>;
  // The same tree whether the section is settled or streaming, so that when a navigation brings
  // new data (Load More) the content already shown stays in place until the new data is ready.
  return (
    <Suspense fallback={skeleton}>
      <Await resolve={section.status === "streaming" ? section.settled : section} errorElement={error}>
        {(state: SectionState<T>) => {
          switch (state.status) {
            case "ok":
              return children(state.data);
            case "empty":
              return empty;
            case "late":
              return gaveUp ? (
                error
              ) : (
                <AskAgain state={state} retries={lateRetries} onGiveUp={() => setGaveUp(true)}>
                  {skeleton}
                </AskAgain>
              );
            default:
              return error;
          }
        }}
      </Await>
    </Suspense>
  );
}

/** Shows the loading state and, a moment later, runs the page's loaders again for a late section. */
function AskAgain({
  state,
  retries,
  onGiveUp,
  children,
}: {
  /** A new object for every answer, so each late answer leads to one more try. */
  state: SectionState<unknown>;
  retries: RefObject<number>;
  onGiveUp: () => void;
  children: ReactNode;
}) {
  const revalidator = useRevalidator();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one try per late answer, whatever else re-renders
  useEffect(() => {
    if (retries.current >= LATE_SECTION_RETRIES) {
      onGiveUp();
      return;
    }
    const timer = setTimeout(() => {
      retries.current += 1;
      // When another late section of the page is already asking, its answer brings this one's too.
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, LATE_RETRY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return children;
}
