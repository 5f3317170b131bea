import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningService } from "./http.ts";
import { availableDays, BOOKING_CALENDARS, startBookingStandIn } from "./booking.ts";

// Friday 6 March 2026, 9:00 in Central time; DST starts on Sunday 8 March.
const NOW = new Date("2026-03-06T15:00:00Z");

let service: RunningService;

beforeAll(async () => {
  service = await startBookingStandIn({ now: () => NOW });
});

afterAll(async () => {
  await service.close();
});

const widgetUrl = (id: string) => `${service.url}/widget/booking/${id}`;

function book(id: string, fields: Record<string, string>): Promise<Response> {
  return fetch(widgetUrl(id), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

const DAY = 86_400_000;

/** ISO dates of the `count` weekdays after the ISO date `today`. */
function nextWeekdays(today: string, count: number): string[] {
  const dates: string[] = [];
  for (let at = Date.parse(`${today}T12:00:00Z`) + DAY; dates.length < count; at += DAY) {
    const day = new Date(at);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) dates.push(day.toISOString().slice(0, 10));
  }
  return dates;
}

function slotValues(html: string): string[] {
  return [...html.matchAll(/<input type="radio" name="slot"[^>]* value="([^"]+)"/g)].map((match) => match[1]!);
}

describe("calendar page", () => {
  it("renders the calendar name, the demo note, slots and labelled fields", async () => {
    const response = await fetch(widgetUrl("think-lounge-half-day"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("<h1>Think Lounge: Half Day</h1>");
    expect(html).toContain("Demo booking calendar: no booking is made");
    expect(html).toContain('<label for="name">Name</label>');
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toMatch(/<form method="post">/);
    expect(html).toContain('<button type="submit">Confirm booking</button>');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).not.toMatch(/<(script|link|iframe)\b/);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it("offers the next five weekdays after today in Central time, skipping the weekend", async () => {
    const html = await (await fetch(widgetUrl("think-lounge-half-day"))).text();
    const weekdays = [
      "Monday, March 9",
      "Tuesday, March 10",
      "Wednesday, March 11",
      "Thursday, March 12",
      "Friday, March 13",
    ];
    for (const day of weekdays) {
      expect(html).toContain(`<legend>${day}</legend>`);
    }
    expect(html).not.toContain("Friday, March 6");
    expect(html).not.toMatch(/Saturday|Sunday/);
    const slots = slotValues(html);
    expect(slots).toHaveLength(10);
    expect(slots.slice(0, 2)).toEqual(["2026-03-09T08:00", "2026-03-09T13:00"]);
    expect(html).toContain("<span>8:00 AM</span>");
    expect(html).toContain("<span>1:00 PM</span>");
  });

  it("always offers the next five weekdays after the current Central date", () => {
    const first = Date.parse("2026-01-01T00:00:00Z");
    for (let at = first; at < first + 60 * DAY; at += 5 * 3_600_000) {
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date(at));
      const days = availableDays(BOOKING_CALENDARS.tour!, new Date(at));
      const offered = days.map((day) => day.slots[0]!.value.slice(0, 10));
      expect(offered, `at ${new Date(at).toISOString()}`).toEqual(nextWeekdays(today, 5));
    }
  });

  it("names every known calendar", async () => {
    const names: Record<string, string> = {
      tour: "Tour of Ozark Foundry",
      "think-lounge-two-hour": "Think Lounge: Two-Hour Event",
      "think-lounge-half-day": "Think Lounge: Half Day",
      "think-lounge-full-day": "Think Lounge: Full Day",
    };
    for (const [id, name] of Object.entries(names)) {
      const response = await fetch(widgetUrl(id));
      expect(response.status, id).toBe(200);
      expect(await response.text()).toContain(`<h1>${name}</h1>`);
    }
  });

  it("answers 404 with a page for an unknown calendar", async () => {
    for (const id of ["no-such-calendar", "toString", "__proto__"]) {
      const response = await fetch(widgetUrl(id));
      expect(response.status, id).toBe(404);
      expect(await response.text()).toContain("Calendar not found");
    }
    expect((await fetch(`${service.url}/`)).status).toBe(404);
  });

  it("can be framed by any site", async () => {
    const response = await fetch(widgetUrl("tour"));
    expect(response.headers.get("x-frame-options")).toBeNull();
    expect(response.headers.get("content-security-policy")).toBe("frame-ancestors *");
  });
});

describe("booking form post", () => {
  it("lists every problem and keeps what was entered", async () => {
    const response = await book("tour", { name: "  ", email: "not-an-email", slot: "" });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-security-policy")).toBe("frame-ancestors *");
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("Choose a time slot.");
    expect(html).toContain("Enter your name.");
    expect(html).toContain("Enter a valid email address");
    expect(html).toMatch(/id="email"[^>]*value="not-an-email"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/id="name"[^>]*aria-invalid="true" aria-describedby="name-error"/);
    expect(html).toContain('<p class="field-error" id="name-error">Enter your name.</p>');
    expect(html).toContain('<fieldset class="days" aria-describedby="slot-error">');
    expect(html).toContain('<a href="#slot">Choose a time slot.</a>');
    expect(html).toMatch(/<input type="radio" name="slot" id="slot" value="2026-03-09T09:00"/);
    expect(html).toContain("Demo booking calendar: no booking is made");
  });

  it("rejects a slot the calendar does not offer", async () => {
    const html = await (
      await book("tour", { name: "Jo Barnes", email: "jo@example.com", slot: "2026-03-07T09:00" })
    ).text();
    expect(html).toContain("That time is not available.");
    expect(html).not.toContain("Enter your name.");
  });

  it("keeps the chosen slot selected when another field is wrong", async () => {
    const html = await (await book("tour", { name: "Jo", email: "", slot: "2026-03-10T14:00" })).text();
    expect(html).toMatch(/value="2026-03-10T14:00" required checked>/);
    expect(html).toContain('value="Jo"');
    expect(html).not.toContain("Choose a time slot.");
  });

  it("escapes what it echoes", async () => {
    const html = await (await book("tour", { name: "<b>x</b>", email: "bad", slot: "" })).text();
    expect(html).not.toContain("<b>x</b>");
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
  });

  it("confirms a valid booking with the chosen slot in Central time, and books nothing", async () => {
    const response = await book("think-lounge-two-hour", {
      name: "Jo Barnes",
      email: "jo@example.com",
      slot: "2026-03-10T10:00",
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Nothing was booked");
    expect(html).toContain("Think Lounge: Two-Hour Event");
    expect(html).toMatch(/Tuesday, March 10, 2026, 10:00\s*AM\s*–\s*12:00\s*PM\s*CDT/u);
    expect(html).toContain("Jo Barnes");
    expect(html).toContain("jo@example.com");
    expect(html).not.toContain("Confirm booking");
    expect(html).toContain('href="./think-lounge-two-hour"');
  });
});
