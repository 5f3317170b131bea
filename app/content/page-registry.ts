/**
 * The registry of pages (docs/development.md#adding-a-page): every page with a hero of its own, one
 * entry each: its address, its route module, its hero's content slug and the heading a visitor sees
 * first. The route table (`app/routes.ts`), the page intros and the sitemap (`pages.ts`), the content
 * check and the end-to-end route list (`tests/e2e/support/routes.ts`) read it; the demo's heroes are
 * tied to it by `demo/dataset.test.ts`. Plain data without imports, so scripts and tests read it as it is.
 */
export const PAGE_REGISTRY = [
  { key: "home", path: "/", module: "routes/home.tsx", heroSlug: "home", heading: "Where Batesville gets to work" },
  { key: "tour", path: "/tour", module: "routes/tour.tsx", heroSlug: "tour", heading: "Book Your Free Tour" },
  { key: "members", path: "/members", module: "routes/members.tsx", heroSlug: "members", heading: "Member Businesses" },
  { key: "coworking", path: "/coworking", module: "routes/coworking.tsx", heroSlug: "coworking", heading: "Coworking" },
  {
    key: "privateOffices",
    path: "/private-offices",
    module: "routes/private-offices.tsx",
    heroSlug: "private-offices",
    heading: "Private Offices",
  },
  {
    key: "meetingRooms",
    path: "/meeting-rooms",
    module: "routes/meeting-rooms.tsx",
    heroSlug: "meeting-rooms",
    heading: "Meeting Rooms",
  },
  {
    key: "eventSpaces",
    path: "/event-spaces",
    module: "routes/event-spaces.tsx",
    heroSlug: "event-spaces",
    heading: "Think Lounge",
  },
  { key: "blog", path: "/blog", module: "routes/blog.tsx", heroSlug: "blog", heading: "Blog" },
  {
    key: "partners",
    path: "/partners",
    module: "routes/partners.tsx",
    heroSlug: "partners",
    heading: "Community Partners",
  },
  { key: "contact", path: "/contact", module: "routes/contact.tsx", heroSlug: "contact", heading: "Get in Touch" },
  { key: "gallery", path: "/gallery", module: "routes/gallery.tsx", heroSlug: "gallery", heading: "Our Space Gallery" },
  { key: "press", path: "/press", module: "routes/press.tsx", heroSlug: "press", heading: "Press" },
  { key: "privacy", path: "/privacy", module: "routes/privacy.tsx", heroSlug: "privacy", heading: "Privacy Policy" },
  { key: "terms", path: "/terms", module: "routes/terms.tsx", heroSlug: "terms", heading: "Terms of Service" },
  { key: "events", path: "/events", module: "routes/events.tsx", heroSlug: "events", heading: "Events" },
] as const;

export type PageKey = (typeof PAGE_REGISTRY)[number]["key"];

/** A registered page's address, slug and heading, by its key. */
export function registeredPage<Key extends PageKey>(key: Key): { slug: string; path: string; heading: string } {
  const page = PAGE_REGISTRY.find((candidate) => candidate.key === key);
  if (!page) throw new Error(`No page "${key}" in the registry`);
  return { slug: page.heroSlug, path: page.path, heading: page.heading };
}
