import path from "node:path";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { AppContext } from "~/context";
import { createCache } from "~/services/cache.server";
import { createContentClient, createContentService } from "~/services/content.server";
import { EnvError, parseEnv, siteOrigin } from "~/services/env.server";
import { createApp } from "./app.ts";
import { resolveIntegrations } from "./integrations.ts";
import { originOf } from "./security.ts";

/**
 * The production server (and, with Vite's middleware, the development server): parses the
 * environment, starts demo stand-ins for unconfigured integrations, builds the services, serves the
 * site and shuts down gracefully on SIGTERM.
 */

export interface StartOptions {
  projectRoot: string;
  vite?: ViteDevServer;
}

const SHUTDOWN_GRACE_MS = 10_000;

export async function startServer({ projectRoot, vite }: StartOptions): Promise<void> {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const integrations = await resolveIntegrations(env, { projectRoot });
  const contentConfig = integrations.content.config;

  const cache = createCache({
    freshMs: 60_000,
    staleIfErrorMs: 24 * 60 * 60_000,
    waitMs: 4_000,
    maxEntries: 1_000,
    retryAfterFailureMs: 15_000,
    onBackgroundError: (key, error) =>
      console.warn(`Content refresh failed for ${key}; serving the cached copy.`, error),
  });

  const context: AppContext = {
    services: {
      content: createContentService({
        client: createContentClient(contentConfig),
        contentSiteId: contentConfig.contentSiteId,
        assetProtocol: contentConfig.insecure ? "http:" : "https:",
        cache,
      }),
    },
    config: {
      siteUrl: siteOrigin(env),
      contentSiteId: contentConfig.contentSiteId,
      timeZone: env.TZ_SITE,
      gaMeasurementId: integrations.analytics.measurementId,
      bookingWidgetUrl: integrations.booking.widgetUrl,
      eventsPublicUrl: integrations.events.config.publicUrl,
    },
    errorTestRoute: env.ERROR_TEST_ROUTE,
  };

  const insecureOrigins = [
    contentConfig.insecure ? `http://${contentConfig.host}` : null,
    integrations.events.config.publicUrl.startsWith("http:") ? originOf(integrations.events.config.publicUrl) : null,
  ].filter((origin): origin is string => origin !== null);

  const startedAt = Date.now();
  const app = createApp({
    context,
    build: vite
      ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
      : () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
    clientDir: path.join(projectRoot, "build", "client"),
    https: context.config.siteUrl.startsWith("https:"),
    csp: vite
      ? null
      : {
          frames: [
            originOf(integrations.booking.widgetUrl),
            "https://www.youtube-nocookie.com",
            "https://www.youtube.com",
            "https://player.vimeo.com",
          ],
          insecureImages: insecureOrigins,
          analytics: integrations.analytics.mode === "live",
        },
    devMiddleware: vite?.middlewares,
    health: () => ({
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      integrations: {
        content: integrations.content.mode,
        events: integrations.events.mode,
        leads: integrations.leads.mode,
        booking: integrations.booking.mode,
        analytics: integrations.analytics.mode,
      },
    }),
  });

  const server = app.listen(env.PORT, env.HOST, () => {
    for (const line of integrations.summary()) console.log(line);
    console.log(`Ozark Foundry site listening on ${context.config.siteUrl} (${env.HOST}:${env.PORT})`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing open requests, then stopping.`);
    const forceExit = setTimeout(() => {
      console.warn("Open connections did not finish in time; stopping anyway.");
      process.exit(0);
    }, SHUTDOWN_GRACE_MS);
    forceExit.unref();
    server.close(async () => {
      await integrations.close();
      await vite?.close();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
