import { createContext, type RouterContextProvider } from "react-router";
import type { PublicConfig } from "~/domain/public-config";
import type { ContentService } from "~/services/content";
import type { EventCoverService } from "~/services/event-covers.server";
import type { EventsService } from "~/services/events.server";
import type { FeedService } from "~/services/feeds.server";
import type { LeadIntake } from "~/services/leads";

/**
 * What the server hands every loader and action (through React Router's context): the services that
 * talk to the outside world, the settings pages may show, and facts about the request.
 */

export interface AppServices {
  content: ContentService;
  events: EventsService;
  eventCovers: EventCoverService;
  /** The blog's feeds and the events calendar to subscribe to. */
  feeds: FeedService;
  leads: LeadIntake;
}

export interface AppContext {
  services: AppServices;
  config: PublicConfig;
  /** Serves a deliberately failing route, for the error page's end-to-end test. */
  errorTestRoute: boolean;
  /** RANDOM_SEED: random choices in pages follow it (and the page), so every render of a page is the same. */
  randomSeed: string | null;
}

export interface RequestInfo {
  /** The Content-Security-Policy nonce of this response's inline scripts. */
  nonce: string;
  clientAddress: string;
  /** A data request of the router in the browser (`*.data`), rather than a document request. */
  dataRequest: boolean;
  /** A crawler or link-preview bot: it gets each page complete, nothing streamed later. */
  bot: boolean;
  /**
   * Sections are awaited rather than streamed: for a bot, and for a render that replaces a page the
   * server keeps in its page cache (it must be complete to be kept).
   */
  awaitSections: boolean;
  /**
   * Keeps this response out of the server's page cache: a loader calls it when the page is not what
   * the content makes it (a section still streaming, failed or late, a fallback shown for a failure).
   */
  skipPageCache: (reason: string) => void;
  /** An editor's draft preview (a valid `preview` cookie): content from the Preview API. */
  preview: boolean;
  /** What loaders' random choices come from (success story order, related posts). */
  random: () => number;
}

export const appContext = createContext<AppContext>();
export const requestContext = createContext<RequestInfo>();

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(appContext).services;
}
