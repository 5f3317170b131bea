import type { Document } from "@contentful/rich-text-types";
import type { ContentfulClientApi } from "contentful";
import { legalDocumentFromRichText } from "~/domain/legal-text";
import { toVideoSource } from "~/domain/video";
import { SITE_IMAGE_TYPE } from "./model.server";

/**
 * `npm run content:check`: reads a content space the way the site does and lists what breaks the
 * model the site reads (docs/content.md). An error is something the site cannot show as the editor
 * meant: a content type it queries is missing (its sections show their error message), or an entry
 * lacks a field the site needs (the site leaves the entry out). A warning is shown, but not as meant:
 * a hero without a site, a gallery tag outside the filters, a picture the site asks for that is missing,
 * a video tour left on its built-in placeholder address, a legal page left on its built-in text.
 */

export type Severity = "error" | "warning";

export interface ContentProblem {
  severity: Severity;
  contentType: string;
  /** The entry, when the problem is one entry's. */
  entryId?: string;
  message: string;
}

export interface ContentModel {
  /** The hub's own identifier in `PageHero.site` and `siteImage.site` (CONTENT_SITE_ID). */
  contentSiteId: string;
  /** The page slugs whose hero the site asks for. */
  heroSlugs: string[];
  /** Every tag the gallery's filters know. */
  galleryTags: string[];
  /** The `siteImage` keys the site asks for. */
  siteImageKeys: string[];
  /**
   * The video tours (`siteVideo` keys) and the address each plays without an entry: a placeholder
   * built into the code (app/content/spaces.ts), which cannot play on a live site.
   */
  videoTours: { key: string; defaultVideoUrl: string }[];
  /** The pages that show a `legalText` entry, by slug (privacy, terms). */
  legalSlugs: string[];
}

type Fields = Record<string, unknown>;
interface RawEntry {
  sys: { id: string };
  fields: Fields;
}

/** Fields the site needs, by content type: an entry without one is left out of the site. */
const REQUIRED_FIELDS: Record<string, { fields: string[]; consequence: string }> = {
  blogPost: { fields: ["title", "slug", "publishDate"], consequence: "the site leaves the post out" },
  successStory: { fields: ["title"], consequence: "the site leaves the story out" },
  partners: { fields: ["name"], consequence: "the site leaves the partner out" },
  galleryImage: { fields: ["image"], consequence: "the gallery leaves the image out" },
  PageHero: { fields: ["slug"], consequence: "no page uses the hero" },
  [SITE_IMAGE_TYPE]: { fields: ["key", "site", "image"], consequence: "no page uses the picture" },
  siteVideo: { fields: ["key"], consequence: "no tour uses it" },
  legalText: { fields: ["slug"], consequence: "no page uses it" },
};

/** Content types whose absence the site survives, and what it shows instead. */
const OPTIONAL_TYPES: Record<string, string> = {
  [SITE_IMAGE_TYPE]: "those places show no picture",
  siteVideo: "every video tour plays its built-in placeholder address, which cannot play on a live site",
  legalText: "the Privacy and Terms pages show their built-in texts (app/content/legal.ts)",
};

const PAGE_SIZE = 1_000;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
}

/** A link the SDK could not resolve stays a link (`sys.type === "Link"`): its target is missing or unpublished. */
function isUnresolved(value: unknown): boolean {
  return (value as { sys?: { type?: unknown } } | null)?.sys?.type === "Link";
}

function label(entry: RawEntry, field: string): string {
  const value = entry.fields[field];
  return typeof value === "string" && value ? `"${value}"` : entry.sys.id;
}

async function entriesOf(client: Pick<ContentfulClientApi<undefined>, "getEntries">, contentType: string) {
  const entries: RawEntry[] = [];
  for (let skip = 0; ; skip += PAGE_SIZE) {
    const page = await client.getEntries({ content_type: contentType, limit: PAGE_SIZE, skip, include: 1 } as never);
    entries.push(...(page.items as unknown as RawEntry[]));
    if (page.items.length === 0 || skip + page.items.length >= page.total) return entries;
  }
}

