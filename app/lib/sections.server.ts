import { streamTimeout } from "~/entry.server";
import type { SectionState } from "./section-state";

/**
 * Secondary sections are not awaited by the loader: it returns their promises, React Router streams
 * them, and the page shows a skeleton until each settles. `settleSection` makes such a promise safe to
 * stream: it always resolves (never rejects), and within the stream's deadline, so a slow or failing
 * outside service turns into the section's error state instead of a broken or endless page.
 */

/** Settled with room to spare before the server stops streaming (entry.server's `streamTimeout`). */
export const SECTION_DEADLINE_MS = streamTimeout - 1_000;

export function settleSection<T>(
  load: Promise<T>,
  {
    label,
    deadlineMs = SECTION_DEADLINE_MS,
    isEmpty = (data: T) => Array.isArray(data) && data.length === 0,
    log = console,
  }: {
    /** Names the section in the server log, e.g. "home events". */
    label: string;
    deadlineMs?: number;
    isEmpty?: (data: T) => boolean;
    log?: Pick<Console, "error" | "warn">;
  },
): Promise<SectionState<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<SectionState<T>>((resolve) => {
    timer = setTimeout(() => {
      log.warn(`The ${label} section was not ready within ${deadlineMs} ms; showing its error state.`);
      resolve({ status: "error" });
    }, deadlineMs);
  });
  const settled = load.then(
    (data): SectionState<T> => (isEmpty(data) ? { status: "empty" } : { status: "ok", data }),
    (error: unknown): SectionState<T> => {
      log.error(`Error loading the ${label} section:`, error);
      return { status: "error" };
    },
  );
  return Promise.race([settled, deadline]).finally(() => clearTimeout(timer));
}
