/**
 * Every demo image: which scene renders it, its sizes and byte budgets, and (for Contentful assets)
 * its asset id, title and description. Shared by the image generator and the dataset builder.
 */
import { createHash } from "node:crypto";
import { partnerLogos } from "./logos.ts";

export type Time = "morning" | "day" | "golden" | "evening" | "night";

export interface Render {
  scene: string;
  variant: number;
  time?: Time;
  people?: number;
  seed?: number;
  look?: Record<string, unknown>;
}

export interface ContentfulImage extends Render {
  id: string;
  title: string;
  description: string;
  width: number;
  height: number;
  /** Width variants written beside the master. */
  widths: number[];
}

export const SPACE = "demohub";
export const ASSETS_HOST = "images.ctfassets.net";

/** A fixed 32-hex-character token per asset, as in Contentful's asset URLs. */
export function assetToken(id: string): string {
  return createHash("md5").update(`${SPACE}/${id}`).digest("hex");
}

export function seedOf(id: string): number {
  return createHash("sha256").update(id).digest().readUInt32BE(0);
}

/** Byte budgets per output width (KB). */
export const BUDGET_KB: Record<number, number> = { 1920: 160, 1280: 90, 1200: 110, 960: 60, 800: 60, 640: 35, 480: 28 };

const HERO = { width: 1920, height: 1080, widths: [640, 800, 960, 1280] };
const WIDE = { width: 1200, height: 800, widths: [480, 800] };
const STD = { width: 1200, height: 900, widths: [480, 800] };

function hero(id: string, r: Render, title: string, description: string): ContentfulImage {
  return { id, title, description, ...HERO, ...r };
}
function wide(id: string, r: Render, title: string, description: string): ContentfulImage {
  return { id, title, description, ...WIDE, ...r };
}
function std(id: string, r: Render, title: string, description: string): ContentfulImage {
  return { id, title, description, ...STD, ...r };
}

export const heroImages: ContentfulImage[] = [
  hero(
    "hero-home",
    { scene: "coworking", variant: 0, time: "day", people: 3 },
    "Coworking floor in the restored foundry",
    "Sunlit coworking floor at Ozark Foundry: long oak tables, teal pendant lights and tall steel-framed windows along an exposed brick wall.",
  ),
  hero(
    "hero-tour",
    { scene: "reception", variant: 0, time: "day" },
    "Reception at Ozark Foundry",
    "The reception desk in front of the backlit Ozark Foundry sign, with globe pendants and window light falling across the polished concrete floor.",
  ),
  hero(
    "hero-members",
    { scene: "coworking", variant: 1, time: "golden", people: 4 },
    "Members at work in the afternoon",
    "Members working at shared tables on the coworking floor in warm late-afternoon light.",
  ),
  hero(
    "hero-coworking",
    { scene: "coworking", variant: 2, time: "morning", people: 3 },
    "Coworking tables in the morning",
    "A low view along the coworking tables with laptops open and morning light coming through the factory windows.",
  ),
  hero(
    "hero-private-offices",
    { scene: "offices", variant: 0, time: "day", people: 2 },
    "Private office suites",
    "A corridor of glass-fronted private offices beside an exposed brick wall, each office with its own desk, shelves and plants.",
  ),
  hero(
    "hero-meeting-rooms",
    { scene: "meeting", variant: 0, time: "day", people: 0 },
    "The Brainstorm meeting room",
    "The Brainstorm room: a long walnut table for ten facing a wall-mounted screen, with a teal accent wall and a whiteboard.",
  ),
  hero(
    "hero-event-spaces",
    { scene: "eventSpace", variant: 0, time: "day", people: 0 },
    "The Think Lounge set for a talk",
    "The Think Lounge set theatre-style, with rows of teal chairs facing the stage, a large screen and the Think Lounge sign.",
  ),
  hero(
    "hero-events",
    { scene: "eventSpace", variant: 1, time: "evening", people: 3 },
    "An evening talk in the Think Lounge",
    "An evening talk in the Think Lounge: a speaker on stage and an audience seated in rows beneath strings of café lights.",
  ),
  hero(
    "hero-blog",
    { scene: "cafe", variant: 0, time: "day", people: 2 },
    "The Foundry Café",
    "The Foundry Café: an oak island with leather stools, globe pendant lights and a teal kitchen counter with open shelves.",
  ),
  hero(
    "hero-blog-post",
    { scene: "lounge", variant: 0, time: "day", people: 1 },
    "The reading lounge",
    "A quiet lounge corner with a sofa, two armchairs, a wall of bookshelves and a big paper globe light.",
  ),
  hero(
    "hero-partners",
    { scene: "exterior", variant: 0, time: "golden", people: 2 },
    "Ozark Foundry at golden hour",
    "The three-storey brick Ozark Foundry building on Foundry Lane at golden hour, with its painted sign and tall chimney.",
  ),
  hero(
    "hero-contact",
    { scene: "exterior", variant: 1, time: "golden", people: 2 },
    "Front entrance on Foundry Lane",
    "The front entrance at 118 Foundry Lane, with planters either side of the glass doors and warm light in the windows.",
  ),
  hero(
    "hero-gallery",
    { scene: "coworking", variant: 3, time: "day", people: 4 },
    "The coworking floor from the mezzanine",
    "Looking down over the coworking floor from the mezzanine: rows of tables beneath timber beams and pendant lights.",
  ),
  hero(
    "hero-press",
    { scene: "podcast", variant: 0, people: 2 },
    "The podcast studio",
    "The podcast studio: microphones on boom arms around a walnut table, acoustic panels on the walls and a glowing ON AIR sign.",
  ),
  hero(
    "hero-legal",
    { scene: "booths", variant: 1, time: "morning", people: 1 },
    "Phone booths in the quiet corridor",
    "A row of colourful phone booths along a quiet, sunlit brick corridor.",
  ),
];

