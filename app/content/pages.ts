import { site } from "~/config/site";
import type { SiteImageName } from "./site-images";
import { type PageKey, registeredPage } from "./page-registry";
import { membership, thinkLounge, usd } from "./pricing";

/**
 * Each page's hero: its content slug (the `PageHero.slug` in the content service), heading,
 * description (also the page's meta description) and fallback background.
 */
export interface PageIntro {
  slug: string;
  path: string;
  /** The document title's page name; defaults to the heading. */
  documentTitle?: string;
  heading: string;
  description: string;
  fallback: SiteImageName;
}

export const pages = {
  home: {
    ...registeredPage("home"),
    description:
      "Coworking desks, private offices, meeting rooms and the Think Lounge event space, all under one restored foundry roof in downtown Batesville, Arkansas.",
    fallback: "home",
  },
  tour: {
    ...registeredPage("tour"),
    documentTitle: "Book a Tour",
    description:
      "See the desks, offices, meeting rooms and Think Lounge for yourself. Tours take about 20 minutes, and the coffee is on us.",
    fallback: "spaces",
  },
  members: {
    ...registeredPage("members"),
    documentTitle: "Members",
    description:
      "Founders, freelancers, nonprofits and growing teams call Ozark Foundry home. Meet the businesses working under our roof.",
    fallback: "community",
  },
  coworking: {
    ...registeredPage("coworking"),
    description: `A bright, focused place to work with fast Wi-Fi, good coffee and neighbors worth knowing. Memberships from ${usd(membership.coworking.price)} a month.`,
    fallback: "spaces",
  },
  privateOffices: {
    ...registeredPage("privateOffices"),
    description:
      "Lockable, furnished offices for teams of one to five, with meeting-room hours and 24/7 access included.",
    fallback: "spaces",
  },
  meetingRooms: {
    ...registeredPage("meetingRooms"),
    description:
      "Two professional rooms for client meetings, interviews and workshops: the Focus room for four and the Brainstorm room for eight to ten.",
    fallback: "spaces",
  },
  eventSpaces: {
    ...registeredPage("eventSpaces"),
    documentTitle: "Think Lounge Event Space",
    description: `A flexible event space for up to ${thinkLounge.theaterCapacity} guests with premium AV, a catering kitchen and a team that helps your event run smoothly.`,
    fallback: "spaces",
  },
  blog: {
    ...registeredPage("blog"),
    description: "Stories, tips and news from the Ozark Foundry community.",
    fallback: "community",
  },
  partners: {
    ...registeredPage("partners"),
    description:
      "The schools, businesses and community organisations that help us grow entrepreneurship in Independence County.",
    fallback: "community",
  },
  contact: {
    ...registeredPage("contact"),
    documentTitle: "Contact",
    description:
      "Questions about membership, offices, events or partnerships? Send us a note and we'll get back to you.",
    fallback: "company",
  },
  gallery: {
    ...registeredPage("gallery"),
    documentTitle: "Gallery",
    description:
      "Take a look around the building: workspaces, the Think Lounge, the exterior and the renovation story.",
    fallback: "company",
  },
  press: {
    ...registeredPage("press"),
    description: `News about ${site.name}, photos of the building and interviews with our team. For press enquiries, write to ${site.contact.email}.`,
    fallback: "company",
  },
  privacy: {
    ...registeredPage("privacy"),
    documentTitle: "Privacy Policy",
    description: "What this website collects, why, and what we do with it.",
    fallback: "legal",
  },
  terms: {
    ...registeredPage("terms"),
    documentTitle: "Terms of Service",
    description: "The terms that apply to our website, memberships and bookings.",
    fallback: "legal",
  },
  events: {
    ...registeredPage("events"),
    description: "Workshops, meetups, open houses and community gatherings at Ozark Foundry.",
    fallback: "community",
  },
} satisfies Record<PageKey, PageIntro>;
