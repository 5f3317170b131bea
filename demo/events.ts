import { createHash, randomBytes } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, resolve, sep } from "node:path";
import { FaultController } from "./faults.ts";
import { escapeHtml, htmlDocument, listen, readBody, type RunningService, sendHtml, sendJson } from "./http.ts";

/**
 * A stand-in for the Archie events API: token exchange, the space's event list, cover images and the
 * public event pages the site's RSVP buttons open. The dataset is dated relative to the clock, so the
 * demo always has upcoming, ongoing and past events. Tests change events as the hub's staff would
 * (`editEvent`: move, cancel, retitle), in-process or, with `control: true`, over HTTP.
 */

export const DEMO_EVENTS_CLIENT_ID = "demo-events-client";
export const DEMO_EVENTS_CLIENT_SECRET = "demo-events-secret";
export const DEMO_EVENTS_SPACE = "ozark-foundry";

export const EVENTS_TIME_ZONE = "America/Chicago";

export interface DemoEvent {
  uuid: string;
  title: string;
  description: string;
  cover: string;
  start_date: string;
  end_date: string;
  slug: string;
  price: number | null;
  cancelled: boolean;
}

export interface EventsStandInOptions {
  clientId: string;
  clientSecret: string;
  space: string;
  /** Directory holding cover images `<slug>.webp` (and `<slug>.w480.webp`). */
  coversDir: string;
  now?: () => Date;
  tokenTtlSeconds?: number;
  /** `object` answers `{ data: [...] }`, `array` a bare array: the live API has been seen doing both. */
  responseShape?: "object" | "array";
  /** The zone the demo events are dated in (the site's TZ_SITE); default America/Chicago. */
  timeZone?: string;
  host?: string;
  port?: number;
  control?: boolean;
}

export interface EventsStandIn extends RunningService {
  clientId: string;
  clientSecret: string;
  space: string;
  faults: FaultController;
  /** The events as the API lists them now (every edit included), sorted by start. */
  events(): DemoEvent[];
  /**
   * Changes an event as the hub's staff would in the events service: moves it (`start_date`,
   * `end_date`), cancels it (`cancelled: true`) or retitles it. Throws for an unknown uuid.
   */
  editEvent(uuid: string, change: EventChange): void;
  /** Puts back the events it started with, undoing every `editEvent` (tests reuse one stand-in). */
  restoreEvents(): void;
}

/** What `editEvent` may change. */
export type EventChange = Partial<Pick<DemoEvent, "title" | "description" | "start_date" | "end_date" | "cancelled">>;

// ---------------------------------------------------------------------------------------------------
// Time zone arithmetic

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function zonedParts(instant: Date, timeZone: string): Record<string, number> {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    partsFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return parts;
}

/** The calendar date an instant falls on in a time zone. */
export function calendarDateIn(instant: Date, timeZone: string): CalendarDate {
  const parts = zonedParts(instant, timeZone);
  return { year: parts.year!, month: parts.month!, day: parts.day! };
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant (negative west of Greenwich). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = zonedParts(new Date(instant), timeZone);
  const wallAsUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour, parts.minute, parts.second);
  return wallAsUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time ("HH:MM") on a date occurs in a time zone, daylight saving included. */
export function wallTimeToUtc(date: CalendarDate, time: string, timeZone: string): Date {
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  const wallAsUtc = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  // The offset at the guess can differ from the offset at the answer when a DST change lies between.
  const guess = wallAsUtc - zoneOffsetMs(wallAsUtc, timeZone);
  return new Date(wallAsUtc - zoneOffsetMs(guess, timeZone));
}

// ---------------------------------------------------------------------------------------------------
// The dataset

interface EventSeed {
  slug: string;
  title: string;
  description: string;
  price: number | null;
  cancelled?: boolean;
  /** Shown on the public page only; the API has no venue field. Default: the Think Lounge. */
  venue?: string;
  /** Days from today (in Central time) and the local start and end; absent for the ongoing event. */
  when?: { dayOffset: number; start: string; end: string };
}

