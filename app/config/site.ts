import { meetingRooms, officeSizes, thinkLounge } from "~/content/pricing";

/**
 * The hub's identity: one place for its name, contact details, menus and external addresses.
 * The demo hub is fictional; replace these values with the real hub's details.
 */

export const site = {
  name: "Ozark Foundry",
  legalName: "Ozark Foundry Coworking & Innovation Hub",
  tagline: "Coworking & innovation in Batesville, Arkansas",
  description:
    "Coworking, private offices, meeting rooms and the Think Lounge event space in a restored foundry in downtown Batesville, Arkansas.",
  contact: {
    name: "Ozark Foundry",
    email: "hello@ozarkfoundry.example",
    phone: "(870) 555-0142",
    street: "118 Foundry Lane",
    city: "Batesville",
    state: "AR",
    zip: "72501",
  },
  geo: { latitude: 35.7698, longitude: -91.6409 },
  /** Business hours, as schema.org opening hours. */
  openingHours: { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "17:00" },
  memberPortalUrl: "https://members.ozarkfoundry.example/login",
  social: {
    facebook: "https://www.facebook.com/ozarkfoundry.example",
    instagram: "https://www.instagram.com/ozarkfoundry.example",
    linkedin: "https://www.linkedin.com/company/ozarkfoundry-example",
  },
} as const;

export type ContactDetails = typeof site.contact;

export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, "")}`;
}

export interface NavLink {
  label: string;
  /** A path inside the site, or an absolute URL for an external page (opened in a new tab). */
  to: string;
  description?: string;
}

export interface NavGroup {
  label: string;
  links: NavLink[];
}

export const spacesLinks: NavLink[] = [
  { label: "Coworking", to: "/coworking", description: "Flexible desks in a bright open studio" },
  {
    label: "Private Offices",
    to: "/private-offices",
    description: `Lockable offices for teams of ${officeSizes.small.people.split("-")[0]} to ${officeSizes.large.people.split("-")[1]}`,
  },
  {
    label: "Meeting Rooms",
    to: "/meeting-rooms",
    description: `Rooms for ${meetingRooms.focusRoomCapacity} to ${meetingRooms.brainstormRoomCapacity.split("-")[1]}, booked by the hour`,
  },
  {
    label: "Think Lounge",
    to: "/event-spaces",
    description: `Event space for up to ${thinkLounge.theaterCapacity} guests`,
  },
];

export const mainMenu: NavGroup[] = [
  { label: "Spaces", links: spacesLinks },
  {
    label: "Community",
    links: [
      { label: "Members", to: "/members", description: "The businesses that work here" },
      { label: "Events", to: "/events", description: "Workshops, meetups and open houses" },
      { label: "Blog", to: "/blog", description: "News and ideas from the hub" },
      { label: "Partners", to: "/partners", description: "Organisations we build with" },
    ],
  },
  {
    label: "Resources",
    links: [
      { label: "Book a Tour", to: "/tour", description: "See the space in person" },
      { label: "Member Portal", to: site.memberPortalUrl, description: "Bookings, billing and more" },
    ],
  },
  {
    label: "Company",
    links: [
      { label: "Gallery", to: "/gallery", description: "Photos of the building and spaces" },
      { label: "Contact", to: "/contact", description: "Questions, partnerships and press" },
    ],
  },
];

export const footerMenu: NavGroup[] = [
  { label: "Spaces", links: spacesLinks.map(({ label, to }) => ({ label, to })) },
  {
    label: "Company",
    links: [
      { label: "Book a Tour", to: "/tour" },
      { label: "Events", to: "/events" },
      { label: "Gallery", to: "/gallery" },
      { label: "Press", to: "/press" },
      { label: "Contact", to: "/contact" },
    ],
  },
  {
    label: "Legal",
    links: [
      { label: "Privacy Policy", to: "/privacy" },
      { label: "Terms of Service", to: "/terms" },
    ],
  },
];

/** Where the mobile menu's Pricing entry leads: the pricing section of the home page. */
export const pricingHref = "/#pricing";

export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

export function pageTitle(title?: string): string {
  return title ? `${title} | ${site.name}` : `${site.name}: ${site.tagline}`;
}
