// Starts the site. In development the server code and pages come through Vite's dev server;
// otherwise from the production build (`npm run build`).
import { readFileSync } from "node:fs";

// The Node.js this site runs on is package.json's "engines" range (a major: ">=24 <25"), the one source
// that .nvmrc, the Dockerfile's image and .ci/run follow (server/node-version.test.ts holds them to it).
// Checked before anything else is loaded, so another Node says so in one line.
const engines = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")).engines.node;
const [, lowest, below] = /^>=(\d+) <(\d+)$/.exec(engines) ?? [];
const major = Number(process.versions.node.split(".")[0]);
if (!(major >= Number(lowest) && major < Number(below))) {
  console.error(
    `This site runs on Node.js ${lowest} (package.json engines "${engines}", .nvmrc); this is Node ${process.versions.node}.`,
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
