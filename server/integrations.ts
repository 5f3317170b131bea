import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import type { RunningService } from "../demo/http.ts";
import { type ContentConfig, liveContentConfig } from "~/services/content";
import type { Env } from "~/services/env.server";
import type { EventsConfig } from "~/services/events.server";
import type { DemoRoute } from "./demo-proxy.ts";

/**
 * Decides, per outside service, whether the site talks to the configured live service or to an
 * embedded stand-in (docs/configuration.md#demo-and-production-modes). A stand-in starts only for an
 * unconfigured integration, and the site reaches it over HTTP exactly as it reaches the real service. The stand-ins
 * and the demo dataset are imported only when one is needed, so a production start never loads demo/.
 * In production (SITE_MODE=production, checked by parseEnv) every integration is configured except,
 * possibly, the lead webhook: leads are then stored and wait ("unconfigured") until it is set. Analytics
 * is optional everywhere and has no stand-in: unset, it is reported "off".
 */

export type Mode = "live" | "demo";

/**
 * A stand-in needs files of the checkout's demo/ folder that this installation does not have: the
 * production image leaves demo/ out, so SITE_MODE=demo there stops with this one line.
 */
export class DemoFilesMissingError extends Error {
  constructor(missing: string) {
    super(
      `Cannot start: SITE_MODE=demo runs the embedded stand-ins, which need ${missing}, and this installation has no such file (the production image leaves demo/ out). To run the demo, use a checkout of the repository: npm ci && npm run build && npm start. In the image, keep SITE_MODE=production and configure every integration (docs/configuration.md).`,
    );
    this.name = "DemoFilesMissingError";
  }
}

/** Stops before a stand-in starts without the demo files it reads (`relative` to demo/). */
function requireDemoFiles(demoDir: string, relative: string): void {
  if (!existsSync(path.join(demoDir, relative))) throw new DemoFilesMissingError(`demo/${relative}`);
}

/** Where the site serves each stand-in's public pages and files (see demo-proxy.ts). */
export const DEMO_PATHS = {
  content: "/_demo/content",
  events: "/_demo/events",
  booking: "/_demo/booking",
} as const;

export interface Integrations {
  content: { mode: Mode; config: ContentConfig };
  /** `coverSourceUrl`: where the server itself fetches covers (the stand-in in demo mode). */
  events: { mode: Mode; config: EventsConfig; coverSourceUrl: string };
  /**
   * `webhookUrl` is null only in production without LEAD_WEBHOOK_URL: leads wait, stored.
   * `signingSecrets`: LEAD_WEBHOOK_SECRET's (none: posts go unsigned), or in demo mode without it one
   * made for this run, which the embedded sink checks, so the demo signs and verifies every post.
   */
  leads: {
    mode: Mode | "unconfigured";
    webhookUrl: string | null;
    mirrorUrl: string | null;
    signingSecrets: string[];
  };
  booking: { mode: Mode; widgetUrl: string };
  /** Analytics has no stand-in: without GA_MEASUREMENT_ID it is off, in demo mode and in production. */
  analytics: { mode: "live" | "off"; measurementId: string | null };
  /** The stand-ins' public parts, served through the site's own origin (empty when all are live). */
  demoRoutes: DemoRoute[];
  /** One line per integration for the start-up log. */
  summary(): string[];
  close(): Promise<void>;
}

