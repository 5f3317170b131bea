import type { BookingOption, BookingOptionKey, PlanCard } from "./copy-types";

/**
 * Every price, capacity and hour the site states, defined once (docs/pages.md). Copy
 * elsewhere interpolates these; `figures.test.ts` checks them.
 */

/**
 * "$1,250". Written out rather than with `toLocaleString`: the first number a page formats through the
 * browser's locale data costs it tens of milliseconds, and these prices are formatted while the page's
 * modules start (the hydration trace, docs/performance.md).
 */
export function usd(amount: number): string {
  const [whole = "", fraction] = String(amount).split(".");
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction ? `.${fraction}` : ""}`;
}

export const businessHours = {
  days: "Monday to Friday",
  opens: "8am",
  closes: "5pm",
  opensAt: "08:00",
  closesAt: "17:00",
};

export const membership = {
  coworking: { price: 50, hours: "8am-5pm Mon-Fri", meetingRoomHours: 2 },
  dedicatedDesk: { price: 250, hours: "24/7", meetingRoomHours: 10 },
  privateOffice: { price: 650, meetingRoomHours: 15 },
  dayPass: { price: 25 },
  /** Office leases run from this many months. */
  leaseMonths: 6,
} as const;

export const officeSizes = {
  small: { price: 650, people: "1-2", meetingRoomHours: 15 },
  medium: { price: 750, people: "2-3", meetingRoomHours: 15 },
  large: { price: 950, people: "4-5", meetingRoomHours: 20 },
} as const;

export const meetingRooms = {
  pricePerHour: 50,
  focusRoomCapacity: "4",
  brainstormRoomCapacity: "8-10",
  /** Bookings cancelled at least this many hours ahead are refunded in full. */
  fullRefundHours: 48,
} as const;

export const thinkLounge = {
  theaterCapacity: 72,
  workshopCapacity: "40-50",
  hourlyRate: 150,
  minimumHours: 2,
  halfDay: { price: 350, originalPrice: 400, hours: 4 },
  fullDay: { price: 500, originalPrice: 700, hours: 8 },
  /** Free rescheduling or cancellation up to this many days before the event. */
  freeChangeDays: 7,
  /** Within this many hours of the event, a fee may apply. */
  lateCancellationHours: 48,
  /** The price range in structured data. */
  priceRange: "$150-$550",
} as const;

/** The three plans of the home and coworking pages. */
export const membershipPlans: PlanCard[] = [
  {
    title: "Coworking Membership",
    price: membership.coworking.price,
    period: "month",
    pricePrefix: "From",
    description: "A seat at the shared tables during business hours, with everything you need to get work done.",
    features: [
      `Access ${membership.coworking.hours}`,
      `${membership.coworking.meetingRoomHours} hr/month of meeting room time`,
      "Fast fiber Wi-Fi, coffee and tea",
      "Member events and the community board",
    ],
    buttonText: "Book a Tour",
    to: "/tour",
  },
  {
    title: "Dedicated Desk",
    price: membership.dedicatedDesk.price,
    period: "month",
    pricePrefix: "From",
    description: "Your own desk and chair on the coworking floor, set up the way you like it, any hour of the day.",
    features: [
      `${membership.dedicatedDesk.hours} access with your own key card`,
      `${membership.dedicatedDesk.meetingRoomHours} hr/month of meeting room time`,
      "Lockable storage at your desk",
      "Mail and package handling",
    ],
    buttonText: "Book a Tour",
    to: "/tour",
    popular: true,
  },
  {
    title: "Private Office",
    price: membership.privateOffice.price,
    period: "month",
    pricePrefix: "From",
    description: "A furnished, lockable office for your team, with the whole building's amenities around it.",
    features: [
      "24/7 access for your whole team",
      `${membership.privateOffice.meetingRoomHours} hr/month of meeting room time`,
      "Furnished, with room to grow",
      `Leases from ${membership.leaseMonths} months`,
    ],
    buttonText: "See Private Offices",
    to: "/private-offices",
  },
];

/** The three office sizes of the private offices page. */
export const officePlans: PlanCard[] = [
  {
    title: "Small Office",
    price: officeSizes.small.price,
    period: "month",
    pricePrefix: "From",
    description: `For ${officeSizes.small.people} people: a quiet room of your own for focused work and calls.`,
    features: [
      `Fits ${officeSizes.small.people} people`,
      `${officeSizes.small.meetingRoomHours} hr/month of meeting room time`,
      "24/7 access",
      "Desks, chairs and storage included",
    ],
    buttonText: "Book a Tour",
    to: "/tour",
  },
  {
    title: "Medium Office",
    price: officeSizes.medium.price,
    period: "month",
    pricePrefix: "From",
    description: `For ${officeSizes.medium.people} people: room for a small team to work side by side.`,
    features: [
      `Fits ${officeSizes.medium.people} people`,
      `${officeSizes.medium.meetingRoomHours} hr/month of meeting room time`,
      "24/7 access",
      "A whiteboard wall and extra storage",
    ],
    buttonText: "Book a Tour",
    to: "/tour",
    popular: true,
  },
  {
    title: "Large Office",
    price: officeSizes.large.price,
    period: "month",
    pricePrefix: "From",
    description: `For ${officeSizes.large.people} people: a team office with space to meet without booking a room.`,
    features: [
      `Fits ${officeSizes.large.people} people`,
      `${officeSizes.large.meetingRoomHours} hr/month of meeting room time`,
      "24/7 access",
      "Window light and a small meeting table",
    ],
    buttonText: "Book a Tour",
    to: "/tour",
  },
];

/** The two meeting rooms. */
export const meetingRoomPlans: PlanCard[] = [
  {
    title: "Focus Room",
    price: meetingRooms.pricePerHour,
    period: "hour",
    pricePrefix: "From",
    description: `A calm room for up to ${meetingRooms.focusRoomCapacity}: client meetings, interviews and video calls.`,
    features: [
      `Seats ${meetingRooms.focusRoomCapacity}`,
      "Wall screen with HDMI and wireless casting",
      "Conference camera and speakerphone",
      "Whiteboard and markers",
    ],
    buttonText: "Inquire About Booking",
    to: "/contact",
  },
  {
    title: "Brainstorm Room",
    price: meetingRooms.pricePerHour,
    period: "hour",
    pricePrefix: "From",
    description: `Room for ${meetingRooms.brainstormRoomCapacity} around one long table, for workshops, planning days and board meetings.`,
    features: [
      `Seats ${meetingRooms.brainstormRoomCapacity}`,
      "75-inch display and video conferencing",
      "Floor-to-ceiling whiteboard wall",
      "Coffee and water service",
    ],
    buttonText: "Inquire About Booking",
    to: "/contact",
  },
];

/** The Think Lounge booking options (docs/pages.md). */
export const bookingOptions: Record<BookingOptionKey, BookingOption> = {
  twoHourEvent: {
    title: "Two-Hour Event",
    description: "Talks, meetups, launches and receptions: the room set your way, with AV ready.",
    price: thinkLounge.hourlyRate,
    period: "hour",
    duration: `${thinkLounge.minimumHours}-hour minimum`,
    calendarId: "think-lounge-two-hour",
  },
  fullDay: {
    title: "Full Day",
    description: "Conferences, trainings and all-day workshops, with the catering kitchen at hand.",
    price: thinkLounge.fullDay.price,
    originalPrice: thinkLounge.fullDay.originalPrice,
    isPromo: true,
    period: "day",
    duration: `Up to ${thinkLounge.fullDay.hours} hours`,
    calendarId: "think-lounge-full-day",
  },
  halfDay: {
    title: "Half Day",
    description: "Morning or afternoon sessions: workshops, retreats and classes.",
    price: thinkLounge.halfDay.price,
    originalPrice: thinkLounge.halfDay.originalPrice,
    isPromo: true,
    period: "half day",
    duration: `Up to ${thinkLounge.halfDay.hours} hours`,
    calendarId: "think-lounge-half-day",
  },
};

/** The order the cards are shown in. */
export const bookingOptionOrder: BookingOptionKey[] = ["twoHourEvent", "fullDay", "halfDay"];

export const limitedTimeOffer = `Limited-time offer: book a half or full day in the Think Lounge and save up to ${usd(
  thinkLounge.fullDay.originalPrice - thinkLounge.fullDay.price,
)}.`;

/** The calendar for free tours (the /tour page's booking widget). */
export const tourCalendarId = "tour";
