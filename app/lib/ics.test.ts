import { describe, expect, it } from "vitest";
import type { SiteEvent } from "./events";
import { eventToIcs, foldIcsLine } from "./ics";

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