/** Blog post slugs and their featured images. */
export const blogImages: ContentfulImage[] = [
  wide(
    "blog-how-we-restored-the-foundry",
    { scene: "construction", variant: 0, people: 2 },
    "The foundry hall during renovation",
    "The gutted foundry hall during renovation, with scaffolding along one wall, steel trusses overhead and shafts of sunlight through the old windows.",
  ),
  wide(
    "blog-remote-work-rhythms",
    { scene: "coworking", variant: 4, time: "day", people: 3 },
    "Window-side desks on the coworking floor",
    "Remote workers at a long table by the windows, laptops open, with pendant lights overhead.",
  ),
  wide(
    "blog-think-lounge-now-booking",
    { scene: "eventSpace", variant: 2, time: "golden", people: 0 },
    "The Think Lounge seen from the stage",
    "The Think Lounge seen from beside the stage: rows of chairs, brick walls and late sun through the tall windows.",
  ),
  wide(
    "blog-launching-the-podcast-studio",
    { scene: "podcast", variant: 1, people: 2 },
    "Recording in the podcast studio",
    "Two hosts recording at the walnut table in the podcast studio, with acoustic panels and a warm pendant light.",
  ),
  wide(
    "blog-grant-season-guide",
    { scene: "meeting", variant: 3, time: "day", people: 2 },
    "Planning in the Focus room",
    "Two people working through paperwork at the round table in the four-person Focus room.",
  ),
  wide(
    "blog-meetings-worth-attending",
    { scene: "meeting", variant: 1, time: "day", people: 3 },
    "A team meeting in the Brainstorm room",
    "A team meeting around the long table in the Brainstorm room, a chart on the screen at the end of the room.",
  ),
  wide(
    "blog-startup-pitch-night-recap",
    { scene: "eventSpace", variant: 3, time: "evening", people: 4 },
    "Startup Pitch Night in the Think Lounge",
    "A founder pitching on the Think Lounge stage to a full room on Startup Pitch Night.",
  ),
  wide(
    "blog-coworking-vs-coffee-shop",
    { scene: "cafe", variant: 1, time: "morning", people: 3 },
    "Morning at the Foundry Café",
    "Members having coffee at the café island and tables on a bright morning.",
  ),
  wide(
    "blog-first-year-in-a-private-office",
    { scene: "officeInterior", variant: 0, time: "day", people: 1 },
    "A private office by the window",
    "A private office with a walnut desk facing a steel-framed window, shelves, an armchair and plants.",
  ),
  wide(
    "blog-white-river-remote-workers",
    { scene: "exterior", variant: 2, time: "morning", people: 3 },
    "Foundry Lane on a spring morning",
    "Foundry Lane on a spring morning, with street trees in leaf in front of the brick foundry building.",
  ),
  wide(
    "blog-fall-at-the-foundry-2026",
    { scene: "exterior", variant: 3, time: "golden", people: 2 },
    "Autumn on Foundry Lane",
    "Autumn trees in orange and gold along Foundry Lane, with warm light in the foundry's windows.",
  ),
];

