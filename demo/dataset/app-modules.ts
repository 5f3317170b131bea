import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";

/**
 * Loads modules of the app (which use its `~/` alias and extensionless imports, so Node alone cannot)
 * through Vite, for the dataset builder: the demo's content is seeded from the site's own copy rather
 * than a second copy of it.
 */
export async function loadAppModule<T>(pathInRepository: string): Promise<T> {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const server = await createServer({
    root,
    configFile: false,
    logLevel: "error",
    appType: "custom",
    resolve: { tsconfigPaths: true },
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return (await server.ssrLoadModule(`/${pathInRepository}`)) as T;
  } finally {
    await server.close();
  }
}
