import { BadgeCheck, CalendarCheck, ExternalLink, Headset, Loader2, RefreshCw, ShieldCheck, X } from "lucide-react";
import { startTransition, useEffect, useId, useLayoutEffect, useReducer, useRef, useState } from "react";
import { usd } from "~/content/pricing";
import type { BookingOption, BookingOptionKey } from "~/content/copy-types";
import { cn } from "~/components/cn";
import { contractProps } from "~/first-seconds/answer";
import { useAfterNextPaint } from "~/first-seconds/hooks";
import { Badge } from "../ui/Badge";
import { Button } from "../ui/Button";
import { cardClasses } from "../ui/Card";
import { SectionHeader, sectionFrame } from "../ui/SectionHeader";

/** The booking frame's load timeout (docs/decisions/013-the-booking-frame-times-out.md). */
export const BOOKING_FRAME_TIMEOUT_MS = 5_000;

/** 600 px on desktop; under 768 px the larger of 400 and 80% of the window height minus 120. */
export function bookingFrameHeight(windowWidth: number, windowHeight: number): number {
  if (windowWidth >= 768) return 600;
  return Math.max(400, Math.round(windowHeight * 0.8 - 120));
}

type FrameState = "loading" | "loaded" | "failed";

export interface BookingSectionProps {
  id?: string;
  title?: string;
  description: string;
  offer: string;
  options: { key: BookingOptionKey; option: BookingOption }[];
  /** The booking calendar's address for an option. */
  bookingUrl: (calendarId: string) => string;
}

/** Each option's booking form shows while its radio button is checked: the browser's own state, before hydration too. */
const shownWhenChosen: Record<BookingOptionKey, string> = {
  twoHourEvent: "hidden group-has-[input[value=twoHourEvent]:checked]/booking:block",
  fullDay: "hidden group-has-[input[value=fullDay]:checked]/booking:block",
  halfDay: "hidden group-has-[input[value=halfDay]:checked]/booking:block",
};

/**
 * 'Book The Think Lounge' (docs/pages.md): three option cards; choosing one highlights it
 * and opens its booking calendar in a frame beneath, which shows 'Loading booking form...' until the
 * frame loads. If it has not loaded after five seconds, the section says so and offers Retry and the
 * calendar in a new tab (a frame from another site cannot report its own errors, so silence is the
 * failure we can see); a late load still replaces the message. Closing returns to 'Ready to Book?'.
 * The choice is a native radio group that React never sets, so the browser answers a tap at once,
 * before hydration too: the card's highlight and its form's heading follow the checked radio in CSS.
 * React keeps no copy of the choice: it reads the radio as it draws (again when it hydrates, and in a
 * transition after each change, so the browser's answer is drawn first) to know which frame loads its calendar. Only React adds that frame, so should
 * hydration not come, the first script unchecks the radio and opens the calendar in a new tab
 * (`first-seconds/first-script.ts`). Without JavaScript each card links to its calendar instead.
 */