export const embeddedImages: ContentfulImage[] = [
  wide(
    "blog-embedded-scaffolding",
    { scene: "scaffold", variant: 0, people: 2 },
    "Scaffolding on the facade in 2024",
    "Scaffolding across the brick facade during the 2024 restoration, with boarded-up windows waiting for new steel frames.",
  ),
];

export const storyImages: ContentfulImage[] = [
  wide(
    "story-1",
    { scene: "eventSpace", variant: 4, time: "day", people: 3 },
    "Workshop tables in the Think Lounge",
    "The Think Lounge set with workshop tables, participants working on laptops during a hands-on session.",
  ),
  wide(
    "story-2",
    { scene: "meeting", variant: 2, time: "golden", people: 3 },
    "A board meeting in the Brainstorm room",
    "A board meeting around the long table in the Brainstorm room in late-afternoon light.",
  ),
  wide(
    "story-3",
    { scene: "coworking", variant: 5, time: "day", people: 2 },
    "A regular seat on the coworking floor",
    "A view down the centre aisle of the coworking floor with members at the tables.",
  ),
  wide(
    "story-4",
    { scene: "officeInterior", variant: 1, time: "day", people: 1 },
    "A team office with a teal wall",
    "A private team office with a teal feature wall, a desk by the window and full bookshelves.",
  ),
  wide(
    "story-5",
    { scene: "meeting", variant: 4, time: "day", people: 2 },
    "A client consultation in the Focus room",
    "A client consultation at the round table in the Focus room, a chart on the screen.",
  ),
  wide(
    "story-6",
    { scene: "offices", variant: 1, time: "golden", people: 2 },
    "The private office corridor",
    "The private office corridor in warm afternoon light, glass fronts on one side and brick on the other.",
  ),
];

interface GalleryDef {
  id: string;
  r: Render;
  ratio: "4:3" | "3:2";
  title: string;
  description: string;
  tags: string[];
}

