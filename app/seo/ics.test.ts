import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import type { SiteEvent } from "~/domain/events";
import { calendarToIcs, eventToIcs, foldIcsLine } from "./ics";

/** A small reader for the test: unfolds lines, splits properties and unescapes TEXT values. */
function parseIcs(text: string): Map<string, string> {
  expect(text.endsWith("\r\n")).toBe(true);
  const lines = text.slice(0, -2).split("\r\n");
  for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  const unfolded = lines.reduce<string[]>((all, line) => {
    if (line.startsWith(" ")) all[all.length - 1] += line.slice(1);
    else all.push(line);
    return all;
  }, []);
  const properties = new Map<string, string>();
  for (const line of unfolded) {
    const colon = line.indexOf(":");
    const value = line
      .slice(colon + 1)
      .replace(/\\n/g, "\n")
      .replace(/\\([;,\\])/g, "$1");
    properties.set(line.slice(0, colon), value);
  }
  return properties;
}

const event: SiteEvent = {
  uuid: "3f1c2a9e-0000-5000-8000-000000000001",
  title: "Lunch & Learn: Grants, Budgets; Narratives",
  description:
    "Grant money is out there for rural Arkansas businesses, but applications can feel like a second job.\n\nBring lunch; we'll have sweet tea — and café cookies for everyone, naïvely baked.",
  slug: "lunch-and-learn",
  startDate: "2026-03-05T18:00:00.000Z",
  endDate: "2026-03-05T19:30:00.000Z",
  price: 0,
  cancelled: false,
  coverUrl: null,
  rsvpUrl: "/_demo/events/ozark-foundry/public/events/lunch-and-learn",
};

describe("eventToIcs", () => {
  const url = "https://hub.example.org/_demo/events/ozark-foundry/public/events/lunch-and-learn";
  const ics = eventToIcs(event, {
    location: "Ozark Foundry, 118 Foundry Lane, Batesville, AR 72501",
    url,
    uidDomain: "hub.example.org",
    now: new Date("2026-03-01T12:34:56.789Z"),
  });
  const properties = parseIcs(ics);

  it("is one VEVENT in a VCALENDAR", () => {
    expect(properties.get("BEGIN")).toBe("VEVENT");
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.trimEnd().endsWith("END:VEVENT\r\nEND:VCALENDAR")).toBe(true);
  });

  it("round-trips every property", () => {
    expect(properties.get("UID")).toBe(`${event.uuid}@hub.example.org`);
    expect(properties.get("DTSTAMP")).toBe("20260301T123456Z");
    expect(properties.get("DTSTART")).toBe("20260305T180000Z");
    expect(properties.get("DTEND")).toBe("20260305T193000Z");
    expect(properties.get("SUMMARY")).toBe(event.title);
    expect(properties.get("LOCATION")).toBe("Ozark Foundry, 118 Foundry Lane, Batesville, AR 72501");
    expect(properties.get("URL")).toBe(url);
    expect(properties.get("DESCRIPTION")).toBe(`${event.description}\n\nRSVP: ${url}`);
  });

  it("escapes commas and semicolons in text", () => {
    expect(ics).toContain("SUMMARY:Lunch & Learn: Grants\\, Budgets\\; Narratives");
  });
});

describe("eventToIcs with text from an outside service that tries to break out of its line", () => {
  const hostile: SiteEvent = {
    ...event,
    uuid: "evil;id,1\\x\r\nX-INJECTED:1",
    title: "Bell\u0007 and\u0000 null\u001B[31m",
    description: "First line\r\nSecond line\u000Bwith a vertical tab\tand a tab",
  };
  const ics = eventToIcs(hostile, {
    location: "Ozark Foundry\u0008, Batesville",
    url: "https://hub.example.org/events/evil\r\nX-URL-INJECTED:1",
    uidDomain: "hub.example.org",
    now: new Date("2026-03-01T12:34:56.789Z"),
  });
  const properties = parseIcs(ics);

  it("escapes the UID as the TEXT value it is", () => {
    expect(ics).toContain("UID:evil\\;id\\,1\\\\x\\nX-INJECTED:1@hub.example.org");
    expect(properties.get("UID")).toBe("evil;id,1\\x\nX-INJECTED:1@hub.example.org");
  });

  it("lets no value start a line of its own", () => {
    const names = [...properties.keys()];
    expect(names).not.toContain("X-INJECTED");
    expect(names).not.toContain("X-URL-INJECTED");
    expect(ics.split("\r\n").filter((line) => /^X-/.test(line))).toEqual([]);
  });

  it("strips control characters from every text field, keeping tabs and line breaks", () => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for control characters
    expect(ics).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/);
    expect(properties.get("SUMMARY")).toBe("Bell and null[31m");
    expect(properties.get("LOCATION")).toBe("Ozark Foundry, Batesville");
    expect(properties.get("DESCRIPTION")?.startsWith("First line\nSecond linewith a vertical tab\tand a tab")).toBe(
      true,
    );
    expect(properties.get("URL")).toBe("https://hub.example.org/events/evilX-URL-INJECTED:1");
  });
});