export async function checkContent(
  client: Pick<ContentfulClientApi<undefined>, "getEntries" | "getContentTypes">,
  model: ContentModel,
): Promise<ContentProblem[]> {
  const problems: ContentProblem[] = [];
  const add = (severity: Severity, contentType: string, message: string, entryId?: string) =>
    problems.push({ severity, contentType, message, ...(entryId ? { entryId } : {}) });

  const types = new Set((await client.getContentTypes()).items.map((type) => type.sys.id));
  const entries: Record<string, RawEntry[]> = {};
  for (const contentType of Object.keys(REQUIRED_FIELDS)) {
    if (!types.has(contentType)) {
      if (contentType in OPTIONAL_TYPES) {
        add("warning", contentType, `The space has no ${contentType} content type: ${OPTIONAL_TYPES[contentType]}.`);
      } else {
        add("error", contentType, `The space has no ${contentType} content type: the site's queries for it fail.`);
      }
      entries[contentType] = [];
      continue;
    }
    entries[contentType] = await entriesOf(client, contentType);
    const { fields, consequence } = REQUIRED_FIELDS[contentType]!;
    for (const entry of entries[contentType]) {
      const missing = fields.filter((field) => isBlank(entry.fields[field]));
      if (missing.length > 0) {
        add(
          "error",
          contentType,
          `${label(entry, "title")} has no ${missing.join(", ")}: ${consequence}.`,
          entry.sys.id,
        );
      }
    }
  }

  const posts = entries.blogPost ?? [];
  const slugs = new Map<string, number>();
  for (const post of posts) {
    const slug = post.fields.slug;
    if (typeof slug === "string" && slug) slugs.set(slug, (slugs.get(slug) ?? 0) + 1);
    if (typeof slug === "string" && slug && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) {
      add(
        "warning",
        "blogPost",
        `${label(post, "title")} has the slug "${slug}": use lower-case words and hyphens.`,
        post.sys.id,
      );
    }
    if (isUnresolved(post.fields.featuredImage)) {
      add("warning", "blogPost", `${label(post, "title")} links an image that is missing or unpublished.`, post.sys.id);
    }
  }
  for (const [slug, count] of slugs) {
    if (count > 1)
      add("warning", "blogPost", `${count} posts share the slug "${slug}": only one of them has an address.`);
  }

  for (const story of entries.successStory ?? []) {
    if (isBlank(story.fields.pageSlugs)) {
      add("warning", "successStory", `${label(story, "title")} lists no pageSlugs: no page shows it.`, story.sys.id);
    }
  }

  const knownTags = new Set(model.galleryTags);
  for (const image of entries.galleryImage ?? []) {
    const tags = Array.isArray(image.fields.tags) ? (image.fields.tags as unknown[]) : [];
    const unknown = tags.filter((tag) => typeof tag !== "string" || !knownTags.has(tag));
    if (unknown.length > 0) {
      add(
        "warning",
        "galleryImage",
        `${label(image, "title")} has tags outside the gallery's filters (${unknown.join(", ")}): no filter shows it by them.`,
        image.sys.id,
      );
    }
    if (isUnresolved(image.fields.image)) {
      add(
        "error",
        "galleryImage",
        `${label(image, "title")} links an image that is missing or unpublished.`,
        image.sys.id,
      );
    }
  }

  const heroes = entries.PageHero ?? [];
  for (const hero of heroes) {
    if (isBlank(hero.fields.site)) {
      add("warning", "PageHero", `The hero ${label(hero, "slug")} has no site: no page uses it.`, hero.sys.id);
    }
    if (hero.fields.site === model.contentSiteId && isBlank(hero.fields.backgroundImage)) {
      add(
        "warning",
        "PageHero",
        `The hero ${label(hero, "slug")} has no background image: the page shows its own.`,
        hero.sys.id,
      );
    }
  }
  if (types.has("PageHero")) {
    const ours = new Set(
      heroes.filter((hero) => hero.fields.site === model.contentSiteId).map((hero) => hero.fields.slug),
    );
    const missing = model.heroSlugs.filter((slug) => !ours.has(slug));
    if (missing.length > 0) {
      add(
        "warning",
        "PageHero",
        `No hero for site "${model.contentSiteId}" on ${missing.join(", ")}: those pages show their own background.`,
      );
    }
  }

  if (types.has(SITE_IMAGE_TYPE)) {
    const keys = new Set(
      (entries[SITE_IMAGE_TYPE] ?? [])
        .filter((image) => image.fields.site === model.contentSiteId)
        .map((image) => image.fields.key),
    );
    const missing = model.siteImageKeys.filter((key) => !keys.has(key));
    if (missing.length > 0) {
      add(
        "warning",
        SITE_IMAGE_TYPE,
        `No picture for site "${model.contentSiteId}" with the keys ${missing.join(", ")}: those places show none.`,
      );
    }
  }
  if (types.has("siteVideo")) checkSiteVideos(entries.siteVideo ?? [], model, add);
  if (types.has("legalText")) checkLegalTexts(entries.legalText ?? [], model, add);
  return problems;
}

type AddProblem = (severity: Severity, contentType: string, message: string, entryId?: string) => void;

/** The address a `siteVideo` entry plays, as the site reads it (site.server.ts): an uploaded video file first. */
function siteVideoAddress(entry: RawEntry): string | null {
  const file = (entry.fields.video as { fields?: { file?: { url?: unknown; contentType?: unknown } } } | undefined)
    ?.fields?.file;
  if (typeof file?.url === "string" && typeof file.contentType === "string" && file.contentType.startsWith("video/")) {
    return file.url.startsWith("//") ? `https:${file.url}` : file.url;
  }
  const address = typeof entry.fields.videoUrl === "string" ? entry.fields.videoUrl.trim() : "";
  if (!address) return null;
  return address.startsWith("//") ? `https:${address}` : address;
}