export const galleryDefs: GalleryDef[] = [
  {
    id: "gallery-01",
    r: { scene: "coworking", variant: 6, time: "evening", people: 3 },
    ratio: "3:2",
    title: "Coworking floor after dark",
    description:
      "The coworking floor in the evening, pendant lights glowing over the long tables and blue dusk in the windows.",
    tags: ["coworking", "workspace"],
  },
  {
    id: "gallery-02",
    r: { scene: "coworking", variant: 7, time: "day", people: 3 },
    ratio: "4:3",
    title: "Across the shared tables",
    description: "Looking across the shared coworking tables toward the brick wall and bookshelves.",
    tags: ["coworking", "workspace"],
  },
  {
    id: "gallery-03",
    r: { scene: "reception", variant: 1, time: "day", people: 2 },
    ratio: "3:2",
    title: "The front desk",
    description: "The reception desk with its slatted oak front and the backlit Ozark Foundry sign.",
    tags: ["common-areas"],
  },
  {
    id: "gallery-04",
    r: { scene: "reception", variant: 2, time: "golden", people: 1 },
    ratio: "4:3",
    title: "Lobby seating",
    description: "Leather and cream armchairs on a rug in the lobby, beside a tall fig tree.",
    tags: ["common-areas", "amenities"],
  },
  {
    id: "gallery-05",
    r: { scene: "offices", variant: 2, time: "day", people: 2 },
    ratio: "3:2",
    title: "Office suites",
    description: "Glass-fronted office suites along the brick corridor.",
    tags: ["workspace"],
  },
  {
    id: "gallery-06",
    r: { scene: "officeInterior", variant: 2, time: "morning", people: 0 },
    ratio: "4:3",
    title: "A one-person office",
    description: "A one-person private office with a walnut desk, task chair and a window onto the trees.",
    tags: ["workspace"],
  },
  {
    id: "gallery-07",
    r: { scene: "meeting", variant: 0, time: "morning", people: 3 },
    ratio: "3:2",
    title: "Brainstorm room in session",
    description: "A working session in the Brainstorm room, slides on the screen and notes on the whiteboard.",
    tags: ["meeting-rooms"],
  },
  {
    id: "gallery-08",
    r: { scene: "meeting", variant: 3, time: "evening", people: 0 },
    ratio: "4:3",
    title: "The Focus room",
    description:
      "The four-person Focus room in the evening, with a round table, a wall screen and a teal pendant light.",
    tags: ["meeting-rooms", "workspace"],
  },
  {
    id: "gallery-09",
    r: { scene: "cafe", variant: 2, time: "day", people: 2 },
    ratio: "3:2",
    title: "Café tables by the window",
    description: "Walnut café tables by the windows with the kitchen counter behind.",
    tags: ["amenities", "common-areas"],
  },
  {
    id: "gallery-10",
    r: { scene: "cafe", variant: 3, time: "golden", people: 1 },
    ratio: "4:3",
    title: "The café island",
    description: "Leather stools at the oak café island under globe pendant lights.",
    tags: ["amenities"],
  },
  {
    id: "gallery-11",
    r: { scene: "lounge", variant: 1, time: "evening", people: 2 },
    ratio: "3:2",
    title: "Lounge with string lights",
    description: "The lounge in the evening, café lights strung overhead and the bookshelves lit warmly.",
    tags: ["common-areas"],
  },
  {
    id: "gallery-12",
    r: { scene: "lounge", variant: 2, time: "day", people: 0 },
    ratio: "4:3",
    title: "Reading corner",
    description: "A reading corner with a sofa, armchairs and a coffee table on a patterned rug.",
    tags: ["common-areas", "amenities"],
  },
  {
    id: "gallery-13",
    r: { scene: "podcast", variant: 2, people: 1 },
    ratio: "3:2",
    title: "Podcast studio detail",
    description: "Microphones, a mixer and a laptop on the podcast studio table, with amber acoustic panels behind.",
    tags: ["amenities"],
  },
  {
    id: "gallery-14",
    r: { scene: "booths", variant: 0, time: "day", people: 2 },
    ratio: "4:3",
    title: "Phone booths",
    description: "Five soundproofed phone booths in teal, amber, grey, olive and rust along the corridor.",
    tags: ["amenities", "workspace"],
  },
  {
    id: "gallery-15",
    r: { scene: "booths", variant: 2, time: "golden", people: 1 },
    ratio: "3:2",
    title: "A booth for calls",
    description: "Looking into the phone booths, each with a small desk, a stool and its own light.",
    tags: ["amenities"],
  },
  {
    id: "gallery-16",
    r: { scene: "eventSpace", variant: 0, time: "golden", people: 0, seed: 11 },
    ratio: "4:3",
    title: "Think Lounge, theatre style",
    description: "The Think Lounge set theatre-style for 72 guests in late-afternoon sun.",
    tags: ["event-spaces"],
  },
  {
    id: "gallery-17",
    r: { scene: "eventSpace", variant: 6, time: "evening", people: 3 },
    ratio: "3:2",
    title: "An evening mixer",
    description: "Guests mingling at an evening mixer in the Think Lounge under strings of lights.",
    tags: ["event-spaces", "common-areas"],
  },
  {
    id: "gallery-18",
    r: { scene: "eventSpace", variant: 5, time: "day", people: 0 },
    ratio: "4:3",
    title: "Stage and screen",
    description: "The Think Lounge stage with its large screen, lectern and rows of chairs.",
    tags: ["event-spaces"],
  },
  {
    id: "gallery-19",
    r: { scene: "eventSpace", variant: 2, time: "evening", people: 0 },
    ratio: "3:2",
    title: "The Think Lounge from the stage",
    description: "The Think Lounge from the stage in the evening, chairs in rows and dusk in the windows.",
    tags: ["event-spaces"],
  },
  {
    id: "gallery-20",
    r: { scene: "exterior", variant: 5, time: "day", people: 2 },
    ratio: "4:3",
    title: "The facade at midday",
    description: "The full brick facade of the foundry building at midday, seen from across Foundry Lane.",
    tags: ["ext"],
  },
  {
    id: "gallery-21",
    r: { scene: "exterior", variant: 4, time: "evening", people: 2 },
    ratio: "3:2",
    title: "Foundry Lane at dusk",
    description: "The foundry building at dusk with every window glowing and the street lamps on.",
    tags: ["ext"],
  },
  {
    id: "gallery-22",
    r: { scene: "exterior", variant: 0, time: "morning", people: 1, seed: 22 },
    ratio: "4:3",
    title: "Morning on the corner",
    description: "The corner of the building in soft morning light, with the painted sign on the side wall.",
    tags: ["ext"],
  },
  {
    id: "gallery-23",
    r: { scene: "scaffold", variant: 1, people: 2 },
    ratio: "3:2",
    title: "Facade restoration",
    description: "Scaffolding and safety mesh on the facade while the brickwork was repointed.",
    tags: ["construction", "ext"],
  },
  {
    id: "gallery-24",
    r: { scene: "construction", variant: 1, people: 2 },
    ratio: "4:3",
    title: "Before the floors went in",
    description: "The empty hall before renovation, with sawhorses, a ladder and light pouring through the windows.",
    tags: ["construction"],
  },
  {
    id: "gallery-25",
    r: { scene: "construction", variant: 2, people: 1 },
    ratio: "3:2",
    title: "Steel trusses overhead",
    description: "Looking up at the restored steel roof trusses and a new beam being set.",
    tags: ["construction"],
  },
  {
    id: "gallery-26",
    r: { scene: "construction", variant: 3, people: 1 },
    ratio: "4:3",
    title: "Toward the old loading door",
    description: "The renovation site looking toward the old loading door, with scaffolding along the wall.",
    tags: ["construction"],
  },
  {
    id: "gallery-27",
    r: { scene: "coworking", variant: 0, time: "night", people: 1, seed: 27 },
    ratio: "3:2",
    title: "Late night on the floor",
    description: "A nearly empty coworking floor late at night, lit only by the pendant lights.",
    tags: ["coworking"],
  },
  {
    id: "gallery-28",
    r: { scene: "meeting", variant: 1, time: "golden", people: 0, seed: 28 },
    ratio: "4:3",
    title: "Brainstorm room, ready",
    description: "The Brainstorm room set and ready for a meeting, with sun on the walnut table.",
    tags: ["meeting-rooms"],
  },
  {
    id: "gallery-29",
    r: { scene: "officeInterior", variant: 1, time: "evening", people: 1 },
    ratio: "3:2",
    title: "Working late",
    description: "A private office in the evening, the desk lamp pooling light on the walnut desk.",
    tags: ["workspace"],
  },
  {
    id: "gallery-30",
    r: { scene: "exterior", variant: 3, time: "golden", people: 3, seed: 30 },
    ratio: "4:3",
    title: "Fall colour",
    description: "Fall colour on the street trees outside the foundry building.",
    tags: ["ext"],
  },
];

