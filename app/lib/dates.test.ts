import { describe, expect, it } from "vitest";
import { formatLongDate, isoCalendarDate } from "./dates";

describe("formatLongDate", () => {
  it("writes a calendar date in long US format, the same in every zone", () => {
    expect(formatLongDate("2026-03-05", "America/Chicago")).toBe("March 5, 2026");
    expect(formatLongDate("2026-03-05", "Pacific/Kiritimati")).toBe("March 5, 2026");
    expect(formatLongDate("2026-03-05", "Pacific/Pago_Pago")).toBe("March 5, 2026");
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
