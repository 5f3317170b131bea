import type { IncomingMessage, ServerResponse } from "node:http";
import {
  addDays,
  type CalendarDate,
  calendarDateIn,
  describeEventTime,
  EVENTS_TIME_ZONE,
  wallTimeToUtc,
  weekday,
} from "./events.ts";
import { escapeHtml, htmlDocument, listen, readBody, type RunningService } from "./http.ts";

/**
 * A stand-in for the LeadConnector-style booking calendars the site embeds in iframes. Each calendar is
 * a plain HTML form that works without JavaScript; a "booking" only echoes the choice back.
 */

export interface BookingStandInOptions {
  host?: string;
  port?: number;
  /** Clock for the available days; default real time. */
  now?: () => Date;
}

export interface BookingCalendar {
  name: string;
  summary: string;
  durationMinutes: number;
  /** Local start times ("HH:MM", America/Chicago) offered on every weekday. */
  startTimes: string[];
}

export const BOOKING_CALENDARS: Record<string, BookingCalendar> = {
  tour: {
    name: "Tour of Ozark Foundry",
    summary: "A 30-minute walk through the coworking floor, private offices, meeting rooms and the Think Lounge.",
    durationMinutes: 30,
    startTimes: ["09:00", "10:00", "11:00", "13:00", "14:00", "15:00", "16:00"],
  },
  "think-lounge-two-hour": {
    name: "Think Lounge: Two-Hour Event",
    summary: "$150 per hour with a two-hour minimum. Seats up to 72 theater style.",
    durationMinutes: 120,
    startTimes: ["08:00", "10:00", "13:00", "15:00"],
  },
  "think-lounge-half-day": {
    name: "Think Lounge: Half Day",
    summary: "$350 for up to 4 hours. Seats up to 72 theater style.",
    durationMinutes: 240,
    startTimes: ["08:00", "13:00"],
  },
  "think-lounge-full-day": {
    name: "Think Lounge: Full Day",
    summary: "$500 for up to 8 hours. Seats up to 72 theater style.",
    durationMinutes: 480,
    startTimes: ["09:00"],
  },
};

const DAYS_SHOWN = 5;

export interface BookingDay {
  date: CalendarDate;
  label: string;
  slots: { value: string; label: string }[];
}

/** The next weekdays after today (in Central time), each with the calendar's slots. */
export function availableDays(calendar: BookingCalendar, now: Date, count = DAYS_SHOWN): BookingDay[] {
  const days: BookingDay[] = [];
  const today = calendarDateIn(now, EVENTS_TIME_ZONE);
  for (let offset = 1; days.length < count; offset += 1) {
    const date = addDays(today, offset);
    if (weekday(date) === 0 || weekday(date) === 6) continue;
    days.push({
      date,
      label: dayLabel(date),
      slots: calendar.startTimes.map((time) => ({ value: `${isoDate(date)}T${time}`, label: clockLabel(time) })),
    });
  }
  return days;
}