export const galleryImages: ContentfulImage[] = galleryDefs.map((g) =>
  g.ratio === "4:3" ? std(g.id, g.r, g.title, g.description) : wide(g.id, g.r, g.title, g.description),
);

export const benefitImages: ContentfulImage[] = [
  std(
    "benefit-coworking-1",
    { scene: "coworking", variant: 2, time: "golden", people: 2 },
    "Flexible desks",
    "Shared coworking tables in golden afternoon light.",
  ),
  std(
    "benefit-coworking-2",
    { scene: "cafe", variant: 1, time: "morning", people: 2 },
    "Coffee on tap",
    "Members at the café island, where coffee and tea are included with membership.",
  ),
  std(
    "benefit-coworking-3",
    { scene: "coworking", variant: 5, time: "evening", people: 2 },
    "Open late",
    "The coworking floor in the evening with the pendant lights on.",
  ),
  std(
    "benefit-private-offices-1",
    { scene: "officeInterior", variant: 0, time: "morning", people: 0 },
    "Your own door",
    "A furnished private office with a desk by the window and shelves.",
  ),
  std(
    "benefit-private-offices-2",
    { scene: "offices", variant: 2, time: "day", people: 1 },
    "Glass fronts, quiet rooms",
    "Glass-fronted office suites along the brick corridor.",
  ),
  std(
    "benefit-private-offices-3",
    { scene: "officeInterior", variant: 2, time: "golden", people: 1 },
    "Room to grow",
    "A private office in warm light with space for another desk.",
  ),
  std(
    "benefit-meeting-rooms-1",
    { scene: "meeting", variant: 0, time: "morning", people: 0 },
    "Ready to present",
    "The Brainstorm room with its wall screen and long table.",
  ),
  std(
    "benefit-meeting-rooms-2",
    { scene: "meeting", variant: 4, time: "day", people: 0 },
    "Small and focused",
    "The four-person Focus room with a round table and a screen.",
  ),
  std(
    "benefit-meeting-rooms-3",
    { scene: "meeting", variant: 2, time: "evening", people: 2 },
    "Book by the hour",
    "An evening meeting in the Brainstorm room.",
  ),
  std(
    "benefit-event-spaces-1",
    { scene: "eventSpace", variant: 0, time: "day", people: 0, seed: 41 },
    "Seats up to 72",
    "The Think Lounge with chairs set theatre-style for 72 guests.",
  ),
  std(
    "benefit-event-spaces-2",
    { scene: "eventSpace", variant: 3, time: "evening", people: 3, seed: 42 },
    "Premium AV",
    "A presenter on the Think Lounge stage with slides on the large screen.",
  ),
  std(
    "benefit-event-spaces-3",
    { scene: "cafe", variant: 2, time: "evening", people: 1 },
    "Catering kitchen",
    "The catering kitchen and café counter next to the Think Lounge.",
  ),
];

