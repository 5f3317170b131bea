import type { LucideIcon } from "lucide-react";
import { Briefcase, CalendarDays, Handshake, Laptop } from "lucide-react";
import { thinkLounge } from "./pricing";

export interface PathwayCard {
  icon: LucideIcon;
  title: string;
  description: string;
  to: string;
  linkLabel: string;
}

/** The four "what brings you here" cards on the home page (SPEC.md, home item 2). */
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