function isoDate(date: CalendarDate): string {
  return `${date.year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
}

const dayLabelFormatter = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "long",
  month: "long",
  day: "numeric",
});

function dayLabel(date: CalendarDate): string {
  return dayLabelFormatter.format(new Date(Date.UTC(date.year, date.month - 1, date.day)));
}

function clockLabel(time: string): string {
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  return `${hour % 12 || 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}

/** "Tuesday, March 10, 2026, 9:00 – 11:00 AM CDT" for a slot value such as `2026-03-10T09:00`. */
export function describeSlot(calendar: BookingCalendar, slot: string): string {
  const [datePart = "", time = ""] = slot.split("T");
  const [year = 0, month = 0, day = 0] = datePart.split("-").map(Number);
  const start = wallTimeToUtc({ year, month, day }, time, EVENTS_TIME_ZONE);
  const when = describeEventTime(start, new Date(start.getTime() + calendar.durationMinutes * 60_000));
  return when.time ? `${when.day}, ${when.time}` : when.day;
}

// ---------------------------------------------------------------------------------------------------
// HTTP

export async function startBookingStandIn(options: BookingStandInOptions = {}): Promise<RunningService> {
  const now = options.now ?? (() => new Date());
  return listen(
    (request, response) => {
      handleRequest(now, request, response).catch(() => {
        if (!response.headersSent) sendPage(response, 500, messagePage("Something went wrong", "Please try again."));
        else response.destroy();
      });
    },
    { host: options.host, port: options.port },
  );
}

const WIDGET_PATH = /^\/widget\/booking\/([^/]+)\/?$/;

async function handleRequest(now: () => Date, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://stand-in");
  const calendar = findCalendar(WIDGET_PATH.exec(url.pathname)?.[1]);
  if (!calendar) {
    return sendPage(
      response,
      404,
      messagePage("Calendar not found", "This booking calendar does not exist. Check the link and try again."),
    );
  }
  if (request.method === "GET") {
    return sendPage(response, 200, formPage(calendar, availableDays(calendar, now()), {}, {}));
  }
  if (request.method === "POST") return handleBooking(calendar, now(), url, request, response);
  response.setHeader("Allow", "GET, POST");
  sendPage(response, 405, messagePage("Method not allowed", "Open this calendar with a normal link."));
}

function findCalendar(encodedId: string | undefined): BookingCalendar | undefined {
  let id: string;
  try {
    id = decodeURIComponent(encodedId ?? "");
  } catch {
    return undefined;
  }
  return Object.hasOwn(BOOKING_CALENDARS, id) ? BOOKING_CALENDARS[id] : undefined;
}

interface BookingInput {
  slot?: string;
  name?: string;
  email?: string;
}

type BookingErrors = Partial<Record<keyof BookingInput, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function handleBooking(
  calendar: BookingCalendar,
  now: Date,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
) {
  let text: string;
  try {
    text = await readBody(request, 16_384);
  } catch {
    return sendPage(response, 413, messagePage("Too much data", "The form sent more data than a booking needs."));
  }
  const fields = new URLSearchParams(text);
  const input: BookingInput = {
    slot: fields.get("slot") ?? "",
    name: (fields.get("name") ?? "").trim(),
    email: (fields.get("email") ?? "").trim(),
  };
  const days = availableDays(calendar, now);
  const errors = validateBooking(input, days);
  if (Object.keys(errors).length > 0) return sendPage(response, 400, formPage(calendar, days, input, errors));
  sendPage(response, 200, confirmationPage(calendar, input as Required<BookingInput>, formUrlFrom(url)));
}

/**
 * The calendar's form, relative to the page that was posted, so the link also works when the site
 * serves the calendar under a path of its own (`/_demo/booking/widget/booking/...`).
 */
function formUrlFrom(url: URL): string {
  const lastSegment = url.pathname.split("/").filter(Boolean).at(-1) ?? "";
  return url.pathname.endsWith("/") ? `./${url.search}` : `./${lastSegment}${url.search}`;
}

function validateBooking(input: BookingInput, days: BookingDay[]): BookingErrors {
  const errors: BookingErrors = {};
  const offered = days.some((day) => day.slots.some((slot) => slot.value === input.slot));
  if (!input.slot) errors.slot = "Choose a time slot.";
  else if (!offered) errors.slot = "That time is not available. Choose another time slot.";
  if (!input.name) errors.name = "Enter your name.";
  else if (input.name.length > 100) errors.name = "Enter a name of at most 100 characters.";
  if (!input.email || !EMAIL_PATTERN.test(input.email) || input.email.length > 254) {
    errors.email = "Enter a valid email address, like name@example.com.";
  }
  return errors;
}

function sendPage(response: ServerResponse, status: number, html: string): void {
  // Meant to be framed by the site: no X-Frame-Options, and any ancestor may embed it.
  response.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(html),
    "Content-Security-Policy": "frame-ancestors *",
    "Cache-Control": "no-store",
  });
  response.end(html);
}