export const contentfulImages: ContentfulImage[] = [
  ...heroImages,
  ...blogImages,
  ...embeddedImages,
  ...storyImages,
  ...galleryImages,
  ...benefitImages,
];

export function fileNameOf(img: { id: string }, ext = "webp"): string {
  return `${img.id}.${ext}`;
}

/** Path of an asset file relative to demo/assets (width undefined = master). */
export function assetPath(id: string, fileName: string, width?: number): string {
  const base = `${ASSETS_HOST}/${SPACE}/${id}/${assetToken(id)}`;
  if (width === undefined) return `${base}/${fileName}`;
  const dot = fileName.lastIndexOf(".");
  return `${base}/${fileName.slice(0, dot)}.w${width}${fileName.slice(dot)}`;
}

export function assetUrl(id: string, fileName: string): string {
  return `//${assetPath(id, fileName)}`;
}

// ---------------------------------------------------------------- videos (made by videos.ts)

export const VIDEOS_HOST = "videos.ctfassets.net";

/** Every demo clip's frame size: small files that still look sharp in a half-width tile. */
export const VIDEO_SIZE = { width: 640, height: 360 } as const;

/**
 * A short clip for the demo's video tours, stories and posts: a slow camera move across a few of the
 * demo's own stills, cross-faded. Uploaded to the content service as a video asset.
 */
