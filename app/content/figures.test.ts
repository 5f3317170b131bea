import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { termsOfService } from "./legal";
import {
  bookingOptions,
  businessHours,
  meetingRoomPlans,
  meetingRooms,
  membership,
  membershipPlans,
  officePlans,
  officeSizes,
  thinkLounge,
  usd,
} from "./pricing";
import { coworking, eventSpaces, meetingRoomsPage, privateOffices } from "./spaces";

/** The hub's figures as the modules state them (docs/pages.md). */

describe("usd", () => {
  it("writes dollars as en-US does, with thousands separators", () => {
    for (const amount of [0, 25, 150, 999, 1000, 1250, 12500, 1234567, 49.5, -1500]) {
      expect(usd(amount)).toBe(`$${amount.toLocaleString("en-US", { maximumFractionDigits: 20 })}`);
    }
  });
});

const allText = (value: unknown): string => JSON.stringify(value);

describe("the hub's figures", () => {
  it("coworking and offices", () => {
    expect(membership.coworking).toMatchObject({ price: 50, hours: "8am-5pm Mon-Fri", meetingRoomHours: 2 });
    expect(membership.dedicatedDesk).toMatchObject({ price: 250, hours: "24/7", meetingRoomHours: 10 });
    expect(membership.privateOffice).toMatchObject({ price: 650, meetingRoomHours: 15 });
    expect(officeSizes.small).toEqual({ price: 650, people: "1-2", meetingRoomHours: 15 });
    expect(officeSizes.medium).toEqual({ price: 750, people: "2-3", meetingRoomHours: 15 });
    expect(officeSizes.large).toEqual({ price: 950, people: "4-5", meetingRoomHours: 20 });
    expect(membership.dayPass.price).toBe(25);
    expect(membership.leaseMonths).toBe(6);
  });

  it("the three plans: $50 coworking, $250 dedicated desk (most popular), $650 private office", () => {
    expect(membershipPlans.map((plan) => [plan.title, plan.price, plan.period, Boolean(plan.popular)])).toEqual([
      ["Coworking Membership", 50, "month", false],
      ["Dedicated Desk", 250, "month", true],
      ["Private Office", 650, "month", false],
    ]);
    expect(allText(membershipPlans[0])).toContain("8am-5pm Mon-Fri");
    expect(allText(membershipPlans[0])).toContain("2 hr/month");
    expect(allText(membershipPlans[1])).toContain("24/7");
    expect(allText(membershipPlans[1])).toContain("10 hr/month");
    expect(allText(membershipPlans[2])).toContain("15 hr/month");
    expect(officePlans.map((plan) => plan.price)).toEqual([650, 750, 950]);
    expect(officePlans.map((plan) => allText(plan))).toEqual([
      expect.stringContaining("1-2 people"),
      expect.stringContaining("2-3 people"),
      expect.stringContaining("4-5 people"),
    ]);
  });

  it("meeting rooms", () => {
    expect(meetingRooms).toEqual({
      pricePerHour: 50,
      focusRoomCapacity: "4",
      brainstormRoomCapacity: "8-10",
      fullRefundHours: 48,
    });
    expect(meetingRoomPlans.map((plan) => [plan.title, plan.price, plan.period])).toEqual([
      ["Focus Room", 50, "hour"],
      ["Brainstorm Room", 50, "hour"],
    ]);
    expect(allText(meetingRoomsPage.faqs)).toContain("48 hours ahead for a full refund");
  });

  it("the Think Lounge", () => {
    expect(thinkLounge).toMatchObject({
      theaterCapacity: 72,
      workshopCapacity: "40-50",
      hourlyRate: 150,
      minimumHours: 2,
      halfDay: { price: 350, originalPrice: 400, hours: 4 },
      fullDay: { price: 500, originalPrice: 700, hours: 8 },
      freeChangeDays: 7,
      lateCancellationHours: 48,
      priceRange: "$150-$550",
    });
    expect(bookingOptions.twoHourEvent).toMatchObject({ price: 150, period: "hour", duration: "2-hour minimum" });
    expect(bookingOptions.halfDay).toMatchObject({
      price: 350,
      originalPrice: 400,
      isPromo: true,
      duration: "Up to 4 hours",
    });
    expect(bookingOptions.fullDay).toMatchObject({
      price: 500,
      originalPrice: 700,
      isPromo: true,
      duration: "Up to 8 hours",
    });
    const faqs = allText(eventSpaces.faqs);
    expect(faqs).toContain("Up to 72 people theater style, and 40-50 in a workshop or classroom layout");
    expect(faqs).toContain("up to 7 days before your event");
    expect(faqs).toContain("within 48 hours of the event may incur a fee");
  });

  it("business hours", () => {
    expect(businessHours).toMatchObject({ opensAt: "08:00", closesAt: "17:00" });
  });

  it("the Terms keep their own 24-hour cancellation rule", () => {
    expect(allText(termsOfService)).toContain("cancelled at least 24 hours before");
  });
});

describe("one source for each figure", () => {
  const contentDir = import.meta.dirname;
  const appDir = path.resolve(contentDir, "..");
  const files = readdirSync(appDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) => !file.endsWith(path.join("content", "pricing.ts")) && !file.endsWith(path.join("content", "legal.ts")),
    );

  it("no other module writes one of the hub's figures as a literal", () => {
    const literal =
      /\$\s?(25|50|150|250|350|400|500|550|650|700|750|950)\b|\b(72|40-50|8-10|1-2|2-3|4-5) (people|guests)\b|\b(48|24) hours\b/;
    const offenders = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => literal.test(line) && !/^(\/\*|\*|\/\/)/.test(line.trim()))
        .map((line) => `${path.relative(appDir, file)}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });

  it("every page's copy states the same figures", () => {
    const copy = allText([coworking, privateOffices, meetingRoomsPage, eventSpaces]);
    for (const [wrong, why] of [
      [
        /\$(?!50\/month|250\/month|25\/day|50\/hour|650\/month|750\/month|950\/month|150\/hour|350 |500 )\d+/,
        "a price",
      ],
      [/up to (?!72|4 hours|8 hours|48 hours|\d+ days)\d+/i, "a capacity"],
    ] as const) {
      expect(copy.match(wrong)?.[0], why).toBeUndefined();
    }
  });
});
