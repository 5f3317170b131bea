// Starts the site. In development the server code and pages come through Vite's dev server;
// otherwise from the production build (`npm run build`).
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 5)) {
  console.error(
    `This site needs Node.js 24 (.nvmrc); its lead store needs node:sqlite, from Node 22.5. This is Node ${process.versions.node}.`,
  );
  process.exit(1);
}

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