// ---------------------------------------------------------------------------------------------------
// Pages

const DEMO_NOTE = `<p class="demo-note">Demo booking calendar: no booking is made.</p>`;

function formPage(calendar: BookingCalendar, days: BookingDay[], input: BookingInput, errors: BookingErrors): string {
  return page(
    `${calendar.name} · Book a time`,
    `<header>
      <p class="eyebrow">Ozark Foundry</p>
      <h1>${escapeHtml(calendar.name)}</h1>
      <p class="summary">${escapeHtml(calendar.summary)}</p>
      <p class="meta">${durationLabel(calendar.durationMinutes)} · Times in Central Time (Batesville, AR)</p>
      ${DEMO_NOTE}
    </header>
    ${errorSummary(errors)}
    <form method="post">
      ${slotPicker(days, input.slot, errors.slot)}
      ${textField("name", "Name", "text", "name", input.name, errors.name)}
      ${textField("email", "Email", "email", "email", input.email, errors.email)}
      <button type="submit">Confirm booking</button>
    </form>`,
  );
}

function durationLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const hours = minutes / 60;
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

function errorSummary(errors: BookingErrors): string {
  const entries = (["slot", "name", "email"] as const).filter((field) => errors[field]);
  if (entries.length === 0) return "";
  const items = entries.map((field) => `<li><a href="#${field}">${escapeHtml(errors[field] ?? "")}</a></li>`).join("");
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">Please check your booking</h2>
      <ul>${items}</ul>
    </div>`;
}

function slotPicker(days: BookingDay[], chosen: string | undefined, error: string | undefined): string {
  // The first radio carries the id the error summary links to.
  const firstValue = days[0]?.slots[0]?.value;
  const slotInput = (slot: { value: string; label: string }) => {
    const id = slot.value === firstValue ? ` id="slot"` : "";
    const checked = slot.value === chosen ? " checked" : "";
    return (
      `<label class="slot"><input type="radio" name="slot"${id} value="${slot.value}" required${checked}>` +
      `<span>${slot.label}</span></label>`
    );
  };
  const dayGroups = days
    .map(
      (day) =>
        `<fieldset class="day"><legend>${escapeHtml(day.label)}</legend>` +
        `<div class="slots">${day.slots.map(slotInput).join("")}</div></fieldset>`,
    )
    .join("\n        ");
  const describedBy = error ? ` aria-describedby="slot-error"` : "";
  return `<fieldset class="days"${describedBy}>
        <legend class="section-title">Choose a time</legend>
        ${error ? `<p class="field-error" id="slot-error">${escapeHtml(error)}</p>` : ""}
        ${dayGroups}
      </fieldset>`;
}

function textField(
  name: string,
  label: string,
  type: string,
  autocomplete: string,
  value: string | undefined,
  error: string | undefined,
): string {
  const invalid = error ? ` aria-invalid="true" aria-describedby="${name}-error"` : "";
  return `<div class="field">
        <label for="${name}">${label}</label>
        ${error ? `<p class="field-error" id="${name}-error">${escapeHtml(error)}</p>` : ""}
        <input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" required
          value="${escapeHtml(value ?? "")}"${invalid}>
      </div>`;
}

function confirmationPage(calendar: BookingCalendar, input: Required<BookingInput>, formUrl: string): string {
  return page(
    `Demo booking received · ${calendar.name}`,
    `<header>
      <p class="eyebrow">Ozark Foundry</p>
      <h1>Demo booking received</h1>
      <p class="demo-note" role="status">Nothing was booked: this is a demo calendar, and no one was notified.</p>
    </header>
    <dl class="details">
      <div><dt>Calendar</dt><dd>${escapeHtml(calendar.name)}</dd></div>
      <div><dt>Time</dt><dd>${escapeHtml(describeSlot(calendar, input.slot))}</dd></div>
      <div><dt>Name</dt><dd>${escapeHtml(input.name)}</dd></div>
      <div><dt>Email</dt><dd>${escapeHtml(input.email)}</dd></div>
    </dl>
    <p><a href="${escapeHtml(formUrl)}">Choose another time</a></p>`,
  );
}

function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

const PAGE_STYLE = `
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body { margin: 0; background: #fff; color: #1f2328; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 40rem; margin: 0 auto; padding: 16px; }
  h1 { margin: 0 0 8px; font-size: 1.5rem; line-height: 1.25; }
  .eyebrow { margin: 0 0 4px; color: #8a3b12; font-size: 0.8rem; font-weight: 700; letter-spacing: 0.06em; text-transform: uppercase; }
  .summary { margin: 0 0 4px; }
  .meta { margin: 0 0 16px; color: #5c5f66; font-size: 0.9rem; }
  .demo-note { margin: 0 0 24px; padding: 8px 12px; border-left: 4px solid #b45309; background: #fff7ed; color: #7c2d12; font-size: 0.9rem; font-weight: 600; }
  fieldset { margin: 0; padding: 0; border: 0; min-width: 0; }
  .days { margin-bottom: 24px; }
  .section-title { margin-bottom: 8px; padding: 0; font-size: 1.1rem; font-weight: 700; }
  .day { margin-top: 12px; }
  .day legend { padding: 0; margin-bottom: 8px; font-weight: 600; color: #3d4148; }
  .slots { display: grid; grid-template-columns: repeat(auto-fill, minmax(6.5rem, 1fr)); gap: 8px; }
  .slot { position: relative; display: block; }
  .slot input { position: absolute; inset: 0; width: 100%; height: 100%; margin: 0; opacity: 0; cursor: pointer; }
  .slot span { display: flex; align-items: center; justify-content: center; min-height: 44px; padding: 8px; border: 1px solid #c9c2b8; border-radius: 10px; background: #fff; color: #1f2328; font-weight: 600; }
  .slot input:hover + span { border-color: #8a3b12; }
  .slot input:checked + span { background: #8a3b12; border-color: #8a3b12; color: #fff; }
  .slot input:focus-visible + span { outline: 3px solid #1f2328; outline-offset: 2px; }
  .field { margin-bottom: 16px; }
  .field label { display: block; margin-bottom: 4px; font-weight: 600; }
  .field input { width: 100%; min-height: 44px; padding: 8px 12px; border: 1px solid #8c8f96; border-radius: 10px; font: inherit; color: inherit; }
  .field input:focus-visible { outline: 3px solid #8a3b12; outline-offset: 1px; }
  .field input[aria-invalid="true"] { border-color: #b42318; border-width: 2px; }
  .field-error { margin: 0 0 4px; color: #b42318; font-weight: 600; font-size: 0.9rem; }
  .error-summary { margin: 0 0 24px; padding: 12px 16px; border: 2px solid #b42318; border-radius: 10px; background: #fef3f2; }
  .error-summary h2 { margin: 0 0 4px; font-size: 1rem; }
  .error-summary ul { margin: 0; padding-left: 20px; }
  .error-summary a { color: #b42318; font-weight: 600; }
  button { width: 100%; min-height: 48px; padding: 12px 24px; border: 0; border-radius: 10px; background: #8a3b12; color: #fff; font: inherit; font-weight: 700; cursor: pointer; }
  button:hover { background: #6f2f0e; }
  button:focus-visible { outline: 3px solid #1f2328; outline-offset: 3px; }
  .details { display: grid; gap: 8px; margin: 0 0 24px; }
  .details div { display: grid; grid-template-columns: 6rem 1fr; gap: 8px; }
  dt { color: #5c5f66; font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  a { color: #8a3b12; }
  @media (min-width: 640px) { button { width: auto; } main { padding: 24px; } }
`;

function page(title: string, body: string): string {
  return htmlDocument({ title, style: PAGE_STYLE, body: `<main>${body}</main>` });
}
