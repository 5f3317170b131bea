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
  videoTours: [
    ["coworking-floor", "OzFdCowork01"],
    ["coworking-members", "OzFdMembers2"],
    ["private-offices-suite", "OzFdOffices3"],
    ["meeting-rooms", "OzFdMeeting4"],
    ["think-lounge", "OzFdLounge05"],
  ].map(([key, id]) => ({ key: key!, defaultVideoUrl: `https://www.youtube-nocookie.com/embed/${id}` })),
  legalSlugs: ["privacy", "terms"],
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

  it("calls a missing content type an error, except the optional site images, videos and legal texts", async () => {
    const removed = new Set(["partners", "siteImage", "siteVideo", "legalText"]);
    const withoutTypes = edited(
      (entries) => entries.filter((entry) => !removed.has(entry.sys.contentType.sys.id)),
      demo.contentTypes.filter((type) => !removed.has(type.sys.id)),
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
      {
        severity: "warning",
        contentType: "siteVideo",
        message:
          "The space has no siteVideo content type: every video tour plays its built-in placeholder address, which cannot play on a live site.",
      },
      {
        severity: "warning",
        contentType: "legalText",
        message:
          "The space has no legalText content type: the Privacy and Terms pages show their built-in texts (app/content/legal.ts).",
      },
    ]);
    expect(formatProblems(problems).split("\n").at(-1)).toBe("1 error, 3 warnings.");
  });

  it("lists the site images the site asks for that the space lacks", async () => {
    const problems = await check(demo, { siteImageKeys: ["benefit-coworking-1", "a-new-place"] });
    expect(problems.map((problem) => problem.message)).toEqual([
      'No picture for site "cchub" with the keys a-new-place: those places show none.',
    ]);
  });

  it("warns when tours are left on their built-in placeholder videos, and about videos no tour can play", async () => {
    const problems = await check(
      edited((entries) => {
        const videos = entries.filter(ofType("siteVideo"));
        const floor = videos.find((entry) => entry.fields.key?.["en-US"] === "coworking-floor")!;
        // An editor pasted the built-in address instead of the hub's own video.
        delete floor.fields.video;
        floor.fields.videoUrl = { "en-US": "https://www.youtube.com/watch?v=OzFdCowork01" };
        const members = videos.find((entry) => entry.fields.key?.["en-US"] === "coworking-members")!;
        delete members.fields.video;
        members.fields.videoUrl = { "en-US": "https://example.org/our-tour" };
        const offices = videos.find((entry) => entry.fields.key?.["en-US"] === "private-offices-suite")!;
        delete offices.fields.video;
        const lounge = videos.find((entry) => entry.fields.key?.["en-US"] === "think-lounge")!;
        const rooftop = structuredClone(lounge);
        rooftop.sys.id = "siteVideo-rooftop";
        rooftop.fields.key = { "en-US": "rooftop-tour" };
        return [...entries.filter((entry) => entry !== lounge), rooftop];
      }),
    );
    expect(problems.map(({ severity, entryId, message }) => `${severity} ${entryId ?? "-"} ${message}`)).toEqual([
      'warning siteVideo-coworking-floor The video "coworking-floor" plays the built-in placeholder address, which cannot play on a live site.',
      'warning siteVideo-coworking-members The video "coworking-members" has the address "https://example.org/our-tour", which is not a YouTube, Vimeo or video-file address: the tour shows its poster without a Play button.',
      'warning siteVideo-private-offices-suite The video "private-offices-suite" has neither a video file nor a videoUrl: the tour shows its poster without a Play button.',
      'warning siteVideo-rooftop The video "rooftop-tour" is for no tour (the tours\' keys: coworking-floor, coworking-members, private-offices-suite, meeting-rooms, think-lounge).',
      "warning - No video for the tours think-lounge: they play their built-in placeholder addresses (app/content/spaces.ts), which cannot play on a live site.",
    ]);
  });

  it("checks the legal texts: a body the page can show, its headings, and a text for each legal page", async () => {
    const problems = await check(
      edited((entries) => {
        const privacy = entries.find(
          (entry) => ofType("legalText")(entry) && entry.fields.slug?.["en-US"] === "privacy",
        )!;
        privacy.fields.body = {
          "en-US": {
            nodeType: "document",
            data: {},
            content: [
              {
                nodeType: "paragraph",
                data: {},
                content: [{ nodeType: "text", value: "One paragraph, no headings.", marks: [], data: {} }],
              },
            ],
          },
        };
        delete privacy.fields.dateLine;
        const terms = entries.find((entry) => ofType("legalText")(entry) && entry.fields.slug?.["en-US"] === "terms")!;
        const cookies = structuredClone(terms);
        cookies.sys.id = "legalText-cookies";
        cookies.fields.slug = { "en-US": "cookies" };
        return [...entries.filter((entry) => entry !== terms), cookies];
      }),
    );
    expect(problems.map(({ severity, entryId, message }) => `${severity} ${entryId ?? "-"} ${message}`)).toEqual([
      expect.stringMatching(
        /^warning \S+ The legal text "privacy" has fewer than two headings 2: its page shows no table of contents\.$/,
      ),
      expect.stringMatching(/^warning \S+ The legal text "privacy" has no dateLine: its page shows none\.$/),
      'warning legalText-cookies The legal text "cookies" is for no page (the legal pages: privacy, terms).',
      "warning - No legal text for terms: /terms show the built-in text (app/content/legal.ts).",
    ]);
  });

  it("calls a legal text without a body an error: its page shows the built-in text", async () => {
    const problems = await check(
      edited((entries) => {
        const terms = entries.find((entry) => ofType("legalText")(entry) && entry.fields.slug?.["en-US"] === "terms")!;
        terms.fields.body = { "en-US": { nodeType: "document", data: {}, content: [] } };
        return entries;
      }),
    );
    expect(problems).toEqual([
      {
        severity: "error",
        contentType: "legalText",
        entryId: expect.any(String),
        message: 'The legal text "terms" has no body: /terms shows the built-in text instead.',
      },
    ]);
  });
});
