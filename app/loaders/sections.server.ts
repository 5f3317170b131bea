import type { RouterContextProvider } from "react-router";
import { requestContext } from "~/context";
import { streamTimeout } from "~/loaders/streaming";
import type { SectionState, StreamedSection } from "~/loaders/section-state";
import { TimeoutError } from "~/services/cache.server";

/**
 * Sections that depend on an outside service (events, stories, posts, partners, images) must never
 * hold a page up or break it. A loader hands each one to `streamSection`, which
 * - settles it (`settleSection`): it always resolves, within the stream's deadline, to its data, to
 *   "empty", to "error" (the details go to the server log) or, when its service has not answered
 *   in time, to "late": the page keeps the section's loading state and the browser asks again
 *   (`DeferredSection`), by which time the answer has usually reached the cache;
 * - puts it in the page's HTML when it is ready within a short budget (the usual case: content is
 *   cached), so the page is complete without JavaScript; a bot (and a render the page cache will
 *   keep in place of an older one) waits for every section;
 * - otherwise streams it: the page arrives at once with a skeleton, and the section follows.
 * In the browser's own navigations (data requests) every section streams, so the next page appears
 * at once with its skeletons.
 */

/** Settled with room to spare before the server stops streaming (entry.server's `streamTimeout`). */
export const SECTION_DEADLINE_MS = streamTimeout - 1_000;

/** How long a page's first byte may wait for a section before streaming it instead. */
export const INLINE_BUDGET_MS = 200;

interface SectionOptions<T> {
  /** Names the section in the server log, e.g. "home events". */
  label: string;
  deadlineMs?: number;
  isEmpty?: (data: T) => boolean;
  log?: Pick<Console, "error" | "warn">;
}

export function settleSection<T>(
  load: Promise<T>,
  {
    label,
    deadlineMs = SECTION_DEADLINE_MS,
    isEmpty = (data: T) => Array.isArray(data) && data.length === 0,
    log = console,
  }: SectionOptions<T>,
): Promise<SectionState<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<SectionState<T>>((resolve) => {
    timer = setTimeout(() => {
      log.warn(`The ${label} section was not ready within ${deadlineMs} ms; the browser will ask again.`);
      resolve({ status: "late" });
    }, deadlineMs);
  });
  const settled = load.then(
    (data): SectionState<T> => (isEmpty(data) ? { status: "empty" } : { status: "ok", data }),
    (error: unknown): SectionState<T> => {
      if (error instanceof TimeoutError) {
        // The cache stopped waiting; the service's answer will still fill it.
        log.warn(`The ${label} section's service did not answer in time; the browser will ask again.`);
        return { status: "late" };
      }
      log.error(`Error loading the ${label} section:`, error);
      return { status: "error" };
    },
  );
  return Promise.race([settled, deadline]).finally(() => clearTimeout(timer));
}

export async function streamSection<T>(
  { context }: { context: Readonly<RouterContextProvider> },
  load: Promise<T>,
  options: SectionOptions<T> & { inlineBudgetMs?: number },
): Promise<StreamedSection<T>> {
  const { dataRequest, awaitSections, skipPageCache } = context.get(requestContext);
  const settled = settleSection(load, options).then((state) => {
    // A failed section, or one still loading that the browser will ask for again: not the page to keep.
    if (state.status === "error" || state.status === "late") {
      skipPageCache(`the ${options.label} section ${state.status === "late" ? "was late" : "failed"}`);
    }
    return state;
  });
  if (awaitSections) return settled;
  if (dataRequest) return { status: "streaming", settled };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const budget = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), options.inlineBudgetMs ?? INLINE_BUDGET_MS);
  });
  const ready = await Promise.race([settled, budget]).finally(() => clearTimeout(timer));
  if (ready) return ready;
  // The page goes out with this section's skeleton: not the page to keep.
  skipPageCache(`the ${options.label} section streamed`);
  return { status: "streaming", settled };
}
