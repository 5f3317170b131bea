import path from "node:path";
import { type ContentfulStandIn, loadDataset, startContentfulStandIn } from "../../../demo/contentful.ts";

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
