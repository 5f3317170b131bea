import { type ContentfulClientApi, createClient } from "contentful";
import { absoluteAssetUrl } from "~/domain/images";
import { contentfulPreviewHost, type Env } from "../env.server";

/** Where the content comes from: the Contentful space (or a compatible service) and how to reach it. */

export interface ContentConfig {
  spaceId: string;
  accessToken: string;
  environment: string;
  /** Host and optional port, without a scheme (the SDK ignores a value with one). */
  host: string;
  /** Plain http, for a local or test stand-in. */
  insecure: boolean;
  /** The hub's own identifier in `PageHero.site`. */
  contentSiteId: string;
  /**
   * Where this site serves the service's asset files itself (the demo stand-in's, under `/_demo/...`),
   * or null to link to the service's own asset host.
   */
  publicAssetPath: string | null;
  /** The Content Preview API (drafts included), or null when previews are off. */
  preview: { accessToken: string; host: string } | null;
}

/** The configured (live) Contentful space, or null when the environment names none. */
export function liveContentConfig(env: Env): ContentConfig | null {
  if (!env.CONTENTFUL_SPACE_ID || !env.CONTENTFUL_ACCESS_TOKEN) return null;
  return {
    spaceId: env.CONTENTFUL_SPACE_ID,
    accessToken: env.CONTENTFUL_ACCESS_TOKEN,
    environment: env.CONTENTFUL_ENVIRONMENT,
    host: env.CONTENTFUL_HOST,
    insecure: env.CONTENTFUL_INSECURE,
    contentSiteId: env.CONTENT_SITE_ID,
    publicAssetPath: null,
    preview: env.CONTENTFUL_PREVIEW_TOKEN
      ? { accessToken: env.CONTENTFUL_PREVIEW_TOKEN, host: contentfulPreviewHost(env) }
      : null,
  };
}

/** How asset file URLs (protocol-relative, `//host/space/...`) become the URLs pages link to. */
export function assetUrlResolver({
  insecure,
  publicAssetPath,
}: Pick<ContentConfig, "insecure" | "publicAssetPath">): (fileUrl: string) => string {
  if (publicAssetPath) return (fileUrl) => fileUrl.replace(/^(https?:)?\/\/[^/]+/, publicAssetPath);
  return (fileUrl) => absoluteAssetUrl(fileUrl, insecure ? "http:" : "https:");
}

/**
 * A client of the Delivery API, or with `api: "preview"` of the Preview API (drafts included).
 * `onAttempt` is told of every HTTP attempt the SDK makes, its retries included: the response, or the
 * error (with or without a response) it ended in.
 */
export function createContentClient(
  config: ContentConfig,
  api: "delivery" | "preview" = "delivery",
  { onAttempt }: { onAttempt?: (answer: unknown) => void } = {},
): ContentfulClientApi<undefined> {
  const preview = api === "preview" ? config.preview : null;
  if (api === "preview" && !preview) throw new Error("Previews are not configured (CONTENTFUL_PREVIEW_TOKEN)");
  return createClient({
    space: config.spaceId,
    accessToken: preview?.accessToken ?? config.accessToken,
    environment: config.environment,
    host: preview?.host ?? config.host,
    insecure: config.insecure,
    timeout: 30_000,
    retryLimit: 5,
    ...(onAttempt ? { responseLogger: onAttempt } : {}),
  });
}