export async function resolveIntegrations(env: Env, { projectRoot }: { projectRoot: string }): Promise<Integrations> {
  const standIns: RunningService[] = [];
  const demoRoutes: DemoRoute[] = [];
  const started = <T extends RunningService>(service: T): T => {
    standIns.push(service);
    return service;
  };
  const demoDir = path.join(projectRoot, "demo");

  try {
    const content = await resolveContent(env, demoDir, started, demoRoutes);
    const events = await resolveEvents(env, demoDir, started, demoRoutes);
    const leads = await resolveLeads(env, started);
    const booking = env.BOOKING_WIDGET_URL
      ? { mode: "live" as const, widgetUrl: env.BOOKING_WIDGET_URL.replace(/\/+$/, "") }
      : await resolveDemoBooking(started, demoRoutes);
    const analytics = env.GA_MEASUREMENT_ID
      ? { mode: "live" as const, measurementId: env.GA_MEASUREMENT_ID }
      : { mode: "off" as const, measurementId: null };

    return {
      content,
      events,
      leads,
      booking,
      analytics,
      demoRoutes,
      summary: () => [
        line(
          "content",
          content.mode,
          `${
            content.mode === "live"
              ? `Contentful space ${content.config.spaceId} at ${content.config.host}`
              : `embedded Contentful stand-in at http://${content.config.host}, files under ${DEMO_PATHS.content}`
          }; previews ${content.config.preview ? `from ${content.config.preview.host}` : "off (CONTENTFUL_PREVIEW_TOKEN not set)"}`,
        ),
        line(
          "events",
          events.mode,
          events.mode === "live"
            ? `events service ${events.config.apiUrl} (space ${events.config.space})`
            : `embedded events stand-in at ${events.config.apiUrl}, pages under ${DEMO_PATHS.events}`,
        ),
        line(
          "leads",
          leads.mode,
          `${
            leads.mode === "live"
              ? "lead webhook configured"
              : leads.mode === "demo"
                ? `embedded webhook sink at ${leads.webhookUrl}`
                : "LEAD_WEBHOOK_URL not set: leads are stored and wait for delivery until it is"
          }; ${signingSummary(env, leads)}`,
        ),
        line(
          "booking",
          booking.mode,
          booking.mode === "live"
            ? `booking widgets at ${booking.widgetUrl}`
            : `embedded booking calendars under ${booking.widgetUrl}`,
        ),
        line(
          "analytics",
          analytics.mode,
          analytics.measurementId
            ? `Google Analytics ${analytics.measurementId}`
            : "GA_MEASUREMENT_ID not set; events stay in window.dataLayer, no script loads",
        ),
      ],
      close: () => closeAll(standIns),
    };
  } catch (error) {
    await closeAll(standIns);
    throw error;
  }
}

type Started = <T extends RunningService>(service: T) => T;

async function resolveLeads(env: Env, started: Started): Promise<Integrations["leads"]> {
  const mirrorUrl = env.LEAD_MIRROR_URL ?? null;
  const configured = env.LEAD_WEBHOOK_SECRET ?? [];
  if (env.LEAD_WEBHOOK_URL) {
    return { mode: "live", webhookUrl: env.LEAD_WEBHOOK_URL, mirrorUrl, signingSecrets: configured };
  }
  if (env.SITE_MODE === "production") {
    return { mode: "unconfigured", webhookUrl: null, mirrorUrl, signingSecrets: configured };
  }
  const { startWebhookSink } = await import("../demo/webhook.ts");
  const signingSecrets = configured.length > 0 ? configured : [`whsec_${randomBytes(32).toString("base64")}`];
  const sink = started(await startWebhookSink({ secrets: signingSecrets }));
  return { mode: "demo", webhookUrl: sink.url, mirrorUrl, signingSecrets };
}

/** What the start-up log says about signing lead posts (never a secret). */
function signingSummary(env: Pick<Env, "LEAD_WEBHOOK_SECRET">, leads: Integrations["leads"]): string {
  const count = env.LEAD_WEBHOOK_SECRET?.length ?? 0;
  if (count === 0 && leads.mode === "demo") {
    return "posts signed (Standard Webhooks) with a secret made for this run, which the sink checks";
  }
  if (count === 0)
    return "posts are NOT signed (LEAD_WEBHOOK_SECRET not set): a receiver cannot tell them from forgeries";
  const secrets = count === 1 ? "one secret" : `${count} secrets (a rotation: one signature each)`;
  return `posts signed (Standard Webhooks) with LEAD_WEBHOOK_SECRET's ${secrets}${leads.mode === "demo" ? ", which the sink checks" : ""}`;
}

async function resolveContent(
  env: Env,
  demoDir: string,
  started: Started,
  demoRoutes: DemoRoute[],
): Promise<Integrations["content"]> {
  const live = liveContentConfig(env);
  if (live) return { mode: "live", config: live };
  requireDemoFiles(demoDir, "data/space.json");
  const { DEMO_ACCESS_TOKEN, DEMO_PREVIEW_TOKEN, DEMO_SPACE_ID, loadDataset, startContentfulStandIn } =
    await import("../demo/contentful.ts");
  const standIn = started(
    await startContentfulStandIn({
      dataset: await loadDataset(path.join(demoDir, "data", "space.json")),
      assetsDir: path.join(demoDir, "assets"),
      spaceId: DEMO_SPACE_ID,
      accessToken: DEMO_ACCESS_TOKEN,
      // The demo's drafts can be previewed offline, through the stand-in's Preview API.
      previewToken: DEMO_PREVIEW_TOKEN,
    }),
  );
  const assetFile = new RegExp(`^/${standIn.spaceId}/[^/]+/[^/]+/[^/]+$`);
  demoRoutes.push({
    prefix: DEMO_PATHS.content,
    target: standIn.url,
    allows: (method, path) => (method === "GET" || method === "HEAD") && assetFile.test(path),
  });
  return {
    mode: "demo",
    config: {
      spaceId: standIn.spaceId,
      accessToken: standIn.accessToken,
      environment: standIn.environment,
      host: standIn.host,
      insecure: true,
      contentSiteId: env.CONTENT_SITE_ID,
      publicAssetPath: DEMO_PATHS.content,
      preview: { accessToken: DEMO_PREVIEW_TOKEN, host: standIn.host },
    },
  };
}

async function resolveEvents(
  env: Env,
  demoDir: string,
  started: Started,
  demoRoutes: DemoRoute[],
): Promise<Integrations["events"]> {
  if (env.EVENTS_CLIENT_ID && env.EVENTS_CLIENT_SECRET && env.EVENTS_SPACE) {
    return {
      mode: "live",
      config: {
        apiUrl: env.EVENTS_API_URL.replace(/\/+$/, ""),
        clientId: env.EVENTS_CLIENT_ID,
        clientSecret: env.EVENTS_CLIENT_SECRET,
        space: env.EVENTS_SPACE,
        publicUrl: env.EVENTS_PUBLIC_URL.replace(/\/+$/, ""),
      },
      coverSourceUrl: env.EVENTS_PUBLIC_URL.replace(/\/+$/, ""),
    };
  }
  requireDemoFiles(demoDir, "assets/events");
  const { DEMO_EVENTS_CLIENT_ID, DEMO_EVENTS_CLIENT_SECRET, DEMO_EVENTS_SPACE, startEventsStandIn } =
    await import("../demo/events.ts");
  const standIn = started(
    await startEventsStandIn({
      clientId: DEMO_EVENTS_CLIENT_ID,
      clientSecret: DEMO_EVENTS_CLIENT_SECRET,
      space: DEMO_EVENTS_SPACE,
      coversDir: path.join(demoDir, "assets", "events"),
      timeZone: env.TZ_SITE,
    }),
  );
  const publicPage = new RegExp(`^/(covers/[^/]+|${standIn.space}/public/events/[^/]+)$`);
  demoRoutes.push({
    prefix: DEMO_PATHS.events,
    target: standIn.url,
    allows: (method, path) => (method === "GET" || method === "HEAD") && publicPage.test(path),
    pageSecurityPolicy: DEMO_PAGE_POLICY,
  });
  return {
    mode: "demo",
    config: {
      apiUrl: standIn.url,
      clientId: standIn.clientId,
      clientSecret: standIn.clientSecret,
      space: standIn.space,
      publicUrl: DEMO_PATHS.events,
    },
    coverSourceUrl: standIn.url,
  };
}

/** The stand-ins' pages are self-contained HTML: inline styles, own images, forms posting back. */
const DEMO_PAGE_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'self'";

async function resolveDemoBooking(started: Started, demoRoutes: DemoRoute[]): Promise<Integrations["booking"]> {
  const { startBookingStandIn } = await import("../demo/booking.ts");
  const standIn = started(await startBookingStandIn({}));
  demoRoutes.push({
    prefix: DEMO_PATHS.booking,
    target: standIn.url,
    allows: (method, path) =>
      (method === "GET" || method === "HEAD" || method === "POST") && /^\/widget\/booking\/[^/]+\/?$/.test(path),
    pageSecurityPolicy: DEMO_PAGE_POLICY,
  });
  return { mode: "demo", widgetUrl: DEMO_PATHS.booking };
}

function line(name: string, mode: string, detail: string): string {
  return `${name.padEnd(9)} ${mode}: ${detail}`;
}

async function closeAll(services: RunningService[]): Promise<void> {
  await Promise.allSettled(services.map((service) => service.close()));
}
