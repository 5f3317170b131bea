// Starts the site. In development the server code and pages come through Vite's dev server;
// otherwise from the production build (`npm run build`).
const projectRoot = import.meta.dirname;

if (process.env.NODE_ENV === "development") {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { startServer } = await vite.ssrLoadModule("./server/start.ts");
  await startServer({ projectRoot, vite });
} else {
  const { startServer } = await import("./build/server/index.js");
  await startServer({ projectRoot });
}
