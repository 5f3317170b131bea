import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentfulStandIn, loadDataset, startContentfulStandIn } from "../../../demo/contentful.ts";
import type { ContentfulExport, ExportEntry } from "../../../demo/contentful-export.ts";
import { createContentClient } from "./index.ts";
import { type ContentModel, checkContent, formatProblems } from "./check.server";

const root = path.resolve(import.meta.dirname, "../../..");
const running: ContentfulStandIn[] = [];
let demo: ContentfulExport;

beforeAll(async () => {
  demo = await loadDataset(path.join(root, "demo/data/space.json"));
});

afterAll(async () => {
  await Promise.all(running.map((standIn) => standIn.close()));
});

const model: ContentModel = {
  contentSiteId: "cchub",
  heroSlugs: ["home", "coworking"],
  galleryTags: [
    "workspace",
    "common-areas",
    "meeting-rooms",
    "coworking",
    "amenities",
    "event-spaces",
    "ext",
    "construction",
  ],
  siteImageKeys: ["benefit-coworking-1", "home-think-lounge"],
};

async function check(dataset: ContentfulExport, overrides: Partial<ContentModel> = {}) {
  const standIn = await startContentfulStandIn({
    dataset,
    assetsDir: path.join(root, "demo/assets"),
    spaceId: "checkspace",
    accessToken: "check-token",
  });
  running.push(standIn);
  const client = createContentClient({
    spaceId: standIn.spaceId,
    accessToken: standIn.accessToken,
    environment: "master",
    host: standIn.host,
    insecure: true,
    contentSiteId: "cchub",
    publicAssetPath: null,
    preview: null,
  });
  return checkContent(client, { ...model, ...overrides });
}

function edited(change: (entries: ExportEntry[]) => ExportEntry[], contentTypes = demo.contentTypes): ContentfulExport {
  return { ...demo, contentTypes, entries: change(structuredClone(demo.entries)) };
}

const ofType = (type: string) => (entry: ExportEntry) => entry.sys.contentType.sys.id === type;

describe("the content check", () => {
  it("finds nothing wrong with the demo dataset", async () => {
    expect(await check(demo)).toEqual([]);
  });

  it("reports posts without slugs, heroes without a site and gallery tags outside the filters", async () => {
    const problems = await check(
      edited((entries) => {
        const post = entries.find(ofType("blogPost"))!;
        delete post.fields.slug;
        const hero = entries.find((entry) => entry.sys.id === "pageHero-coworking")!;
        delete hero.fields.site;
        const image = entries.find(ofType("galleryImage"))!;
        image.fields.tags = { "en-US": ["workspace", "rooftop"] };
        return entries;
      }),
    );
    expect(problems.map(({ severity, contentType }) => `${severity} ${contentType}`)).toEqual([
      "error blogPost",
      "warning galleryImage",
      "warning PageHero",
      "warning PageHero",
    ]);
    expect(problems[0]!.message).toMatch(/has no slug: the site leaves the post out\.$/);
    expect(problems[1]!.message).toContain("(rooftop)");
    expect(problems[2]!.message).toBe('The hero "coworking" has no site: no page uses it.');
    expect(problems[3]!.message).toBe('No hero for site "cchub" on coworking: those pages show their own background.');
  });

  it("calls a missing content type an error, except the optional site images", async () => {
    const withoutTypes = edited(
      (entries) => entries.filter((entry) => !ofType("partners")(entry) && !ofType("siteImage")(entry)),
      demo.contentTypes.filter((type) => type.sys.id !== "partners" && type.sys.id !== "siteImage"),
    );
    const problems = await check(withoutTypes);
    expect(problems).toEqual([
      {
        severity: "error",
        contentType: "partners",
        message: "The space has no partners content type: the site's queries for it fail.",
      },
      {
        severity: "warning",
        contentType: "siteImage",
        message: "The space has no siteImage content type: those places show no picture.",
      },
    ]);
    expect(formatProblems(problems).split("\n").at(-1)).toBe("1 error, 1 warning.");
  });

  it("lists the site images the site asks for that the space lacks", async () => {
    const problems = await check(demo, { siteImageKeys: ["benefit-coworking-1", "a-new-place"] });
    expect(problems.map((problem) => problem.message)).toEqual([
      'No picture for site "cchub" with the keys a-new-place: those places show none.',
    ]);
  });
});
