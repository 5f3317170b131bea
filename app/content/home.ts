import type { LucideIcon } from "lucide-react";
import {
  Briefcase,
  CalendarDays,
  Coffee,
  Handshake,
  KeyRound,
  Laptop,
  Presentation,
  Sparkles,
  Wifi,
} from "lucide-react";
import { meetingRooms, membership, thinkLounge, usd } from "./pricing";
import type { Feature } from "./copy-types";

export interface PathwayCard {
  icon: LucideIcon;
  title: string;
  description: string;
  to: string;
  linkLabel: string;
}

/** The home page's "what brings you here" cards (docs/pages.md). */
export const pathways: PathwayCard[] = [
  {
    icon: Laptop,
    title: "Work Remotely",
    description: "Trade the kitchen table for a real desk, fast Wi-Fi and people to eat lunch with.",
    to: "/coworking",
    linkLabel: "Explore coworking",
  },
  {
    icon: Briefcase,
    title: "Grow Your Business",
    description: "Private, lockable offices for teams of one to five, ready when you are.",
    to: "/private-offices",
    linkLabel: "See private offices",
  },
  {
    icon: CalendarDays,
    title: "Host or Attend Events",
    description: `Workshops, meetups and celebrations in the Think Lounge, for up to ${thinkLounge.theaterCapacity} guests.`,
    to: "/event-spaces",
    linkLabel: "Discover the Think Lounge",
  },
  {
    icon: Handshake,
    title: "Meet with Clients",
    description: "Professional meeting rooms with screens and whiteboards, booked by the hour.",
    to: "/meeting-rooms",
    linkLabel: "View meeting rooms",
  },
];

/** The six feature cards of the home page. */
export const homeFeatures: Feature[] = [
  {
    icon: Wifi,
    title: "Gigabit fiber",
    description: "Fast, reliable internet with wired ports and private phone booths.",
  },
  { icon: Coffee, title: "Café and kitchen", description: "Local coffee, a café island and a kitchen for lunch." },
  {
    icon: KeyRound,
    title: "Access that fits",
    description: `Business hours, or ${membership.dedicatedDesk.hours} with a desk or office.`,
  },
  {
    icon: Presentation,
    title: "Meeting rooms",
    description: `Two professional rooms from ${usd(meetingRooms.pricePerHour)}/hour.`,
  },
  {
    icon: Sparkles,
    title: "Events and workshops",
    description: "Founders' breakfasts, workshops and meetups every month.",
  },
  {
    icon: Briefcase,
    title: "Business address",
    description: "Mail, packages and a front desk that greets your clients.",
  },
];

/** The Think Lounge promotion on the home page. */
export const thinkLoungePromo = {
  eyebrow: "Event space",
  title: "Host it in the Think Lounge",
  description: `A flexible room for up to ${thinkLounge.theaterCapacity} guests with premium AV, a catering kitchen next door and a team that helps your event run smoothly. From ${usd(thinkLounge.hourlyRate)}/hour.`,
  highlights: [
    `Up to ${thinkLounge.theaterCapacity} guests theater style`,
    "Premium AV and sound",
    "Catering kitchen next door",
  ],
  buttonText: "Explore the Think Lounge",
  to: "/event-spaces",
  /** The `siteImage` key of its picture (docs/content.md). */
  imageKey: "home-think-lounge",
};
