/**
 * What a secondary section of a page (events, success stories, latest posts, related posts) receives
 * from its loader: the data, or that there is none, or that it could not be loaded, or that its
 * service has not answered yet ("late": slow is not empty; the browser asks again). Never an outside
 * service's error text: that stays in the server log.
 */
export type SectionState<T> =
  { status: "ok"; data: T } | { status: "empty" } | { status: "error" } | { status: "late" };

/**
 * A section as a loader hands it to the page: settled already (rendered in the page's HTML), or
 * still loading (streamed: the page shows a skeleton until it settles).
 */
export type StreamedSection<T> = SectionState<T> | { status: "streaming"; settled: Promise<SectionState<T>> };