export function BookingSection({
  id,
  title = "Book The Think Lounge",
  description,
  offer,
  options,
  bookingUrl,
}: BookingSectionProps) {
  const headingId = useId();
  const group = useId();
  const section = useRef<HTMLElement>(null);
  // The checked radio is the choice (docs/decisions/016-booking-options-are-radios.md): React keeps no
  // copy of it, and draws again when it changes. Before the section is on the page, nothing is chosen
  // (the server's render, and hydration's).
  const [, drawAgain] = useReducer((count: number) => count + 1, 0);
  const checked = section.current?.querySelector<HTMLInputElement>("input[type=radio]:checked");
  const selected = options.find(({ key }) => key === checked?.value)?.key ?? null;
  // A choice made before hydration is the checked radio's.
  useLayoutEffect(() => {
    if (section.current?.querySelector("input[type=radio]:checked")) drawAgain();
  }, []);
  return (
    <section
      ref={section}
      id={id}
      aria-labelledby={headingId}
      className={cn(sectionFrame, "group/booking scroll-mt-20")}
    >
      <SectionHeader id={headingId} eyebrow="Booking" title={title} description={description} />
      <p className="mt-8 flex items-start gap-3 rounded-2xl border border-accent-300 bg-accent-100 px-5 py-4 font-semibold text-accent-700">
        <BadgeCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {offer}
      </p>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {options.map(({ key, option }) => (
          <li key={key}>
            <OptionCard
              optionKey={key}
              option={option}
              group={group}
              url={bookingUrl(option.calendarId)}
              onSelect={() => startTransition(drawAgain)}
            />
          </li>
        ))}
      </ul>
      <div className="mt-8">
        <div className="group-has-[input[type=radio]:checked]/booking:hidden">
          <ReadyToBook />
        </div>
        {options.map(({ key, option }) => (
          <div key={key} className={shownWhenChosen[key]}>
            <BookingFrame
              active={selected === key}
              headingId={`${headingId}-${key}-form`}
              option={option}
              url={bookingUrl(option.calendarId)}
              onClose={() => {
                if (checked) checked.checked = false;
                drawAgain();
              }}
            />
          </div>
        ))}
      </div>
    </section>
  );
}

