// A Contentful-compatible service for the "live" site in the end-to-end tests: the demo dataset under
// another space id and token, with the fault-injection control endpoints switched on.
import path from "node:path";
import { loadDataset, startContentfulStandIn } from "../../../demo/contentful.ts";
import { CONTENT_STAND_IN } from "./servers.ts";

const root = path.resolve(import.meta.dirname, "../../..");
const dataset = await loadDataset(path.join(root, "demo/data/space.json"));
const standIn = await startContentfulStandIn({
  dataset,
  assetsDir: path.join(root, "demo/assets"),
  spaceId: CONTENT_STAND_IN.spaceId,
  accessToken: CONTENT_STAND_IN.accessToken,
  port: Number(process.env.PORT ?? CONTENT_STAND_IN.port),
  control: true,
});
console.log(`Test content service on ${standIn.url}`);

const stop = () => standIn.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