describe("foldIcsLine", () => {
  it("folds at 75 octets without splitting a multi-byte character", () => {
    const line = `DESCRIPTION:${"é".repeat(100)}`;
    const folded = foldIcsLine(line);
    for (const part of folded.split("\r\n")) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });
});

describe("calendarToIcs, read by ical.js", () => {
  const place = { location: "Ozark Foundry, 118 Foundry Lane, Batesville, AR 72501", uidDomain: "hub.example.org" };
  const at = (uuid: string, start: string, end: string, extra: Partial<SiteEvent> = {}) => ({
    event: { ...event, uuid, slug: uuid, title: `Event ${uuid}`, startDate: start, endDate: end, ...extra },
    place: { ...place, url: `https://hub.example.org/events/${uuid}` },
    revision: { sequence: 3_500_000 + uuid.length, modifiedAt: "2026-10-01T12:00:00.000Z" },
  });
  const options = {
    name: "Ozark Foundry events",
    description: "Events at Ozark Foundry.",
    timeZone: "America/Chicago",
    sourceUrl: "https://hub.example.org/events.ics",
    pageUrl: "https://hub.example.org/events",
    refreshInterval: "PT1H",
  };
  // 6 PM on each side of both changes: CDT (UTC-5) before November 1, 2026 and from March 14, 2027.
  const entries = [
    at("before-fall", "2026-10-31T23:00:00.000Z", "2026-11-01T01:00:00.000Z"),
    at("after-fall", "2026-11-09T00:00:00.000Z", "2026-11-09T02:00:00.000Z", { cancelled: true }),
    at("before-spring", "2027-03-13T00:00:00.000Z", "2027-03-13T02:00:00.000Z"),
    at("after-spring", "2027-03-15T23:00:00.000Z", "2027-03-16T01:00:00.000Z"),
  ];
  const text = calendarToIcs(entries, options);
  const { calendar, events } = readCalendar(text);

  it("is a calendar to subscribe to: named, refreshed hourly, its own address as its source", () => {
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(calendar.getFirstPropertyValue("name")).toBe("Ozark Foundry events");
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Ozark Foundry events");
    expect(calendar.getFirstPropertyValue("refresh-interval")?.toString()).toBe("PT1H");
    expect(calendar.getFirstPropertyValue("x-published-ttl")).toBe("PT1H");
    expect(calendar.getFirstPropertyValue("source")).toBe("https://hub.example.org/events.ics");
    for (const line of text.slice(0, -2).split("\r\n")) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
  });

  it("gives every time in the hub's zone, right on both sides of each daylight-saving change", () => {
    expect(text).toContain("DTSTART;TZID=America/Chicago:20261031T180000");
    expect(text).toContain("DTSTART;TZID=America/Chicago:20261108T180000");
    expect(events.map((item) => [item.uid, item.startDate.zone?.tzid, item.startDate.toString()])).toEqual([
      ["before-fall@hub.example.org", "America/Chicago", "2026-10-31T18:00:00"],
      ["after-fall@hub.example.org", "America/Chicago", "2026-11-08T18:00:00"],
      ["before-spring@hub.example.org", "America/Chicago", "2027-03-12T18:00:00"],
      ["after-spring@hub.example.org", "America/Chicago", "2027-03-15T18:00:00"],
    ]);
    // The instants, through the calendar's own VTIMEZONE (ical.js knows no zone it is not given).
    expect(events.map((item) => item.startDate.toJSDate().toISOString())).toEqual(
      entries.map(({ event }) => event.startDate),
    );
    expect(events.map((item) => item.endDate.toJSDate().toISOString())).toEqual(
      entries.map(({ event }) => event.endDate),
    );
  });

  it("defines the zone with its rules: CST and CDT, changing at 2 AM on the days the law says", () => {
    const zone = calendar.getFirstSubcomponent("vtimezone")!;
    const changes = zone
      .getAllSubcomponents()
      .map((observance) => [
        observance.name,
        observance.getFirstPropertyValue("dtstart")?.toString(),
        observance.getFirstPropertyValue("tzoffsetto")?.toString(),
        observance.getFirstPropertyValue("tzname"),
      ]);
    expect(changes).toEqual(
      expect.arrayContaining([
        ["daylight", "2026-03-08T02:00:00", "-05:00", "CDT"],
        ["standard", "2026-11-01T02:00:00", "-06:00", "CST"],
        ["daylight", "2027-03-14T02:00:00", "-05:00", "CDT"],
        ["standard", "2027-11-07T02:00:00", "-06:00", "CST"],
      ]),
    );
  });

  it("keeps each event's UID, and carries its SEQUENCE and LAST-MODIFIED (also as its stamp)", () => {
    for (const [index, item] of events.entries()) {
      expect(item.uid).toBe(`${entries[index]!.event.uuid}@hub.example.org`);
      expect(item.sequence).toBe(entries[index]!.revision.sequence);
      for (const name of ["last-modified", "dtstamp"]) {
        const stamp = item.component.getFirstPropertyValue(name) as ICAL.Time;
        expect(stamp.toJSDate().toISOString(), name).toBe("2026-10-01T12:00:00.000Z");
      }
    }
  });

  it("marks a cancelled event, in STATUS and in its title, and lets it block no time", () => {
    const [confirmed, cancelled] = events;
    expect(confirmed!.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(cancelled!.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(cancelled!.summary).toBe("Cancelled: Event after-fall");
    expect(cancelled!.component.getFirstPropertyValue("transp")).toBe("TRANSPARENT");
  });

  it("gives the same bytes for the same events", () => {
    expect(calendarToIcs(entries, options)).toBe(text);
  });

  it("holds a calendar without events, and no zone to define", () => {
    const empty = readCalendar(calendarToIcs([], options));
    expect(empty.events).toEqual([]);
    expect(empty.calendar.getFirstSubcomponent("vtimezone")).toBeNull();
  });

  it("defines any TZ_SITE from the runtime's tz database: a zone without daylight saving, one south of the equator", () => {
    const phoenix = readCalendar(
      calendarToIcs([at("phoenix", "2026-07-01T01:00:00.000Z", "2026-07-01T02:00:00.000Z")], {
        ...options,
        timeZone: "America/Phoenix",
      }),
    );
    expect(
      phoenix.calendar
        .getFirstSubcomponent("vtimezone")!
        .getAllSubcomponents()
        .map((part) => part.name),
    ).toEqual(["standard"]);
    expect(phoenix.events[0]!.startDate.toString()).toBe("2026-06-30T18:00:00");
    const sydneyEntries = [
      at("summer", "2026-01-10T08:00:00.000Z", "2026-01-10T09:00:00.000Z"),
      at("winter", "2026-07-10T09:00:00.000Z", "2026-07-10T10:00:00.000Z"),
    ];
    const sydney = readCalendar(calendarToIcs(sydneyEntries, { ...options, timeZone: "Australia/Sydney" }));
    expect(sydney.events.map((item) => item.startDate.toString())).toEqual([
      "2026-01-10T19:00:00",
      "2026-07-10T19:00:00",
    ]);
    expect(sydney.events.map((item) => item.startDate.toJSDate().toISOString())).toEqual(
      sydneyEntries.map(({ event }) => event.startDate),
    );
  });
});

/** A calendar as a calendar app reads it: ical.js, with only the zones the calendar itself defines. */
function readCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  ICAL.TimezoneService.reset();
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return { calendar, events: calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component)) };
}