function checkSiteVideos(videos: RawEntry[], model: ContentModel, add: AddProblem): void {
  const tours = new Map(model.videoTours.map((tour) => [tour.key, tour.defaultVideoUrl]));
  const byKey = new Map<string, RawEntry[]>();
  for (const video of videos) {
    const key = video.fields.key;
    if (typeof key !== "string" || !key) continue;
    byKey.set(key, [...(byKey.get(key) ?? []), video]);
    const name = `The video "${key}"`;
    if (!tours.has(key)) {
      add(
        "warning",
        "siteVideo",
        `${name} is for no tour (the tours' keys: ${[...tours.keys()].join(", ")}).`,
        video.sys.id,
      );
    }
    if (isUnresolved(video.fields.video)) {
      add("warning", "siteVideo", `${name} links a video file that is missing or unpublished.`, video.sys.id);
    } else {
      const contentType = (video.fields.video as { fields?: { file?: { contentType?: unknown } } } | undefined)?.fields
        ?.file?.contentType;
      if (typeof contentType === "string" && !contentType.startsWith("video/")) {
        add("warning", "siteVideo", `${name} links a file that is not a video (${contentType}).`, video.sys.id);
      }
    }
    const address = siteVideoAddress(video);
    if (!address) {
      add(
        "warning",
        "siteVideo",
        `${name} has neither a video file nor a videoUrl: the tour shows its poster without a Play button.`,
        video.sys.id,
      );
    } else if (!toVideoSource(address)) {
      add(
        "warning",
        "siteVideo",
        `${name} has the address "${address}", which is not a YouTube, Vimeo or video-file address: the tour shows its poster without a Play button.`,
        video.sys.id,
      );
    } else if (tours.has(key) && toVideoSource(address)?.url === toVideoSource(tours.get(key))?.url) {
      add(
        "warning",
        "siteVideo",
        `${name} plays the built-in placeholder address, which cannot play on a live site.`,
        video.sys.id,
      );
    }
  }
  for (const [key, entries] of byKey) {
    if (entries.length > 1) {
      add("warning", "siteVideo", `${entries.length} entries share the key "${key}": the tour plays one of them.`);
    }
  }
  const placeholders = [...tours.keys()].filter((key) => !byKey.has(key));
  if (placeholders.length > 0) {
    add(
      "warning",
      "siteVideo",
      `No video for the tours ${placeholders.join(", ")}: they play their built-in placeholder addresses (app/content/spaces.ts), which cannot play on a live site.`,
    );
  }
}

function checkLegalTexts(texts: RawEntry[], model: ContentModel, add: AddProblem): void {
  const bySlug = new Map<string, number>();
  for (const legal of texts) {
    const slug = legal.fields.slug;
    if (typeof slug !== "string" || !slug) continue;
    bySlug.set(slug, (bySlug.get(slug) ?? 0) + 1);
    const name = `The legal text "${slug}"`;
    if (!model.legalSlugs.includes(slug)) {
      add(
        "warning",
        "legalText",
        `${name} is for no page (the legal pages: ${model.legalSlugs.join(", ")}).`,
        legal.sys.id,
      );
      continue;
    }
    const body = legal.fields.body as { nodeType?: unknown } | undefined;
    const document = legalDocumentFromRichText({
      dateLine: "",
      introduction: "",
      body: body?.nodeType === "document" ? (body as Document) : null,
    });
    if (document.sections.length === 0) {
      add("error", "legalText", `${name} has no body: /${slug} shows the built-in text instead.`, legal.sys.id);
      continue;
    }
    if (document.sections.filter((section) => section.heading).length < 2) {
      add(
        "warning",
        "legalText",
        `${name} has fewer than two headings 2: its page shows no table of contents.`,
        legal.sys.id,
      );
    }
    const missing = ["dateLine", "introduction"].filter((field) => isBlank(legal.fields[field]));
    if (missing.length > 0) {
      add("warning", "legalText", `${name} has no ${missing.join(", ")}: its page shows none.`, legal.sys.id);
    }
  }
  for (const [slug, count] of bySlug) {
    if (count > 1)
      add("warning", "legalText", `${count} legal texts share the slug "${slug}": the page shows one of them.`);
  }
  const builtIn = model.legalSlugs.filter((slug) => !bySlug.has(slug));
  if (builtIn.length > 0) {
    add(
      "warning",
      "legalText",
      `No legal text for ${builtIn.join(", ")}: ${builtIn.map((slug) => `/${slug}`).join(" and ")} show the built-in text (app/content/legal.ts).`,
    );
  }
}

export function formatProblems(problems: ContentProblem[]): string {
  const lines = problems.map(
    (problem) =>
      `${problem.severity.padEnd(7)} ${problem.contentType}${problem.entryId ? ` ${problem.entryId}` : ""}: ${problem.message}`,
  );
  const errors = problems.filter((problem) => problem.severity === "error").length;
  const warnings = problems.length - errors;
  lines.push(`${errors} ${errors === 1 ? "error" : "errors"}, ${warnings} ${warnings === 1 ? "warning" : "warnings"}.`);
  return lines.join("\n");
}
