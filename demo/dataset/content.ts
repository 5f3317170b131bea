/** Success stories, partners and page heroes for the demo hub. All people and organisations are fictional. */
import { videoAssetUrl } from "../../scripts/demo-images/catalog.ts";

export interface StoryDef {
  title: string;
  description: string;
  videoURL?: string;
  quote: string;
  authorName: string;
  authorRole: string;
  companyName: string;
  benefits: string[];
  pageSlugs: string[];
  created: string;
}

/** In order: story-1 … story-6 (the featured image of story n is asset `story-n`). */
export const stories: StoryDef[] = [
  {
    title: "A Sold-Out Workshop Series in the Think Lounge",
    description:
      "Delta Bloom Marketing needed a room that could hold sixty small-business owners, laptops and all, for a six-week digital marketing series. The Think Lounge was set with workshop tables each week, the AV was tested before the team arrived, and lunch came straight from the catering kitchen next door. Every session sold out.",
    videoURL: videoAssetUrl("video-story-delta-bloom"),
    quote: "We walked in with a laptop and a box of name tags. Everything else was already done, every single week.",
    authorName: "Renee Castillo",
    authorRole: "Founder",
    companyName: "Delta Bloom Marketing",
    benefits: [
      "Workshop tables for 60, set before we arrived",
      "Screen, sound and microphones tested every week",
      "Catering kitchen right next door",
    ],
    pageSlugs: ["event-spaces"],
    created: "2025-06-12T15:20:00.000Z",
  },
  {
    title: "A Credit Union Board Finds Room to Think",
    description:
      "Pinecrest Community Credit Union used to hold its quarterly board retreat in a hotel conference room an hour away. Now the board meets in the Brainstorm room in the morning and moves to the Think Lounge for its member forum in the afternoon, without leaving Batesville.",
    quote: "Our board spends less time on the road and more time on the decisions that matter to our members.",
    authorName: "Harold Nyberg",
    authorRole: "Board Chair",
    companyName: "Pinecrest Community Credit Union",
    benefits: [
      "Brainstorm room for ten with video conferencing",
      "Think Lounge for the afternoon member forum",
      "Coffee, lunch and parking handled in one place",
    ],
    pageSlugs: ["home", "meeting-rooms", "event-spaces"],
    created: "2025-08-04T16:05:00.000Z",
  },
  {
    title: "From the Kitchen Table to a Community Table",
    description:
      "After two years of freelancing from home, developer Tessa Morgan was productive but lonely. A dedicated desk on the coworking floor gave her a routine, faster internet than her rural connection and, unexpectedly, three new clients who sit within twenty feet of her.",
    quote: "I came for the fiber connection. I stayed because the people at my table became my colleagues.",
    authorName: "Tessa Morgan",
    authorRole: "Independent Software Developer",
    companyName: "Morgan Build Co.",
    benefits: [
      "A dedicated desk by the windows",
      "Reliable fiber internet and phone booths for client calls",
      "Referrals from other members",
    ],
    pageSlugs: ["home", "coworking"],
    created: "2025-09-22T14:40:00.000Z",
  },
  {
    title: "A Survey Crew Finds Its Home Base",
    description:
      "Ridgeway Land Surveying spends most days in the field, but its crew needs somewhere to process data, store equipment and meet landowners. A furnished private office gave the five-person team a lockable base with room for plotters, plus meeting rooms for client sign-offs.",
    videoURL: videoAssetUrl("video-story-ridgeway"),
    quote: "We finally have a front door our clients can find, and a place to dry our boots.",
    authorName: "Caleb Ortiz",
    authorRole: "Principal Surveyor",
    companyName: "Ridgeway Land Surveying",
    benefits: [
      "A lockable, furnished office for five",
      "Secure storage for survey equipment",
      "Meeting rooms for client sign-offs",
    ],
    pageSlugs: ["private-offices"],
    created: "2025-11-03T15:55:00.000Z",
  },
  {
    title: "Confidential Client Meetings, Without the Overhead",
    description:
      "Grace Hollis runs a one-person financial planning practice. Instead of leasing a full office she books the Focus room for client reviews: a quiet, professional room with a screen for walking through plans, and a front desk that greets clients by name.",
    quote: "My clients get a private, professional room, and I only pay for the hours I use it.",
    authorName: "Grace Hollis",
    authorRole: "Certified Financial Planner",
    companyName: "Hollis Financial Planning",
    benefits: [
      "A private Focus room booked by the hour",
      "A screen for reviewing plans with clients",
      "Reception that welcomes clients on arrival",
    ],
    pageSlugs: ["meeting-rooms"],
    created: "2026-01-19T16:30:00.000Z",
  },
  {
    title: "Growing from One Desk to a Team Office",
    description:
      "Fieldnote Apps started with a single hot desk in 2025. As the team grew, it moved to a dedicated desk, then a two-person office and finally a four-person suite, all on flexible terms and without ever changing its address.",
    quote: "We grew four times over in a year and never had to think about moving. The space grew with us.",
    authorName: "Sam Whitaker",
    authorRole: "Co-founder & CEO",
    companyName: "Fieldnote Apps",
    benefits: [
      "Flexible terms to move up as the team grew",
      "Same address from first desk to team office",
      "Mentors and investors met at hub events",
    ],
    pageSlugs: ["home", "coworking", "private-offices"],
    created: "2026-05-11T15:10:00.000Z",
  },
];

