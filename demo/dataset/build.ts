/**
 * Builds the demo content dataset in Contentful's export format and writes demo/data/space.json.
 * Run after the images exist (npm run demo-images): asset sizes are read from disk.
 *
 *   npm run demo-dataset
 */
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type {
  ContentTypeField,
  ContentfulExport,
  ExportAsset,
  ExportContentType,
  ExportEntry,
} from "../contentful-export.ts";
import {
  assetPath,
  assetUrl,
  contentfulImages,
  demoVideos,
  fileNameOf,
  galleryDefs,
  logoAssets,
  videoAssetPath,
  videoAssetUrl,
  videoFileNameOf,
} from "../../scripts/demo-images/catalog.ts";
import type { LegalDocument } from "../../app/content/legal.ts";
import { loadAppModule } from "./app-modules.ts";
import { draftPosts, type PostDef, posts } from "./posts.ts";
import { legalBody, wordCount } from "./richtext.ts";
import { PAGE_HEROES, partners, SITE_IMAGES, SITE_VIDEOS, stories } from "./content.ts";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const LOCALE = "en-US";
export const SITE = "cchub";

const loc = <T>(v: T) => ({ [LOCALE]: v });
const assetLink = (id: string) => ({ sys: { type: "Link" as const, linkType: "Asset" as const, id } });

// ---------------------------------------------------------------- timestamps

/** ISO timestamp `days` after `base` (a date or date-time), at a given UTC hour. */
function at(base: string, days: number, hour: number, minute = 0): string {
  const d = new Date(base.length === 10 ? `${base}T00:00:00.000Z` : base);
  d.setUTCDate(d.getUTCDate() + days);
  d.setUTCHours(hour, minute, 0, 0);
  return d.toISOString();
}

function sysTimes(created: string, updated: string, version: number) {
  return {
    createdAt: created,
    updatedAt: updated,
    publishedAt: updated,
    firstPublishedAt: at(created, 0, 16, 30),
    publishedVersion: version,
  };
}

// ---------------------------------------------------------------- content types

const symbol = (id: string, name: string, required = false, validations: unknown[] = []): ContentTypeField => ({
  id,
  name,
  type: "Symbol",
  required,
  localized: false,
  validations,
});
const textF = (id: string, name: string): ContentTypeField => ({
  id,
  name,
  type: "Text",
  required: false,
  localized: false,
  validations: [],
});
const assetF = (id: string, name: string): ContentTypeField => ({
  id,
  name,
  type: "Link",
  linkType: "Asset",
  required: false,
  localized: false,
  validations: [{ linkMimetypeGroup: ["image"] }],
});
const symbols = (id: string, name: string): ContentTypeField => ({
  id,
  name,
  type: "Array",
  items: { type: "Symbol", validations: [] },
  required: false,
  localized: false,
  validations: [],
});
const bool = (id: string, name: string): ContentTypeField => ({
  id,
  name,
  type: "Boolean",
  required: false,
  localized: false,
  validations: [],
});

function contentType(
  id: string,
  name: string,
  displayField: string,
  description: string,
  fields: ContentTypeField[],
  created: string,
): ExportContentType {
  return {
    sys: { id, type: "ContentType", createdAt: created, updatedAt: at(created, 2, 15) },
    name,
    displayField,
    description,
    fields,
  };
}