export interface DemoVideo {
  id: string;
  title: string;
  description: string;
  /** In order: catalog image ids, or repository paths of the site's own images. */
  stills: string[];
}

export const demoVideos: DemoVideo[] = [
  {
    id: "video-tour-coworking-floor",
    title: "A morning on the coworking floor",
    description: "A slow walk along the coworking tables, the café and the phone booths.",
    stills: ["public/images/fallback/home-1280.webp", "hero-coworking", "benefit-coworking-1"],
  },
  {
    id: "video-tour-members",
    title: "Meet the members",
    description: "Members at the shared tables and in the Think Lounge.",
    stills: ["public/images/fallback/community-1280.webp", "hero-members", "story-3"],
  },
  {
    id: "video-tour-private-offices",
    title: "Inside a private office suite",
    description: "The private office corridor and a team office.",
    stills: ["public/images/fallback/spaces-1280.webp", "hero-private-offices", "story-6"],
  },
  {
    id: "video-tour-meeting-rooms",
    title: "The Focus and Brainstorm rooms",
    description: "From the front door to the Brainstorm and Focus rooms.",
    stills: ["public/images/fallback/company-1280.webp", "hero-meeting-rooms", "story-5"],
  },
  {
    id: "video-tour-think-lounge",
    title: "Think Lounge virtual tour",
    description: "The Think Lounge set theatre style, then with workshop tables.",
    stills: ["public/images/fallback/community-1280.webp", "hero-event-spaces", "story-1"],
  },
  {
    id: "video-story-delta-bloom",
    title: "Delta Bloom's workshop series",
    description: "Workshop tables in the Think Lounge and the catering kitchen next door.",
    stills: ["story-1", "benefit-event-spaces-1", "benefit-event-spaces-3"],
  },
  {
    id: "video-story-ridgeway",
    title: "Ridgeway Land Surveying's home base",
    description: "The survey crew's private office and the meeting room for client sign-offs.",
    stills: ["story-4", "benefit-private-offices-1", "benefit-meeting-rooms-2"],
  },
  {
    id: "video-post-podcast-studio",
    title: "A look inside the podcast studio",
    description: "The Foundry Podcast Studio's treated room and microphones.",
    stills: ["blog-launching-the-podcast-studio", "gallery-13", "hero-press"],
  },
];

export function videoFileNameOf(video: { id: string }): string {
  return `${video.id}.mp4`;
}

/** Path of a video asset's file relative to demo/assets. */
export function videoAssetPath(id: string, fileName: string): string {
  return `${VIDEOS_HOST}/${SPACE}/${id}/${assetToken(id)}/${fileName}`;
}

/** The protocol-relative URL Contentful gives a video asset's file. */
export function videoAssetUrl(id: string): string {
  return `//${videoAssetPath(id, videoFileNameOf({ id }))}`;
}

// ---------------------------------------------------------------- not in the CMS

export interface StaticImage extends Render {
  key: string;
  width: number;
  height: number;
  /** Output files relative to the repository root, with the width each is written at. */
  outputs: { path: string; width: number; height: number; type: "image/webp" | "image/jpeg"; budgetKB: number }[];
}

export const EVENT_SLUGS = [
  "founders-breakfast",
  "podcasting-101",
  "small-business-grants",
  "open-house",
  "tech-meetup",
  "think-lounge-showcase",
  "women-in-business-lunch",
  "startup-pitch-night",
  "holiday-mixer",
  "web-design-workshop",
  "ai-for-small-business",
  "community-cleanup",
] as const;