const EVENT_SEEDS: EventSeed[] = [
  {
    slug: "founders-breakfast",
    title: "Founders' Breakfast",
    price: 10,
    when: { dayOffset: 3, start: "07:30", end: "09:00" },
    description:
      "Biscuits, strong coffee and an honest hour with other people building something in the Ozarks. Each month one local founder tells the story of a decision that nearly sank them and what it taught them. This month Dale Pruitt of Pruitt & Daughters Millwork talks about turning a two-person woodshop on the edge of town into a supplier for builders across north Arkansas.\n\n" +
      "Come as you are, bring the question you are stuck on, and leave with at least two new people to call. Your ticket covers a hot breakfast from the café across Foundry Lane.",
  },
  {
    slug: "podcasting-101",
    title: "Podcasting 101: From Idea to First Episode",
    price: 25,
    when: { dayOffset: 6, start: "18:00", end: "20:00" },
    description:
      "Thinking about starting a show for your business, church or club? Renee Calloway, who records the weekly River Town Table podcast in our studio, walks through the whole path: picking a format, recording clean audio in an ordinary room, editing without losing a weekend, and getting listed where people actually listen.\n\n" +
      "You will record a two-minute practice segment on the studio's microphones and take home a one-page checklist. No gear or experience needed.",
  },
  {
    slug: "small-business-grants",
    title: "Lunch & Learn: Finding and Winning Small Business Grants",
    price: 0,
    when: { dayOffset: 10, start: "12:00", end: "13:30" },
    description:
      "Grant money is out there for rural Arkansas businesses, but the applications can feel like a second job. Volunteer business counselor Gloria Haskins spent twenty years reviewing applications and will show what reviewers look for, which programs fit very small businesses, and how to write a budget narrative that holds up.\n\n" +
      "Bring your lunch (we will have sweet tea and cookies) and, if you like, a draft you would like feedback on.",
  },
  {
    slug: "tech-meetup",
    title: "Batesville Tech Meetup",
    price: 0,
    when: { dayOffset: 14, start: "18:00", end: "20:30" },
    description:
      "Developers, IT folks, tinkerers and the tech-curious from around Independence County meet in the Think Lounge for three short talks and a lot of good conversation. This round: automating a farm's irrigation logs with a spreadsheet and a little code, a plain-language look at keeping a small office network safe, and a student project that maps the town's favorite fishing spots on the White River.\n\n" +
      "Pizza is on us. Want to give a five-minute talk next time? Find Marcus Lee at the door.",
  },
  {
    slug: "startup-pitch-night",
    title: "Startup Pitch Night",
    price: 5,
    cancelled: true,
    when: { dayOffset: 12, start: "18:00", end: "21:00" },
    description:
      "Five early-stage teams from north-central Arkansas take the stage for five minutes each, followed by questions from a panel of local business owners and investors. The audience votes for a people's choice award, and every team leaves with concrete feedback.\n\n" +
      "Doors open at 5:30 for snacks and mingling. Tickets help cover the prize for the winning team.",
  },
  {
    slug: "web-design-workshop",
    title: "Hands-On Web Design Workshop for Local Businesses",
    price: 45,
    when: { dayOffset: 21, start: "09:00", end: "12:00" },
    description:
      "Leave with a website you are proud of, or at least a much better one. Designer Hannah Ortiz helps you write a clear home page, choose photos that load fast, and set up the basics people look for first: your hours, your phone number and a map.\n\n" +
      "Bring a laptop and logins for your current site if you have one. Seats are limited to twelve so everyone gets one-on-one help.",
  },
  {
    slug: "ai-for-small-business",
    title: "AI for Small Business: Practical Tools, No Hype",
    price: null,
    when: { dayOffset: 30, start: "17:30", end: "19:30" },
    description:
      "What can today's AI tools actually do for a bakery, an accounting office or a two-truck landscaping company? Consultant Priya Raman demonstrates a handful of tasks worth trying, like drafting customer emails, summarising long documents and tidying up a product list, and talks frankly about where the tools still get things wrong.\n\n" +
      "Ticket pricing will be announced soon; members attend free.",
  },
  {
    slug: "think-lounge-showcase",
    title: "Think Lounge Showcase: Member Work on Display",
    price: 0,
    description:
      "Our members are photographers, woodworkers, app makers, bakers and more, and for one day the Think Lounge is their gallery. Wander through, see what is being made in downtown Batesville, and talk with the people who made it.\n\n" +
      "Drop in any time during the showcase; there is nothing to buy and no need to register, though an RSVP helps us plan the coffee.",
  },
  {
    slug: "open-house",
    title: "Ozark Foundry Open House",
    price: 0,
    venue: "The whole building, starting in the lobby",
    when: { dayOffset: -4, start: "16:00", end: "19:00" },
    description:
      "Come see what we have done with the old foundry building. Take a guided tour of the coworking floor, private offices, meeting rooms and the Think Lounge, meet current members, and find out which membership fits the way you work.\n\n" +
      "Local musicians Jo and Wendell Barnes play on the loading dock, and there are door prizes including a free month of coworking.",
  },
  {
    slug: "women-in-business-lunch",
    title: "Women in Business Lunch",
    price: 20,
    when: { dayOffset: -18, start: "11:30", end: "13:00" },
    description:
      "A relaxed, welcoming lunch for women who run, or hope to run, a business in the region. Cassie Darnell, who grew her family's feed store into three locations, shares what she wishes she had known about hiring her first employees.\n\n" +
      "Lunch is a plated meal from a local kitchen; vegetarian options are available if you let us know.",
  },
  {
    slug: "holiday-mixer",
    title: "Member & Neighbor Holiday Mixer",
    price: 0,
    when: { dayOffset: -52, start: "17:30", end: "20:00" },
    description:
      "Our end-of-year thank-you to members, partners and neighbors on Foundry Lane. Expect warm cider, a hot cocoa bar, a white-elephant gift swap (keep it under fifteen dollars) and a look back at everything the community built this year.\n\n" +
      "Admission is free; please bring a canned good for the county food pantry.",
  },
  {
    slug: "community-cleanup",
    title: "Foundry Lane Community Cleanup",
    price: 0,
    venue: "Ozark Foundry parking lot",
    cancelled: true,
    when: { dayOffset: -9, start: "08:00", end: "11:00" },
    description:
      "Grab gloves and a grabber and help us tidy Foundry Lane and the riverside trail before spring. We meet in the hub's parking lot, split into small crews, and finish with breakfast tacos back in the Think Lounge.\n\n" +
      "Families are welcome; kids under twelve need an adult along. Gloves, bags and water are provided.",
  },
];

