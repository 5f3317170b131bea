import { CalendarPlus, Clock, ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { type EventView, eventCoverSrcSet } from "~/domain/events";
import { Badge } from "../ui/Badge";
import { cardClasses } from "../ui/Card";
import { ContentImage } from "../ui/ContentImage";

const PLACEHOLDER = { url: "/images/event-placeholder.webp", width: 1200, height: 630, description: "" };

/**
 * An event (docs/pages.md): cover (a placeholder when it fails to load), title, date and time
 * in the hub's zone, price, excerpt and the RSVP button to its public page. Upcoming events also offer
 * an `.ics` file.
 */
export function EventCard({ event, calendarLink = true }: { event: EventView; calendarLink?: boolean }) {
  const placeholder = (
    <ContentImage
      image={PLACEHOLDER}
      alt=""
      sizes="(min-width: 1024px) 384px, 100vw"
      resize={false}
      className="aspect-[40/21] w-full"
    />
  );
  return (
    <article className={`${cardClasses} flex h-full flex-col overflow-hidden`}>
      {event.coverUrl ? (
        <ContentImage
          image={{ url: event.coverUrl, width: 1200, height: 630, description: "" }}
          alt=""
          sizes="(min-width: 1024px) 384px, 100vw"
          srcSet={eventCoverSrcSet(event.uuid, event.coverUrl)}
          className="aspect-[40/21] w-full"
          fallback={placeholder}
        />
      ) : (
        placeholder
      )}
      <div className="flex flex-1 flex-col p-6">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-accent-700">
          <time dateTime={event.startDate}>{event.dateLabel}</time>
          {event.happeningNow ? <Badge tone="accent">Happening now</Badge> : null}
        </p>
        <h3 className="mt-2 text-xl font-semibold leading-snug text-ink">{event.title}</h3>
        <dl className="mt-3 grid gap-1 text-sm text-muted">
          <div>
            <dt className="sr-only">Time</dt>
            <dd className="flex items-center gap-1.5">
              <Clock aria-hidden="true" className="size-4 text-brand-600" />
              {event.timeLabel}
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Price</dt>
            <dd className="font-semibold text-ink">{event.priceLabel}</dd>
          </div>
        </dl>
        {event.excerpt ? <p className="mt-4 flex-1 leading-relaxed text-ink/85">{event.excerpt}</p> : null}
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <EventLink href={event.rsvpUrl} label={`RSVP: ${event.title}`}>
            RSVP
            <ExternalLink aria-hidden="true" className="size-4" />
          </EventLink>
          {calendarLink ? (
            <a
              href={`/events/${encodeURIComponent(event.uuid)}.ics`}
              download
              className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              <CalendarPlus aria-hidden="true" className="size-4" />
              Add to calendar<span className="sr-only">: {event.title}</span>
            </a>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** The event's public page, in a new tab (also in demo mode, where it is a path on this site). */
function EventLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-analytics={label}
      className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-accent-400 px-5 text-sm font-semibold text-brand-950 shadow-sm transition-colors hover:bg-accent-300"
    >
      {children}
      <span className="sr-only">: {label.replace(/^RSVP: /, "")} (opens in a new tab)</span>
    </a>
  );
}
