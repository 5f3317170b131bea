import { type ReactNode, Suspense } from "react";
import { Await } from "react-router";
import type { SectionState, StreamedSection } from "~/lib/section-state";

/**
 * A section whose data comes from an outside service (see `streamSection`): its content, or its own
 * empty or error message (pass `null` to render nothing), or, while it is still streaming, `loading`
 * (a skeleton with `aria-busy`). Without JavaScript a streamed section cannot arrive, so its skeleton
 * is hidden rather than left pulsing.
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
  // The same tree whether the section is settled or streaming, so that when a navigation brings
  // new data (Load More) the content already shown stays in place until the new data is ready.
  return (
    <Suspense fallback={<div className="contents no-js:hidden">{loading}</div>}>
      <Await resolve={section.status === "streaming" ? section.settled : section} errorElement={error}>
        {(state: SectionState<T>) =>
          state.status === "ok" ? children(state.data) : state.status === "empty" ? empty : error
        }
      </Await>
    </Suspense>
  );
}
