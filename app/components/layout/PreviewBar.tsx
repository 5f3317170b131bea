import { Eye } from "lucide-react";
import { useLocation } from "react-router";

/**
 * Shown on every page of an editor's draft preview: says so, and leads out of it (back to the same
 * page as visitors see it). A plain link, not a router one: leaving needs the server to clear the cookie.
 */
export function PreviewBar() {
  const location = useLocation();
  const exitHref = `/preview/exit?path=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
  return (
    <>
      {/* Room at the end of the page, so the fixed bar never hides the footer's last line. */}
      <div aria-hidden="true" className="h-16" />
      <section
        aria-label="Preview mode"
        className="fixed inset-x-0 bottom-0 z-50 border-t-4 border-accent-400 bg-ink text-white shadow-2xl"
      >
        <div className="mx-auto flex min-h-14 max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-2 sm:px-6 lg:px-8">
          <p className="flex items-center gap-2 font-semibold">
            <Eye aria-hidden="true" className="size-5 text-accent-300" />
            <span>
              <span className="text-accent-300">Preview:</span> draft content
            </span>
          </p>
          <a
            href={exitHref}
            className="inline-flex min-h-11 items-center rounded-full px-2 font-medium text-white underline underline-offset-4 hover:text-accent-200"
          >
            Exit preview
          </a>
        </div>
      </section>
    </>
  );
}
