// A Contentful-compatible service for the "live" site in the end-to-end tests: the demo dataset under
// another space id and token, with the fault-injection control endpoints switched on.
import { startTestContentService } from "./content-stand-in.ts";
import { CONTENT_STAND_IN } from "./servers.ts";

const standIn = await startTestContentService({
  port: Number(process.env.PORT ?? CONTENT_STAND_IN.port),
  spaceId: CONTENT_STAND_IN.spaceId,
  accessToken: CONTENT_STAND_IN.accessToken,
});
console.log(`Test content service on ${standIn.url}`);

const stop = () => standIn.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