const HOUR_MS = 60 * 60 * 1000;

function stableUuid(slug: string): string {
  const hex = createHash("sha1").update(`ozark-foundry-event:${slug}`).digest("hex");
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

function eventTimes(seed: EventSeed, now: Date, timeZone: string): { start: Date; end: Date } {
  if (!seed.when) {
    // Began one to two hours ago and ends two to three hours from now; it moves once an hour, so a
    // page kept for a while still names the times its calendar file gives.
    const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
    return { start: new Date(hour - HOUR_MS), end: new Date(hour + 3 * HOUR_MS) };
  }
  const date = addDays(calendarDateIn(now, timeZone), seed.when.dayOffset);
  return {
    start: wallTimeToUtc(date, seed.when.start, timeZone),
    end: wallTimeToUtc(date, seed.when.end, timeZone),
  };
}

/** The demo events as the API would list them at `now`, dated in `timeZone`, sorted by start. */
export function demoEvents(now: Date, timeZone = EVENTS_TIME_ZONE): DemoEvent[] {
  return EVENT_SEEDS.map((seed) => {
    const { start, end } = eventTimes(seed, now, timeZone);
    return {
      uuid: stableUuid(seed.slug),
      title: seed.title,
      description: seed.description,
      cover: `/covers/${seed.slug}.webp`,
      start_date: start.toISOString(),
      end_date: end.toISOString(),
      slug: seed.slug,
      price: seed.price,
      cancelled: seed.cancelled ?? false,
    };
  }).sort((a, b) => a.start_date.localeCompare(b.start_date));
}

// ---------------------------------------------------------------------------------------------------
// Tokens

interface TokenStore {
  issue(): string;
  isValid(token: string): boolean;
}

/** Tokens issued within their lifetime beyond this many: the oldest are forgotten first. */
const MAX_LIVE_TOKENS = 1_000;

function createTokenStore(now: () => Date, ttlSeconds: number): TokenStore {
  const expiries = new Map<string, number>();
  const forgetExpired = () => {
    for (const [token, expiry] of expiries) {
      if (now().getTime() >= expiry) expiries.delete(token);
    }
  };
  return {
    issue() {
      forgetExpired();
      const token = randomBytes(24).toString("base64url");
      expiries.set(token, now().getTime() + ttlSeconds * 1000);
      // A Map iterates in insertion order: the first key is the oldest token.
      while (expiries.size > MAX_LIVE_TOKENS) expiries.delete(expiries.keys().next().value as string);
      return token;
    },
    isValid(token) {
      const expiry = expiries.get(token);
      return expiry !== undefined && now().getTime() < expiry;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// HTTP

interface EventsContext {
  options: EventsStandInOptions;
  now: () => Date;
  tokens: TokenStore;
  /** Staff's changes by uuid, laid over the dataset. */
  edits: Map<string, EventChange>;
}

/** The events as the API lists them at this moment: the dataset with staff's changes, sorted by start. */
function listedEvents(context: EventsContext): DemoEvent[] {
  return demoEvents(context.now(), context.options.timeZone)
    .map((event) => ({ ...event, ...context.edits.get(event.uuid) }))
    .sort((a, b) => a.start_date.localeCompare(b.start_date));
}

const COVER_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

const SAFE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;

export async function startEventsStandIn(options: EventsStandInOptions): Promise<EventsStandIn> {
  const now = options.now ?? (() => new Date());
  const context: EventsContext = {
    options,
    now,
    tokens: createTokenStore(now, options.tokenTtlSeconds ?? 3600),
    edits: new Map(),
  };
  const faults = new FaultController();
  const service = await listen(
    (request, response) => {
      handleRequest(context, faults, request, response).catch((error: unknown) => {
        if (!response.headersSent) sendJson(response, 500, { error: "server_error", message: String(error) });
        else response.destroy();
      });
    },
    { host: options.host, port: options.port },
  );
  return {
    ...service,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    space: options.space,
    faults,
    events: () => listedEvents(context),
    editEvent: (uuid, change) => editEvent(context, uuid, change),
    restoreEvents: () => context.edits.clear(),
  };
}

function editEvent(context: EventsContext, uuid: string, change: EventChange): void {
  if (!demoEvents(context.now(), context.options.timeZone).some((event) => event.uuid === uuid)) {
    throw new Error(`The events stand-in has no event ${uuid}`);
  }
  for (const field of ["start_date", "end_date"] as const) {
    const value = change[field];
    if (value !== undefined && Number.isNaN(Date.parse(value))) throw new Error(`${field} is not a date: ${value}`);
  }
  context.edits.set(uuid, { ...context.edits.get(uuid), ...change });
}

async function handleRequest(
  context: EventsContext,
  faults: FaultController,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? "/", "http://stand-in");
  // Control requests skip fault rules, so a catch-all rule can still be cleared over HTTP.
  if (url.pathname.startsWith("/__control/") && context.options.control) {
    if (await faults.handleControl(request, response)) return;
    if (!(await handleEventsControl(context, url, request, response))) sendJson(response, 404, { error: "not_found" });
    return;
  }
  if (await faults.intercept(request, response)) return;
  await route(context, url, request, response);
}

/**
 * `PATCH /__control/events/{uuid}` with an `EventChange` as JSON edits an event, as `editEvent` does;
 * `DELETE /__control/events` restores them all.
 */
async function handleEventsControl(
  context: EventsContext,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<boolean> {
  if (url.pathname === "/__control/events" && request.method === "DELETE") {
    context.edits.clear();
    sendJson(response, 200, { ok: true });
    return true;
  }
  const uuid = /^\/__control\/events\/([^/]+)$/.exec(url.pathname)?.[1];
  if (!uuid || request.method !== "PATCH") return false;
  try {
    editEvent(context, decodeURIComponent(uuid), JSON.parse(await readBody(request)) as EventChange);
  } catch (error) {
    sendJson(response, 400, { error: "invalid_request", message: (error as Error).message });
    return true;
  }
  sendJson(response, 200, { ok: true });
  return true;
}

async function route(context: EventsContext, url: URL, request: IncomingMessage, response: ServerResponse) {
  const segments = url.pathname.split("/").slice(1);
  const method = request.method ?? "GET";

  if (url.pathname === "/v1/authenticate") {
    if (method !== "POST") return sendJson(response, 405, { error: "method_not_allowed" }, { Allow: "POST" });
    return authenticate(context, request, response);
  }
  if (segments[0] === "v1" && segments[1] === "spaces" && segments[3] === "events" && segments.length === 4) {
    if (method !== "GET") return sendJson(response, 405, { error: "method_not_allowed" }, { Allow: "GET" });
    return listEvents(context, decodeSegment(segments[2]), url, request, response);
  }
  if (segments[0] === "covers" && segments.length === 2 && (method === "GET" || method === "HEAD")) {
    return serveCover(context, decodeSegment(segments[1]), method, response);
  }
  if (segments[1] === "public" && segments[2] === "events" && segments.length === 4 && method === "GET") {
    return servePublicPage(context, decodeSegment(segments[0]), decodeSegment(segments[3]), url, response);
  }
  if (segments[0] === "v1") return sendJson(response, 404, { error: "not_found", message: "No such endpoint." });
  return sendHtml(response, 404, notFoundPage());
}

/** A path segment, decoded; null when it is not valid percent-encoding. */
function decodeSegment(segment: string | undefined): string | null {
  try {
    return decodeURIComponent(segment ?? "");
  } catch {
    return null;
  }
}

async function authenticate(context: EventsContext, request: IncomingMessage, response: ServerResponse) {
  let credentials: unknown;
  try {
    credentials = JSON.parse(await readBody(request, 16_384));
  } catch {
    return sendJson(response, 400, { error: "invalid_request", message: "The body must be JSON." });
  }
  const { client_id: clientId, client_secret: clientSecret } = (credentials ?? {}) as Record<string, unknown>;
  if (typeof clientId !== "string" || typeof clientSecret !== "string") {
    return sendJson(response, 400, {
      error: "invalid_request",
      message: "client_id and client_secret are required strings.",
    });
  }
  if (clientId !== context.options.clientId || clientSecret !== context.options.clientSecret) {
    return sendJson(response, 401, { error: "invalid_client", message: "Unknown client or wrong secret." });
  }
  const ttl = context.options.tokenTtlSeconds ?? 3600;
  sendJson(response, 200, { access_token: context.tokens.issue(), token_type: "Bearer", expires_in: ttl });
}

function bearerToken(request: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  return match?.[1] ?? null;
}

function listEvents(
  context: EventsContext,
  space: string | null,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const token = bearerToken(request);
  if (!token || !context.tokens.isValid(token)) {
    return sendJson(
      response,
      401,
      {
        error: "invalid_token",
        message: token ? "The access token is unknown or expired." : "A bearer token is required.",
      },
      { "WWW-Authenticate": 'Bearer error="invalid_token"' },
    );
  }
  if (space !== context.options.space) {
    return sendJson(response, 404, { error: "not_found", message: "No such space." });
  }
  const now = context.now();
  const withEnded = url.searchParams.get("withEnded") === "true";
  const events = listedEvents(context).filter((event) => withEnded || Date.parse(event.end_date) >= now.getTime());
  sendJson(response, 200, context.options.responseShape === "array" ? events : { data: events });
}

async function serveCover(context: EventsContext, fileName: string | null, method: string, response: ServerResponse) {
  const directory = resolve(context.options.coversDir);
  const contentType = fileName ? COVER_TYPES[extname(fileName).toLowerCase()] : undefined;
  if (!fileName || !SAFE_FILE_NAME.test(fileName) || !contentType) return sendCoverNotFound(response);
  const path = resolve(directory, fileName);
  if (!path.startsWith(directory + sep)) return sendCoverNotFound(response);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return sendCoverNotFound(response);
  const body = method === "HEAD" ? null : await readFile(path);
  response.writeHead(200, {
    "Content-Type": contentType,
    "Content-Length": info.size,
    "Cache-Control": "public, max-age=31536000, immutable",
  });
  response.end(body);
}

function sendCoverNotFound(response: ServerResponse) {
  sendJson(response, 404, { error: "not_found", message: "No such cover image." });
}

// ---------------------------------------------------------------------------------------------------
// Public event pages

function servePublicPage(
  context: EventsContext,
  space: string | null,
  slug: string | null,
  url: URL,
  response: ServerResponse,
) {
  const now = context.now();
  const timeZone = context.options.timeZone ?? EVENTS_TIME_ZONE;
  const event = space === context.options.space ? listedEvents(context).find((item) => item.slug === slug) : undefined;
  if (!event) return sendHtml(response, 404, notFoundPage());
  const name = spaceDisplayName(context.options.space);
  sendHtml(response, 200, eventPage(event, name, now, timeZone, url.searchParams.has("rsvp")));
}

function spaceDisplayName(space: string): string {
  return space
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ");
}

const formatters = new Map<
  string,
  { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat; both: Intl.DateTimeFormat }
>();

function formattersFor(timeZone: string) {
  let found = formatters.get(timeZone);
  if (!found) {
    const date = { weekday: "long", month: "long", day: "numeric", year: "numeric" } as const;
    const time = { hour: "numeric", minute: "2-digit", timeZoneName: "short" } as const;
    found = {
      day: new Intl.DateTimeFormat("en-US", { timeZone, ...date }),
      time: new Intl.DateTimeFormat("en-US", { timeZone, ...time }),
      both: new Intl.DateTimeFormat("en-US", { timeZone, ...date, ...time }),
    };
    formatters.set(timeZone, found);
  }
  return found;
}

/** When an event happens, in a time zone: a day line and a time line (or one line across days). */
export function describeEventTime(start: Date, end: Date, timeZone = EVENTS_TIME_ZONE): { day: string; time: string } {
  const { day, time, both } = formattersFor(timeZone);
  if (day.format(start) === day.format(end)) {
    return { day: day.format(start), time: time.formatRange(start, end) };
  }
  return { day: both.formatRange(start, end), time: "" };
}

function describePrice(price: number | null): string {
  if (price === null) return "Price to be announced";
  if (price === 0) return "Free";
  return `$${Number.isInteger(price) ? price : price.toFixed(2)}`;
}

type EventStatus = "cancelled" | "ended" | "happening" | "upcoming";

function eventStatus(event: DemoEvent, now: Date): EventStatus {
  if (event.cancelled) return "cancelled";
  if (Date.parse(event.end_date) < now.getTime()) return "ended";
  if (Date.parse(event.start_date) <= now.getTime()) return "happening";
  return "upcoming";
}

function rsvpSection(status: EventStatus, rsvpRequested: boolean): string {
  if (status === "cancelled") {
    return `<p class="notice notice-cancelled" role="status">This event has been cancelled.</p>`;
  }
  if (status === "ended") return `<p class="notice">This event has ended.</p>`;
  if (rsvpRequested) {
    return `<p class="notice notice-success" role="status">You're on the list (demo: nothing was sent)</p>`;
  }
  return `<form method="get" class="rsvp">
        <input type="hidden" name="rsvp" value="1">
        <button type="submit">RSVP</button>
        <p class="hint">Demo page: an RSVP here sends nothing.</p>
      </form>`;
}

function eventPage(event: DemoEvent, spaceName: string, now: Date, timeZone: string, rsvpRequested: boolean): string {
  const start = new Date(event.start_date);
  const when = describeEventTime(start, new Date(event.end_date), timeZone);
  const status = eventStatus(event, now);
  const paragraphs = event.description
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim())}</p>`)
    .join("\n        ");
  const badge = status === "happening" ? `<span class="badge">Happening now</span>` : "";
  return page(
    `${event.title} · ${spaceName}`,
    `<main>
    <article>
      <img class="cover" src="${escapeHtml(`../../..${event.cover}`)}" alt="" width="1200" height="630">
      <div class="body">
        <p class="eyebrow"><span>${escapeHtml(spaceName)} events</span>${badge}</p>
        <h1>${escapeHtml(event.title)}</h1>
        <dl class="facts">
          <div><dt>When</dt><dd><time datetime="${escapeHtml(event.start_date)}">${escapeHtml(when.day)}</time>${
            when.time ? `<br>${escapeHtml(when.time)}` : ""
          }</dd></div>
          <div><dt>Where</dt><dd>${escapeHtml(venueOf(event.slug))}<br>${VENUE_ADDRESS}</dd></div>
          <div><dt>Price</dt><dd>${escapeHtml(describePrice(event.price))}</dd></div>
        </dl>
        ${rsvpSection(status, rsvpRequested)}
        <h2>About this event</h2>
        ${paragraphs}
      </div>
    </article>
  </main>`,
  );
}

const VENUE_ADDRESS = "118 Foundry Lane, Batesville, AR 72501";

function venueOf(slug: string): string {
  return EVENT_SEEDS.find((seed) => seed.slug === slug)?.venue ?? "Think Lounge";
}

function notFoundPage(): string {
  return page(
    "Event not found",
    `<main>
    <article>
      <div class="body">
        <h1>Event not found</h1>
        <p>This event does not exist or is no longer listed.</p>
      </div>
    </article>
  </main>`,
  );
}

const PAGE_STYLE = `
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body { margin: 0; background: #f6f3ee; color: #1f2328; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 46rem; margin: 0 auto; padding: 24px 16px 48px; }
  article { background: #fff; border: 1px solid #e4ddd2; border-radius: 16px; overflow: hidden; box-shadow: 0 1px 3px rgb(0 0 0 / 0.06); }
  .cover { display: block; width: 100%; height: auto; aspect-ratio: 1200 / 630; object-fit: cover; background: #d9cfc1; }
  .body { padding: 24px; }
  .eyebrow { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; margin: 0 0 4px; color: #8a3b12; font-size: 14px; font-weight: 600; letter-spacing: 0.04em; text-transform: uppercase; }
  .badge { padding: 0 8px; border-radius: 999px; background: #1d6b45; color: #fff; font-size: 12px; letter-spacing: 0.02em; }
  h1 { margin: 0 0 16px; font-size: clamp(1.6rem, 5vw, 2.2rem); line-height: 1.2; }
  h2 { margin: 32px 0 8px; font-size: 1.2rem; }
  .facts { display: grid; gap: 12px; margin: 0 0 24px; }
  .facts div { display: grid; grid-template-columns: 5rem 1fr; gap: 8px; }
  dt { color: #5c5f66; font-weight: 600; }
  dd { margin: 0; }
  .rsvp { margin: 0; }
  button { font: inherit; font-weight: 600; color: #fff; background: #8a3b12; border: 0; border-radius: 10px; padding: 12px 32px; min-height: 44px; cursor: pointer; }
  button:hover { background: #6f2f0e; }
  button:focus-visible { outline: 3px solid #1f2328; outline-offset: 3px; }
  .hint { margin: 8px 0 0; color: #5c5f66; font-size: 14px; }
  .notice { margin: 0; padding: 12px 16px; border-radius: 10px; background: #f0ede8; font-weight: 600; }
  .notice-success { background: #e3f4ea; color: #14532d; }
  .notice-cancelled { background: #fde8e8; color: #8b1a1a; }
`;

function page(title: string, body: string): string {
  return htmlDocument({ title, style: PAGE_STYLE, body: body });
}