function OptionCard({
  optionKey,
  option,
  group,
  url,
  onSelect,
}: {
  optionKey: BookingOptionKey;
  option: BookingOption;
  group: string;
  url: string;
  onSelect: () => void;
}) {
  const saving = option.isPromo && option.originalPrice ? option.originalPrice - option.price : 0;
  return (
    <div
      className={cn(
        cardClasses,
        "relative flex h-full flex-col p-6 transition hover:border-brand-300",
        "has-[:checked]:border-line has-[:checked]:bg-brand-50 has-[:checked]:outline-2 has-[:checked]:outline-brand-700",
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-xl font-semibold text-ink">{option.title}</h3>
        {option.isPromo ? <Badge tone="accent">PROMO</Badge> : null}
      </div>
      <p className="mt-3 flex items-baseline gap-1.5">
        <span className="font-display text-4xl font-semibold text-ink">{usd(option.price)}</span>
        <span className="text-muted">/{option.period}</span>
      </p>
      {option.isPromo && option.originalPrice ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
          <span>
            Regular: <s>{usd(option.originalPrice)}</s>
          </span>
          <Badge>SAVE {saving}$</Badge>
        </p>
      ) : null}
      <p className="mt-3 text-sm font-semibold text-brand-700">{option.duration}</p>
      <p className="mt-2 flex-1 leading-relaxed text-muted">{option.description}</p>
      <label
        className={cn(
          "mt-6 inline-flex min-h-11 w-full cursor-pointer items-center justify-center rounded-full px-5 text-sm font-semibold transition-colors no-js:hidden",
          "after:absolute after:inset-0 after:content-['']",
          "bg-accent-400 text-brand-950 hover:bg-accent-300 has-[:checked]:bg-brand-700 has-[:checked]:text-white",
          "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-400",
        )}
      >
        <input
          type="radio"
          name={group}
          value={optionKey}
          onChange={(event) => event.nativeEvent.defaultPrevented || onSelect()}
          aria-label={`Select: ${option.title}`}
          data-analytics={`Select: ${option.title}`}
          {...contractProps.held(url)}
          className="peer sr-only"
        />
        <span className="peer-checked:hidden">Select</span>
        <span className="hidden peer-checked:inline">Selected</span>
      </label>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-6 hidden min-h-11 items-center justify-center rounded-full bg-accent-400 px-5 text-sm font-semibold text-brand-950 no-js:inline-flex"
      >
        Book {option.title}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}

function ReadyToBook() {
  return (
    <div className="rounded-2xl border border-dashed border-brand-300 bg-brand-50 p-8 text-center">
      <h3 className="text-2xl font-semibold text-ink">Ready to Book?</h3>
      <p className="mt-2 text-muted">Choose an option above to see open dates and book online.</p>
      <ul className="mt-6 flex flex-wrap justify-center gap-x-8 gap-y-3 font-semibold text-brand-800">
        <li className="flex items-center gap-2">
          <CalendarCheck aria-hidden="true" className="size-5 text-brand-600" />
          Instant confirmation
        </li>
        <li className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-5 text-brand-600" />
          Secure payment
        </li>
        <li className="flex items-center gap-2">
          <Headset aria-hidden="true" className="size-5 text-brand-600" />
          24/7 support
        </li>
      </ul>
    </div>
  );
}

function BookingFrame({
  active,
  headingId,
  option,
  url,
  onClose,
}: {
  /** The option React knows is chosen: only its frame loads the calendar (the others show only while their radio is checked before hydration). */
  active: boolean;
  headingId: string;
  option: BookingOption;
  url: string;
  onClose: () => void;
}) {
  return (
    <section aria-labelledby={headingId} className={`${cardClasses} overflow-hidden`}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line bg-brand-50 px-5 py-3">
        <h3 id={headingId} className="font-sans text-lg font-semibold text-ink">
          Book the Think Lounge: {option.title}
        </h3>
        <div className="flex items-center gap-2">
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            data-analytics={`Open in New Tab: ${option.title}`}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-brand-700 px-4 text-sm font-semibold text-brand-700 hover:bg-white"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            Open in New Tab
          </a>
          {/* Held before hydration: the form shows before it, while its radio is checked. */}
          <Button variant="ghost" onClick={onClose} aria-label="Close booking form" {...contractProps.held()}>
            <X aria-hidden="true" className="size-5" />
          </Button>
        </div>
      </div>
      {/* Started anew when it becomes the chosen one (a choice before hydration, or another option). */}
      <Calendar key={String(active)} active={active} option={option} url={url} />
    </section>
  );
}

/** The calendar's frame, its loading message, and the message should it not load. */
function Calendar({ active, option, url }: { active: boolean; option: BookingOption; url: string }) {
  const [state, setState] = useState<FrameState>("loading");
  const [attempt, setAttempt] = useState(0);
  const height = useFrameHeight();
  // The booking form's heading and "Loading booking form..." answer the visitor's choice at once; the
  // iframe (a browsing context of its own, the costliest element to create) comes in the task after.
  const frameAdded = useAfterNextPaint();

  useEffect(() => {
    if (!active || state !== "loading") return;
    const timer = setTimeout(() => setState("failed"), BOOKING_FRAME_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [active, state]);

  return (
    <div className="relative" style={{ height }}>
      {active && frameAdded ? (
        <iframe
          key={attempt}
          src={url}
          title={`Booking calendar: ${option.title}`}
          onLoad={() => setState("loaded")}
          className={cn("size-full border-0 bg-white", state !== "loaded" && "invisible")}
        />
      ) : null}
      {state === "loading" ? (
        <div aria-busy="true" className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-muted">
          <Loader2 aria-hidden="true" className="size-8 animate-spin text-brand-700" />
          <p role="status">Loading booking form...</p>
        </div>
      ) : null}
      {state === "failed" ? (
        <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-4 p-6 text-center">
          <p className="text-lg font-semibold text-ink">There was an issue loading the booking form.</p>
          <p className="max-w-md text-muted">
            Please try again, or use &lsquo;Open in New Tab&rsquo; above to book on the calendar&rsquo;s own page.
          </p>
          <Button
            variant="secondary"
            analyticsLabel={`Retry: booking form (${option.title})`}
            onClick={() => {
              setAttempt((value) => value + 1);
              setState("loading");
            }}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            Retry
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function useFrameHeight(): number {
  const [height, setHeight] = useState(600);
  useEffect(() => {
    const update = () => setHeight(bookingFrameHeight(window.innerWidth, window.innerHeight));
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
  return height;
}
