import { z } from "zod";
import type { SiteEvent } from "~/domain/events";
import type { Cache } from "./cache.server";

/**
 * The events service (Archie-compatible, docs/architecture.md#content-and-its-caches): the server exchanges the
 * credentials for a token itself, so the secret never reaches a browser, and lists the space's events.
 */

export interface EventsConfig {
  /** Base URL of the API; the `/v1/...` paths hang below it. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  space: string;
  /** Base of public event pages and cover paths: absolute, or a path on this site (demo). */
  publicUrl: string;
}

export interface EventsServiceOptions extends EventsConfig {
  /** Caches the event list briefly and serves it stale while the service fails. */
  cache: Cache;
  fetch?: typeof fetch;
  now?: () => number;
  log?: Pick<Console, "warn" | "error">;
  /** Per request, for the token and the list. */
  timeoutMs?: number;
}

export type EventsService = ReturnType<typeof createEventsService>;

/** Without an `expires_in`, a token is used for this long. */
const DEFAULT_TOKEN_LIFETIME_S = 50 * 60;
/** A token is renewed this long before it expires. */
const TOKEN_RENEW_MARGIN_MS = 60_000;

export class EventsUnavailableError extends Error {
  constructor(message = "The events service is unavailable.") {
    super(message);
    this.name = "EventsUnavailableError";
  }
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional().catch(undefined),
});

const instant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), { error: "not a date" });

const eventSchema = z.object({
  uuid: z.string().min(1),
  title: z.string().min(1),
  start_date: instant,
  end_date: instant,
  description: z.string().nullish().catch(null),
  cover: z.string().nullish().catch(null),
  slug: z.string().nullish().catch(null),
  price: z.coerce.number().nonnegative().nullish().catch(null),
  cancelled: z.boolean().nullish().catch(false),
});

const listSchema = z.union([
  z.array(z.unknown()),
  z.object({ data: z.array(z.unknown()) }).transform((body) => body.data),
]);

export function createEventsService({
  apiUrl,
  clientId,
  clientSecret,
  space,
  publicUrl,
  cache,
  fetch: fetchImpl = fetch,
  now = Date.now,
  log = console,
  timeoutMs = 8_000,
}: EventsServiceOptions) {
  const api = apiUrl.replace(/\/+$/, "");
  const publicBase = publicUrl.replace(/\/+$/, "");
  let token: { value: string; renewAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  async function requestToken(): Promise<string> {
    let response: Response;
    try {
      response = await fetchImpl(`${api}/v1/authenticate`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ client_id: clientId, client_secret: clientSecret }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      log.warn(`No events token: the token request failed (${failureKind(error)}).`);
      throw new EventsUnavailableError();
    }
    const body = await response.json().catch(() => null);
    const parsed = tokenSchema.safeParse(body);
    if (!response.ok || !parsed.success) {
      log.warn(`No events token: the authentication endpoint answered ${response.status} without a token.`);
      throw new EventsUnavailableError();
    }
    const lifetimeMs = (parsed.data.expires_in ?? DEFAULT_TOKEN_LIFETIME_S) * 1000;
    token = {
      value: parsed.data.access_token,
      renewAt: now() + Math.max(lifetimeMs - TOKEN_RENEW_MARGIN_MS, lifetimeMs / 2),
    };
    return token.value;
  }

  /** A valid token; callers at the same moment share one token request. */
  function accessToken(): Promise<string> {
    if (token && now() < token.renewAt) return Promise.resolve(token.value);
    tokenRequest ??= requestToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  async function listOnce(bearer: string): Promise<Response> {
    try {
      return await fetchImpl(`${api}/v1/spaces/${encodeURIComponent(space)}/events?withEnded=true`, {
        headers: { Authorization: `Bearer ${bearer}`, Accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      log.error(`The events request failed (${failureKind(error)}).`);
      throw new EventsUnavailableError();
    }
  }

  function toSiteEvent(event: z.infer<typeof eventSchema>): SiteEvent {
    const slug = event.slug || event.uuid;
    return {
      uuid: event.uuid,
      title: event.title,
      description: event.description ?? "",
      slug,
      startDate: new Date(event.start_date).toISOString(),
      endDate: new Date(event.end_date).toISOString(),
      price: event.price ?? null,
      cancelled: event.cancelled ?? false,
      coverUrl: event.cover ? `${publicBase}${event.cover.startsWith("/") ? "" : "/"}${event.cover}` : null,
      rsvpUrl: `${publicBase}/${encodeURIComponent(space)}/public/events/${encodeURIComponent(slug)}`,
    };
  }

  async function loadEvents(): Promise<SiteEvent[]> {
    let response = await listOnce(await accessToken());
    if (response.status === 401) {
      // The token may have been revoked or expired early: get a new one, once.
      token = null;
      response = await listOnce(await accessToken());
    }
    if (!response.ok) {
      log.error(`The events service answered ${response.status}.`);
      throw new EventsUnavailableError();
    }
    const list = listSchema.safeParse(await response.json().catch(() => undefined));
    if (!list.success) {
      log.error("The events service answered with neither a list nor {data: [...]}.");
      throw new EventsUnavailableError();
    }
    const events: SiteEvent[] = [];
    list.data.forEach((item, index) => {
      const parsed = eventSchema.safeParse(item);
      if (parsed.success) {
        events.push(toSiteEvent(parsed.data));
      } else {
        const uuid = (item as { uuid?: unknown } | null)?.uuid;
        log.warn(`Skipping a malformed event`, {
          index,
          uuid: typeof uuid === "string" ? uuid : undefined,
          problems: parsed.error.issues.map((issue) => issue.path.join(".")),
        });
      }
    });
    return events;
  }

  return {
    /** Every event the service lists (cancelled and ended ones included; pages classify them). */
    getEvents(): Promise<SiteEvent[]> {
      return cache.get(`events:${space}`, loadEvents);
    },

    async getEvent(uuid: string): Promise<SiteEvent | null> {
      return (await this.getEvents()).find((event) => event.uuid === uuid) ?? null;
    },

    /** Forgets the token, so the next list asks for a new one (the end-to-end tests' reset). */
    forgetToken(): void {
      token = null;
    },
  };
}

/** A failure's kind, without anything it might carry from the request. */
function failureKind(error: unknown): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return "timed out";
  return error instanceof Error ? error.name : "unknown error";
}
