// Checks a content space against the model the site reads (docs/content.md):
//   npm run content:check            the space in CONTENTFUL_* (the demo dataset when none is set)
//   npm run content:check -- --json  the problems as JSON
// Exits 1 when there are errors (something the site cannot show as meant), 2 when the settings are wrong
// or the space cannot be read, 0 otherwise.
// Run it from a checkout (it loads the site's own code through Vite) with the site's variables.
import path from "node:path";
import { runnerImport } from "vite";
import { parseCommandLine } from "./command-line.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values } = parseCommandLine(import.meta.filename, { options: { json: { type: "boolean", default: false } } });

async function load<T>(file: string): Promise<T> {
  const { module } = await runnerImport<T>(path.join(root, file), {
    configFile: false,
    root,
    resolve: { tsconfigPaths: true },
    logLevel: "error",
  });
  return module;
}

const { EnvError, parseEnv } = await load<typeof import("../app/services/env.server.ts")>("app/services/env.server.ts");
const { checkContent, createContentClient, formatProblems, liveContentConfig } = await load<
  typeof import("../app/services/content/index.ts")
>("app/services/content/index.ts");
const { pages } = await load<typeof import("../app/content/pages.ts")>("app/content/pages.ts");
const spaces = await load<typeof import("../app/content/spaces.ts")>("app/content/spaces.ts");
const { thinkLoungePromo } = await load<typeof import("../app/content/home.ts")>("app/content/home.ts");
const { galleryCategories } = await load<typeof import("../app/content/gallery.ts")>("app/content/gallery.ts");

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv(process.env);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(2);
}

let close = async () => {};
let config: Parameters<typeof createContentClient>[0];
const live = liveContentConfig(env);
if (live) {
  config = live;
  if (!values.json)
    console.log(`Checking Contentful space ${config.spaceId} (${config.environment}) at ${config.host}.`);
} else {
  const { DEMO_ACCESS_TOKEN, DEMO_SPACE_ID, loadDataset, startContentfulStandIn } =
    await import("../demo/contentful.ts");
  const standIn = await startContentfulStandIn({
    dataset: await loadDataset(path.join(root, "demo/data/space.json")),
    assetsDir: path.join(root, "demo/assets"),
    spaceId: DEMO_SPACE_ID,
    accessToken: DEMO_ACCESS_TOKEN,
  });
  close = () => standIn.close();
  config = {
    spaceId: standIn.spaceId,
    accessToken: standIn.accessToken,
    environment: standIn.environment,
    host: standIn.host,
    insecure: true,
    contentSiteId: env.CONTENT_SITE_ID,
    publicAssetPath: null,
    preview: null,
  };
  if (!values.json) console.log("CONTENTFUL_SPACE_ID is not set: checking the demo dataset.");
}

try {
  const client = createContentClient(config);
  const problems = await checkContent(client, {
    contentSiteId: config.contentSiteId,
    // Every page's hero, and the blog post page's (app/routes/blog-post.tsx).
    heroSlugs: [...Object.values(pages).map((page) => page.slug), "blog-post"],
    galleryTags: galleryCategories.flatMap((category) => [...category.tags]),
    siteImageKeys: [
      ...[spaces.coworking, spaces.privateOffices, spaces.meetingRoomsPage, spaces.eventSpaces].flatMap((page) =>
        page.benefits.map((benefit) => benefit.imageKey),
      ),
      thinkLoungePromo.imageKey,
    ],
    videoTours: [
      spaces.coworking,
      spaces.privateOffices,
      spaces.meetingRoomsPage,
      spaces.eventSpaces.configurations,
    ].flatMap((page) => page.videos.map(({ key, defaultVideoUrl }) => ({ key, defaultVideoUrl }))),
    legalSlugs: [pages.privacy.slug, pages.terms.slug],
  });
  console.log(values.json ? JSON.stringify(problems, null, 2) : formatProblems(problems));
  process.exitCode = problems.some((problem) => problem.severity === "error") ? 1 : 0;
} catch (error) {
  // The SDK's message quotes the request, token ending included: its name says enough (e.g. AccessTokenInvalid).
  console.error(`The content service could not be read: ${(error as Error).name}. Check the CONTENTFUL_* settings.`);
  process.exitCode = 2;
} finally {
  await close();
}
