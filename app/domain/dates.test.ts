import { describe, expect, it } from "vitest";
import { formatLongDate, isoCalendarDate, isoWithOffset, yearIn } from "./dates";

describe("formatLongDate", () => {
  it("writes a calendar date in long US format, the same in every zone", () => {
    expect(formatLongDate("2026-03-05", "America/Chicago")).toBe("March 5, 2026");
    expect(formatLongDate("2026-03-05", "Pacific/Kiritimati")).toBe("March 5, 2026");
    expect(formatLongDate("2026-03-05", "Pacific/Pago_Pago")).toBe("March 5, 2026");
  });

  it("writes every calendar date as Intl's long US format does", () => {
    const intl = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    for (let day = Date.UTC(2024, 0, 1); day < Date.UTC(2025, 0, 1); day += 86_400_000) {
      const calendarDate = new Date(day).toISOString().slice(0, 10);
      expect(formatLongDate(calendarDate, "America/Chicago")).toBe(intl.format(new Date(day)));
    }
    expect(formatLongDate("0999-12-31", "America/Chicago")).toBe("December 31, 999");
  });

  it("writes an instant as the date it is in the hub's zone", () => {
    // 03:00 UTC on March 6 is still March 5 in Arkansas.
    expect(formatLongDate("2026-03-06T03:00:00Z", "America/Chicago")).toBe("March 5, 2026");
    expect(formatLongDate("2026-03-06T03:00:00Z", "Europe/Berlin")).toBe("March 6, 2026");
  });

  it("gives nothing for an unreadable date", () => {
    expect(formatLongDate("soon", "America/Chicago")).toBe("");
  });
});

describe("isoCalendarDate", () => {
  it("gives the date in the hub's zone", () => {
    expect(isoCalendarDate("2026-03-05", "America/Chicago")).toBe("2026-03-05");
    expect(isoCalendarDate("2026-03-06T03:00:00Z", "America/Chicago")).toBe("2026-03-05");
  });
});

describe("yearIn", () => {
  it("is the year in the hub's zone, not the server's", () => {
    // 03:00 UTC on New Year's Day is still the old year in Arkansas; 11:00 UTC on New Year's Eve is already the new one in Kiribati.
    expect(yearIn("America/Chicago", new Date("2027-01-01T03:00:00Z"))).toBe(2026);
    expect(yearIn("Pacific/Kiritimati", new Date("2026-12-31T11:00:00Z"))).toBe(2027);
  });
});

describe("isoWithOffset", () => {
  it("writes the instant in the hub's local time with its offset, daylight saving included", () => {
    expect(isoWithOffset("2026-03-06T00:00:00.000Z", "America/Chicago")).toBe("2026-03-05T18:00:00-06:00");
    expect(isoWithOffset("2026-07-06T23:00:00.000Z", "America/Chicago")).toBe("2026-07-06T18:00:00-05:00");
    expect(isoWithOffset("2026-07-06T23:00:00.000Z", "Asia/Kolkata")).toBe("2026-07-07T04:30:00+05:30");
  });
});