const eventRenders: Record<(typeof EVENT_SLUGS)[number], Render> = {
  "founders-breakfast": { scene: "cafe", variant: 0, time: "morning", people: 4, seed: 101 },
  "podcasting-101": { scene: "podcast", variant: 0, people: 3, seed: 102 },
  "small-business-grants": { scene: "meeting", variant: 1, time: "day", people: 4, seed: 103 },
  "open-house": { scene: "exterior", variant: 4, time: "evening", people: 4, seed: 104 },
  "tech-meetup": { scene: "eventSpace", variant: 1, time: "evening", people: 3, seed: 105 },
  "think-lounge-showcase": { scene: "eventSpace", variant: 2, time: "golden", people: 0, seed: 106 },
  "women-in-business-lunch": { scene: "cafe", variant: 2, time: "day", people: 4, seed: 107 },
  "startup-pitch-night": { scene: "eventSpace", variant: 3, time: "evening", people: 4, seed: 108 },
  "holiday-mixer": { scene: "lounge", variant: 1, time: "evening", people: 3, seed: 109 },
  "web-design-workshop": { scene: "coworking", variant: 4, time: "day", people: 4, seed: 110 },
  "ai-for-small-business": { scene: "eventSpace", variant: 4, time: "day", people: 3, seed: 111 },
  "community-cleanup": { scene: "exterior", variant: 2, time: "morning", people: 5, seed: 112 },
};

const webp = "image/webp" as const;

export const staticImages: StaticImage[] = [
  ...EVENT_SLUGS.map((slug) => ({
    key: `event-${slug}`,
    width: 960,
    height: 540,
    ...eventRenders[slug],
    outputs: [
      { path: `demo/assets/events/${slug}.webp`, width: 960, height: 540, type: webp, budgetKB: 60 },
      { path: `demo/assets/events/${slug}.w480.webp`, width: 480, height: 270, type: webp, budgetKB: 28 },
    ],
  })),
  ...(
    [
      ["home", { scene: "coworking", variant: 1, time: "day", people: 2, seed: 201 }],
      ["spaces", { scene: "offices", variant: 0, time: "golden", people: 1, seed: 202 }],
      ["community", { scene: "eventSpace", variant: 6, time: "evening", people: 3, seed: 203 }],
      ["company", { scene: "exterior", variant: 5, time: "day", people: 2, seed: 204 }],
      ["legal", { scene: "booths", variant: 0, time: "morning", people: 0, seed: 205 }],
    ] as [string, Render][]
  ).map(([name, r]) => ({
    key: `fallback-${name}`,
    width: 1280,
    height: 720,
    ...r,
    outputs: [
      { path: `public/images/fallback/${name}-1280.webp`, width: 1280, height: 720, type: webp, budgetKB: 90 },
      { path: `public/images/fallback/${name}-960.webp`, width: 960, height: 540, type: webp, budgetKB: 60 },
      { path: `public/images/fallback/${name}-640.webp`, width: 640, height: 360, type: webp, budgetKB: 35 },
    ],
  })),
  {
    key: "event-placeholder",
    width: 960,
    height: 540,
    scene: "eventSpace",
    variant: 5,
    time: "day",
    people: 0,
    seed: 301,
    look: { saturation: 0.82, tint: [120, 170, 180], tintStrength: 0.35, vignette: 0.3 },
    outputs: [{ path: "public/images/event-placeholder.webp", width: 960, height: 540, type: webp, budgetKB: 60 }],
  },
];

// ---------------------------------------------------------------- partner logos (SVG)

export interface LogoAsset {
  id: string;
  n: number;
  title: string;
  description: string;
  fileName: string;
  width: number;
  height: number;
  svg: string;
}

export const logoAssets: LogoAsset[] = partnerLogos.map((l) => ({
  id: `partner-logo-${l.n}`,
  n: l.n,
  title: `${l.name} logo`,
  description: `Logo of ${l.name}, an Ozark Foundry community partner.`,
  fileName: `partner-logo-${l.n}.svg`,
  width: 240,
  height: 240,
  svg: l.svg,
}));
