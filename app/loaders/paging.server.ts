import { redirect } from "react-router";
import { pageHref, pageShowingTheSame } from "~/domain/paging";
import type { StreamedSection } from "~/loaders/section-state";

/**
 * A list's address that asks for a page past its last shows what the last page shows: it is sent
 * there (a `302`: the list may grow), so such an address is never a page of its own to render and keep
 * (docs/decisions/034-query-keys.md). Only a list already at hand decides; one still loading (streamed,
 * failed, late) is rendered as it is, and such a page is not kept.
 */
export function redirectPastLastPage<T>(
  request: Request,
  section: StreamedSection<T>,
  { page, pageSize, shown }: { page: number; pageSize: number; shown: (data: T) => number },
): void {
  const count = section.status === "ok" ? shown(section.data) : section.status === "empty" ? 0 : null;
  if (count === null) return;
  const last = pageShowingTheSame(page, count, pageSize);
  if (last === null) return;
  const url = new URL(request.url);
  throw redirect(`${url.pathname}${pageHref(url.searchParams, last)}`, {
    status: 302,
    headers: { "Cache-Control": "public, max-age=60" },
  });
}
