import { CalendarSync, ExternalLink } from "lucide-react";
import { EVENTS_CALENDAR_PATH, webcalUrl } from "~/seo/feed-paths";
import { useSiteConfig } from "~/browser/site-config";

/**
 * Subscribe: the events calendar (docs/architecture.md#feeds) in the visitor's calendar app, which
 * `webcal:` opens, and which then follows every move and cancellation, unlike an event's own `.ics`
 * file. A plain link: it works without JavaScript.
 */
export function SubscribeLink({ tone = "quiet" }: { tone?: "quiet" | "solid" }) {
  const { siteUrl } = useSiteConfig();
  return (
    <a
      href={webcalUrl(siteUrl)}
      data-analytics="Subscribe: events calendar"
      className={
        tone === "solid"
          ? "inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-brand-600"
          : "inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-600"
      }
    >
      <CalendarSync aria-hidden="true" className="size-4" />
      Subscribe<span className="sr-only"> to the events calendar</span>
    </a>
  );
}

/**
 * The events page's subscription: Subscribe, the same calendar for Google Calendar (which a phone without
 * a calendar app for `webcal:` reaches in the browser), and the address to paste into any other app.
 */
export function CalendarSubscribe() {
  const { siteUrl } = useSiteConfig();
  const address = `${siteUrl}${EVENTS_CALENDAR_PATH}`;
  return (
    <div className="mt-6 max-w-3xl">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <SubscribeLink tone="solid" />
        <a
          href={`https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcalUrl(siteUrl))}`}
          target="_blank"
          rel="noopener noreferrer"
          data-analytics="Subscribe: Google Calendar"
          className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          Google Calendar
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
      <p className="mt-2 text-sm leading-relaxed text-muted">
        Subscribe once and your calendar follows every change: a moved event moves, a cancelled one says so. In another
        calendar app, add a calendar by its address:{" "}
        <a
          href={EVENTS_CALENDAR_PATH}
          className="break-all font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600"
        >
          {address}
        </a>
      </p>
    </div>
  );
}
