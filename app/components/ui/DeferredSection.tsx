import { type ReactNode, Suspense } from "react";
import { Await } from "react-router";
import type { SectionState } from "~/lib/section-state";

/**
 * A secondary section streamed after the page: `loading` (a skeleton with `aria-busy`) until its
 * loader's promise settles, then the content, or the section's own empty or error message (pass
 * `null` to render nothing in that state).
 */
export function DeferredSection<T>({
  state,
  loading,
  empty,
  error,
  children,
}: {
  state: Promise<SectionState<T>> | SectionState<T>;
  loading: ReactNode;
  empty: ReactNode;
  error: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <Suspense fallback={loading}>
      <Await resolve={state} errorElement={error}>
        {(settled: SectionState<T>) =>
          settled.status === "ok" ? children(settled.data) : settled.status === "empty" ? empty : error
        }
      </Await>
    </Suspense>
  );
}