export interface PartnerDef {
  /** Number of the partner's logo asset (`partner-logo-n`). */
  logo: number;
  name: string;
  type: "community" | "corporate" | "education";
  description: string;
  longDescription: string;
  website: string;
  location: string;
  partnerSince: string;
  benefits: string[];
  initiatives: string[];
  featured: boolean;
  order: number;
  created: string;
}

export const partners: PartnerDef[] = [
  {
    logo: 3,
    name: "Sycamore Bank & Trust",
    type: "corporate",
    description: "A community bank serving the White River valley since 1961, and our founding corporate partner.",
    longDescription:
      "Sycamore Bank & Trust backed the foundry restoration when it was still a roofless shell, and its small business team now keeps regular office hours at the hub. Members can talk through loans, merchant services and cash-flow planning over coffee instead of across a desk, and the bank sponsors our Startup Pitch Night prize each season.",
    website: "https://sycamorebank.example",
    location: "Batesville, AR",
    partnerSince: "2023",
    benefits: [
      "Monthly small business banking office hours",
      "Preferred rates on first business loans for members",
      "Sponsorship of the Pitch Night prize fund",
    ],
    initiatives: ["Startup Pitch Night", "Cash-Flow Clinic workshop series", "Main Street storefront grants"],
    featured: true,
    order: 1,
    created: "2024-12-12T16:00:00.000Z",
  },
  {
    logo: 5,
    name: "Foothills Technical College",
    type: "education",
    description:
      "A two-year technical college offering continuing education and workforce training across north-central Arkansas.",
    longDescription:
      "Foothills Technical College brings its continuing education courses into the Think Lounge and coworking floor, so working adults can learn where they already work. Its instructors lead our grant-writing clinics and web design workshops, and its students join members for internships with local businesses every spring.",
    website: "https://foothillstech.example",
    location: "Batesville, AR",
    partnerSince: "2024-01-15",
    benefits: [
      "Continuing education courses held on site",
      "Student interns matched with member businesses",
      "Free grant-writing clinics for members",
    ],
    initiatives: ["Spring internship program", "Small Business Grants workshop", "Web Design for Small Business"],
    featured: true,
    order: 2,
    created: "2024-12-16T15:30:00.000Z",
  },
  {
    logo: 1,
    name: "Riverbend Makers Collective",
    type: "community",
    description: "A volunteer-run woodshop and maker space whose members built our reception desk and café stools.",
    longDescription:
      "Riverbend Makers Collective has shared tools, skills and shop time with Batesville makers for more than a decade. During the renovation its members salvaged timber from the old foundry and turned it into the reception desk and café stools. Today the collective runs hands-on evening classes at the hub and sells members' work at our seasonal markets.",
    website: "https://riverbendmakers.example",
    location: "Batesville, AR",
    partnerSince: "2022",
    benefits: [
      "Discounted shop memberships for hub members",
      "Custom furniture and signage for member businesses",
      "Evening maker classes in the Think Lounge",
    ],
    initiatives: ["Seasonal makers' market", "Reclaimed-timber furniture project"],
    featured: false,
    order: 3,
    created: "2024-12-19T17:45:00.000Z",
  },
  {
    logo: 4,
    name: "Lakeline Fiber",
    type: "corporate",
    description:
      "A regional fiber internet provider that connects the hub and helps members get faster service at home.",
    longDescription:
      "Lakeline Fiber built the dedicated fiber line that powers the hub's coworking floor, podcast studio and event livestreams. The company gives members priority installation at home, offers a discounted business plan for growing teams and co-hosts our yearly tech meetup on rural connectivity.",
    website: "https://lakelinefiber.example",
    location: "Searcy, AR",
    partnerSince: "2024-08-01",
    benefits: [
      "Dedicated fiber connection for the whole building",
      "Priority home installation for members",
      "Discounted business internet plans",
    ],
    initiatives: ["Rural connectivity tech meetup", "Livestream kit for community events", "Home office setup clinics"],
    featured: false,
    order: 4,
    created: "2025-01-08T14:20:00.000Z",
  },
  {
    logo: 2,
    name: "Ozark Trailhead Business Network",
    type: "community",
    description: "A peer network of independent business owners across the Ozark foothills.",
    longDescription:
      "The Ozark Trailhead Business Network connects owners of small and family businesses from Mountain View to Batesville. Its monthly breakfast meets in the Foundry Café, its mentors pair with first-time founders, and its members get a warm introduction to the hub whenever they need a meeting room in town.",
    website: "https://ozarktrailhead.example",
    location: "Mountain View, AR",
    partnerSince: "2021",
    benefits: [
      "Monthly founders' breakfast in the café",
      "One-to-one mentoring for new members",
      "Meeting room credits for network members",
    ],
    initiatives: ["Founders' Breakfast", "Women in Business Lunch"],
    featured: false,
    order: 5,
    created: "2025-02-03T16:10:00.000Z",
  },
  {
    logo: 6,
    name: "Code Current Youth Lab",
    type: "education",
    description: "A nonprofit after-school program that teaches teenagers to code, design and build.",
    longDescription:
      "Code Current Youth Lab runs after-school and summer programs for students aged 12 to 18. Twice a week the lab takes over the Brainstorm room and part of the coworking floor, and hub members volunteer as mentors, guest speakers and demo-day judges. Several alumni have gone on to paid internships with member companies.",
    website: "https://codecurrent.example",
    location: "Batesville, AR",
    partnerSince: "2025-03-01",
    benefits: [
      "Volunteer mentoring opportunities for members",
      "A pipeline of young local talent",
      "Community service hours for member teams",
    ],
    initiatives: ["Summer build camp", "Student demo day", "Community cleanup day"],
    featured: false,
    order: 6,
    created: "2025-03-04T15:00:00.000Z",
  },
];