export const contentTypes: ExportContentType[] = [
  contentType(
    "blogPost",
    "Blog Post",
    "title",
    "An article on the hub's blog.",
    [
      symbol("title", "Title", true),
      symbol("slug", "Slug", true, [{ unique: true }, { regexp: { pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$" } }]),
      { id: "publishDate", name: "Publish Date", type: "Date", required: true, localized: false, validations: [] },
      symbol("author", "Author"),
      textF("excerpt", "Excerpt"),
      { id: "content", name: "Content", type: "RichText", required: false, localized: false, validations: [] },
      assetF("featuredImage", "Featured Image"),
      symbol("videoURL", "Video URL"),
      symbols("tags", "Tags"),
      bool("featured", "Featured"),
    ],
    "2024-11-04T15:10:00.000Z",
  ),
  contentType(
    "successStory",
    "Success Story",
    "title",
    "A member's story, shown on the space pages listed in pageSlugs.",
    [
      symbol("title", "Title", true),
      textF("description", "Description"),
      assetF("featuredImage", "Featured Image"),
      symbol("videoURL", "Video URL"),
      textF("quote", "Quote"),
      symbol("authorName", "Author Name"),
      symbol("authorRole", "Author Role"),
      symbol("companyName", "Company Name"),
      symbols("benefits", "Benefits"),
      symbols("pageSlugs", "Page Slugs"),
    ],
    "2024-11-04T15:20:00.000Z",
  ),
  contentType(
    "partners",
    "Partners",
    "name",
    "Community, corporate and education partners.",
    [
      symbol("name", "Name", true),
      symbol("type", "Type", false, [{ in: ["community", "corporate", "education"] }]),
      textF("description", "Description"),
      textF("longDescription", "Long Description"),
      assetF("logo", "Logo"),
      symbol("website", "Website"),
      symbol("location", "Location"),
      symbol("partnerSince", "Partner Since"),
      symbols("benefits", "Benefits"),
      symbols("initiatives", "Initiatives"),
      bool("featured", "Featured"),
      { id: "order", name: "Order", type: "Integer", required: false, localized: false, validations: [] },
    ],
    "2024-11-04T15:30:00.000Z",
  ),
  contentType(
    "galleryImage",
    "Gallery Image",
    "title",
    "A photo in the space gallery, filtered by tags.",
    [
      symbol("title", "Title", true),
      textF("description", "Description"),
      assetF("image", "Image"),
      symbols("tags", "Tags"),
    ],
    "2024-11-04T15:40:00.000Z",
  ),
  contentType(
    "PageHero",
    "Page Hero",
    "slug",
    "The background image of a page's hero, per site.",
    [symbol("slug", "Slug", true), symbol("site", "Site", true), assetF("backgroundImage", "Background Image")],
    "2024-11-04T15:50:00.000Z",
  ),
  contentType(
    "siteImage",
    "Site Image",
    "key",
    "A picture the site shows in a fixed place (a space page's benefit, the home page's Think Lounge promotion), per site.",
    [
      symbol("key", "Key", true, [{ regexp: { pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$" } }]),
      symbol("site", "Site", true),
      { ...assetF("image", "Image"), required: true },
    ],
    "2025-04-01T13:00:00.000Z",
  ),
  // The site's own video tours (docs/content.md#the-content-model), chosen by editors, not the code.
  contentType(
    "siteVideo",
    "Site Video",
    "title",
    "A video tour on the site's pages, found by its key. Link an uploaded video file, or give the address of a YouTube or Vimeo video (or of a video file) in Video URL; with neither, the page shows the tour's poster without a Play button.",
    [
      symbol("key", "Key", true, [{ unique: true }, { in: SITE_VIDEOS.map((video) => video.key) }]),
      symbol("title", "Title"),
      { ...assetF("video", "Video File"), validations: [{ linkMimetypeGroup: ["video"] }] },
      symbol("videoUrl", "Video URL"),
    ],
    "2026-11-20T15:00:00.000Z",
  ),
  // The site's own legal texts (docs/content.md#the-content-model), owned by counsel, not the code.
  contentType(
    "legalText",
    "Legal Text",
    "title",
    "The text of a legal page (slug privacy or terms): the date line under the heading, an introduction, and the body. Each heading 2 of the body starts a section of the page's table of contents.",
    [
      symbol("slug", "Slug", true, [{ unique: true }, { in: ["privacy", "terms"] }]),
      symbol("title", "Title"),
      symbol("dateLine", "Date Line"),
      textF("introduction", "Introduction"),
      { id: "body", name: "Body", type: "RichText", required: false, localized: false, validations: [] },
    ],
    "2026-11-21T15:00:00.000Z",
  ),
];

/** The legal texts the demo's content service holds: the site's own built-in texts. */
export interface LegalTexts {
  privacy: LegalDocument;
  terms: LegalDocument;
}

function entry(
  contentTypeId: string,
  id: string,
  fields: Record<string, unknown>,
  created: string,
  updated: string,
  version = 3,
): ExportEntry {
  const localized: Record<string, Record<string, unknown>> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) localized[k] = loc(v);
  return {
    sys: {
      id,
      type: "Entry",
      contentType: { sys: { type: "Link", linkType: "ContentType", id: contentTypeId } },
      ...sysTimes(created, updated, version),
    },
    fields: localized,
  };
}

/** An entry saved but never published: no publish times or version, as in a real export. */
function draft(contentTypeId: string, id: string, fields: Record<string, unknown>, created: string): ExportEntry {
  const published = entry(contentTypeId, id, fields, created, at(created, 0, 17, 0));
  const { publishedAt: _publishedAt, firstPublishedAt: _first, publishedVersion: _version, ...sys } = published.sys;
  return { ...published, sys };
}

// ---------------------------------------------------------------- assets

/** When each group of assets was uploaded (to vary createdAt realistically). */
function assetCreated(id: string, index: number): string {
  const blog = posts.find((p) => `blog-${p.slug}` === id);
  if (blog) return at(blog.publishDate, -4, 14, index % 60);
  if (id === "blog-embedded-scaffolding") return at("2025-01-14", -6, 17, 5);
  if (id.startsWith("hero-")) return at("2024-12-02", Math.floor(index / 4), 15, (index * 7) % 60);
  if (id.startsWith("story-")) return at("2025-02-10", Number(id.slice(6)) * 23, 16, 20);
  if (id.startsWith("gallery-")) return at("2025-01-20", Number(id.slice(8)) * 9, 18, (index * 11) % 60);
  if (id.startsWith("benefit-")) return at("2025-04-01", index % 12, 13, 40);
  if (id.startsWith("partner-logo-")) return at("2024-12-10", Number(id.slice(13)) * 3, 19, 15);
  return "2025-01-01T12:00:00.000Z";
}

export function buildAssets(): ExportAsset[] {
  const out: ExportAsset[] = [];
  contentfulImages.forEach((img, i) => {
    const fileName = fileNameOf(img);
    const size = statSync(join(root, "demo", "assets", assetPath(img.id, fileName))).size;
    const created = assetCreated(img.id, i);
    out.push({
      sys: { id: img.id, type: "Asset", ...sysTimes(created, at(created, 0, 20, 5), 2) },
      fields: {
        title: loc(img.title),
        description: loc(img.description),
        file: loc({
          url: assetUrl(img.id, fileName),
          fileName,
          contentType: "image/webp",
          details: { size, image: { width: img.width, height: img.height } },
        }),
      },
    });
  });
  logoAssets.forEach((logo, i) => {
    const size = statSync(join(root, "demo", "assets", assetPath(logo.id, logo.fileName))).size;
    const created = assetCreated(logo.id, i);
    out.push({
      sys: { id: logo.id, type: "Asset", ...sysTimes(created, at(created, 0, 20, 5), 2) },
      fields: {
        title: loc(logo.title),
        description: loc(logo.description),
        file: loc({
          url: assetUrl(logo.id, logo.fileName),
          fileName: logo.fileName,
          contentType: "image/svg+xml",
          details: { size, image: { width: logo.width, height: logo.height } },
        }),
      },
    });
  });
  demoVideos.forEach((video, i) => {
    const fileName = videoFileNameOf(video);
    const size = statSync(join(root, "demo", "assets", videoAssetPath(video.id, fileName))).size;
    const created = at("2026-11-20", 0, 14, i * 3);
    out.push({
      sys: { id: video.id, type: "Asset", ...sysTimes(created, at(created, 0, 14, i * 3 + 1), 1) },
      fields: {
        title: loc(video.title),
        description: loc(video.description),
        file: loc({ url: videoAssetUrl(video.id), fileName, contentType: "video/mp4", details: { size } }),
      },
    });
  });
  return out;
}

// ---------------------------------------------------------------- entries

/** A blog post's fields, published or draft (its featured image is the asset `imageId`). */
function blogPostFields(post: PostDef, imageId: string) {
  return {
    title: post.title,
    slug: post.slug,
    publishDate: post.publishDate,
    author: post.author,
    excerpt: post.excerpt,
    content: post.content,
    featuredImage: assetLink(imageId),
    videoURL: post.videoURL,
    tags: post.tags,
    featured: post.featured,
  };
}

export function buildEntries(legal: LegalTexts): ExportEntry[] {
  const out: ExportEntry[] = [];
  for (const post of posts) {
    const words = wordCount(post.content);
    if (words < 250 || words > 600) throw new Error(`${post.slug}: ${words} words (want 250-600)`);
    out.push(
      entry(
        "blogPost",
        `blogPost-${post.slug}`,
        blogPostFields(post, `blog-${post.slug}`),
        at(post.publishDate, -3, 15, 12),
        at(post.publishDate, 0, 13, 30),
        post.featured ? 5 : 3,
      ),
    );
  }
  stories.forEach((s, i) => {
    out.push(
      entry(
        "successStory",
        `successStory-${i + 1}`,
        {
          title: s.title,
          description: s.description,
          featuredImage: assetLink(`story-${i + 1}`),
          videoURL: s.videoURL,
          quote: s.quote,
          authorName: s.authorName,
          authorRole: s.authorRole,
          companyName: s.companyName,
          benefits: s.benefits,
          pageSlugs: s.pageSlugs,
        },
        s.created,
        at(s.created, 5, 17, 45),
        4,
      ),
    );
  });
  for (const pt of partners) {
    out.push(
      entry(
        "partners",
        `partner-${pt.logo}`,
        {
          name: pt.name,
          type: pt.type,
          description: pt.description,
          longDescription: pt.longDescription,
          logo: assetLink(`partner-logo-${pt.logo}`),
          website: pt.website,
          location: pt.location,
          partnerSince: pt.partnerSince,
          benefits: pt.benefits,
          initiatives: pt.initiatives,
          featured: pt.featured,
          order: pt.order,
        },
        pt.created,
        at(pt.created, 12, 16, 5),
        3,
      ),
    );
  }
  galleryDefs.forEach((g, i) => {
    const created = at("2025-01-21", i * 9, 19, (i * 13) % 60);
    out.push(
      entry(
        "galleryImage",
        `galleryImage-${g.id.slice(8)}`,
        { title: g.title, description: g.description, image: assetLink(g.id), tags: g.tags },
        created,
        at(created, 1, 10, 0),
        2,
      ),
    );
  });
  SITE_IMAGES.forEach(([key, assetId], i) => {
    const created = at("2025-04-02", Math.floor(i / 3), 14, (i * 7) % 60);
    out.push(
      entry("siteImage", `siteImage-${key}`, { key, site: SITE, image: assetLink(assetId) }, created, created, 1),
    );
  });
  for (const post of draftPosts) {
    out.push(draft("blogPost", `blogPost-${post.slug}`, blogPostFields(post, post.image), at("2026-11-18", 0, 15, 40)));
  }
  PAGE_HEROES.forEach(([slug, assetId], i) => {
    const created = at("2024-12-03", Math.floor(i / 3), 16, (i * 5) % 60);
    out.push(
      entry(
        "PageHero",
        `pageHero-${slug}`,
        { slug, site: SITE, backgroundImage: assetLink(assetId) },
        created,
        at(created, 30, 14, 0),
        2,
      ),
    );
  });
  SITE_VIDEOS.forEach(({ key, title, videoAssetId }, i) => {
    const created = at("2026-11-20", 0, 15, i * 4);
    out.push(
      entry("siteVideo", `siteVideo-${key}`, { key, title, video: assetLink(videoAssetId) }, created, created, 1),
    );
  });
  (
    [
      ["privacy", "Privacy Policy", legal.privacy],
      ["terms", "Terms of Service", legal.terms],
    ] as const
  ).forEach(([slug, title, text], i) => {
    const created = at("2026-11-21", 0, 15, i * 5);
    const fields = {
      slug,
      title,
      dateLine: text.dateLine,
      introduction: text.introduction,
      body: legalBody(text.sections),
    };
    out.push(entry("legalText", `legalText-${slug}`, fields, created, created, 1));
  });
  return out;
}

export function buildSpace(legal: LegalTexts): ContentfulExport {
  return {
    contentTypes,
    entries: buildEntries(legal),
    assets: buildAssets(),
    locales: [{ code: LOCALE, name: "English (United States)", default: true, fallbackCode: null }],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { privacyPolicy, termsOfService } = await loadAppModule<{
    privacyPolicy: LegalDocument;
    termsOfService: LegalDocument;
  }>("app/content/legal.ts");
  const space = buildSpace({ privacy: privacyPolicy, terms: termsOfService });
  const file = join(root, "demo", "data", "space.json");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(space, null, 2)}\n`);
  console.log(
    `wrote ${file}: ${space.contentTypes.length} content types, ${space.entries.length} entries, ${space.assets.length} assets`,
  );
}
