import path from "node:path";
import { type ContentfulStandIn, loadDataset, startContentfulStandIn } from "../../../demo/contentful.ts";
import { type EventsStandIn, startEventsStandIn } from "../../../demo/events.ts";

/** The test content services' Preview API token (a site previews drafts when configured with it). */
export const E2E_PREVIEW_TOKEN = "e2e-preview-token-Zr48";

/** A Contentful-compatible service with the demo dataset under a test space and token, faults controllable. */
export async function startTestContentService({
  port = 0,
  spaceId = "e2espace",
  accessToken = "e2e-delivery-token-7Qx9",
}: { port?: number; spaceId?: string; accessToken?: string } = {}): Promise<ContentfulStandIn> {
  const root = path.resolve(import.meta.dirname, "../../..");
  return startContentfulStandIn({
    dataset: await loadDataset(path.join(root, "demo/data/space.json")),
    assetsDir: path.join(root, "demo/assets"),
    spaceId,
    accessToken,
    previewToken: E2E_PREVIEW_TOKEN,
    port,
    control: true,
  });
}

/** The variables that point a site at such a service. */
export function liveContentEnv(service: ContentfulStandIn): Record<string, string> {
  return {
    CONTENTFUL_SPACE_ID: service.spaceId,
    CONTENTFUL_ACCESS_TOKEN: service.accessToken,
    CONTENTFUL_HOST: service.host,
    CONTENTFUL_INSECURE: "true",
  };
}

/** An events service (Archie-compatible) with the demo events under test credentials, faults controllable. */
export function startTestEventsService(): Promise<EventsStandIn> {
  return startEventsStandIn({
    clientId: "e2e-events-client",
    clientSecret: "e2e-events-secret-Hq72",
    space: "e2e-hub",
    coversDir: path.resolve(import.meta.dirname, "../../../demo/assets/events"),
    timeZone: "America/Chicago",
  });
}

/** The variables that point a site at such an events service. */
export function liveEventsEnv(service: EventsStandIn): Record<string, string> {
  return {
    EVENTS_API_URL: service.url,
    EVENTS_PUBLIC_URL: service.url,
    EVENTS_CLIENT_ID: service.clientId,
    EVENTS_CLIENT_SECRET: service.clientSecret,
    EVENTS_SPACE: service.space,
  };
}