/** Page hero slug and the asset used as its background. */
export const PAGE_HEROES: [string, string][] = [
  ["home", "hero-home"],
  ["tour", "hero-tour"],
  ["members", "hero-members"],
  ["coworking", "hero-coworking"],
  ["private-offices", "hero-private-offices"],
  ["meeting-rooms", "hero-meeting-rooms"],
  ["event-spaces", "hero-event-spaces"],
  ["blog", "hero-blog"],
  ["blog-post", "hero-blog-post"],
  ["partners", "hero-partners"],
  ["contact", "hero-contact"],
  ["gallery", "hero-gallery"],
  ["press", "hero-press"],
  ["privacy", "hero-legal"],
  ["terms", "hero-legal"],
  ["events", "hero-events"],
];

/**
 * The site's own pictures that editors can change: `siteImage` entries, each a slot `key` the site
 * asks for and the asset shown in it. In order: the three benefits of each space page, then the home
 * page's Think Lounge promotion.
 */
export const SITE_IMAGES: [key: string, assetId: string][] = [
  ...["coworking", "private-offices", "meeting-rooms", "event-spaces"].flatMap((page) =>
    [1, 2, 3].map((n): [string, string] => [`benefit-${page}-${n}`, `benefit-${page}-${n}`]),
  ),
  ["home-think-lounge", "benefit-event-spaces-2"],
];

/**
 * The site's video tours (`siteVideo` entries): the key the site asks for, the editor's title, and
 * the demo clip uploaded for it.
 */
export const SITE_VIDEOS: { key: string; title: string; videoAssetId: string }[] = [
  { key: "coworking-floor", title: "Coworking: a morning on the floor", videoAssetId: "video-tour-coworking-floor" },
  { key: "coworking-members", title: "Coworking: meet the members", videoAssetId: "video-tour-members" },
  {
    key: "private-offices-suite",
    title: "Private offices: inside a suite",
    videoAssetId: "video-tour-private-offices",
  },
  { key: "meeting-rooms", title: "Meeting rooms: Focus and Brainstorm", videoAssetId: "video-tour-meeting-rooms" },
  { key: "think-lounge", title: "Think Lounge: virtual tour", videoAssetId: "video-tour-think-lounge" },
];
