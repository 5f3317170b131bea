/**
 * The demo dataset (demo/data/space.json) validates against the field lists of docs/content.md#the-content-model, its
 * entries conform to their content types, every asset file exists with the recorded size and
 * dimensions, and the demo's coverage rules hold.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ContentTypeField, ContentfulExport, ExportAsset, ExportEntry } from "./contentful-export.ts";
import { privacyPolicy, termsOfService } from "../app/content/legal.ts";
import { coworking, eventSpaces, meetingRoomsPage, privateOffices } from "../app/content/spaces.ts";
import { PAGE_REGISTRY } from "../app/content/page-registry.ts";
import { heroImageWidths } from "../app/domain/images.ts";
import { legalDocumentFromRichText } from "../app/domain/legal-text.ts";
import { demoEvents } from "./events.ts";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const space = JSON.parse(readFileSync(join(here, "data", "space.json"), "utf8")) as ContentfulExport;
const LOCALE = "en-US";

// ---------------------------------------------------------------- expectations (docs/content.md#the-content-model)

type Expected = [id: string, type: string, required?: boolean][];

const EXPECTED_FIELDS: Record<string, Expected> = {
  blogPost: [
    ["title", "Symbol", true],
    ["slug", "Symbol", true],
    ["publishDate", "Date", true],
    ["author", "Symbol"],
    ["excerpt", "Text"],
    ["content", "RichText"],
    ["featuredImage", "Link<Asset>"],
    ["videoURL", "Symbol"],
    ["tags", "Array<Symbol>"],
    ["featured", "Boolean"],
  ],
  successStory: [
    ["title", "Symbol", true],
    ["description", "Text"],
    ["featuredImage", "Link<Asset>"],
    ["videoURL", "Symbol"],
    ["quote", "Text"],
    ["authorName", "Symbol"],
    ["authorRole", "Symbol"],
    ["companyName", "Symbol"],
    ["benefits", "Array<Symbol>"],
    ["pageSlugs", "Array<Symbol>"],
  ],
  partners: [
    ["name", "Symbol", true],
    ["type", "Symbol"],
    ["description", "Text"],
    ["longDescription", "Text"],
    ["logo", "Link<Asset>"],
    ["website", "Symbol"],
    ["location", "Symbol"],
    ["partnerSince", "Symbol"],
    ["benefits", "Array<Symbol>"],
    ["initiatives", "Array<Symbol>"],
    ["featured", "Boolean"],
    ["order", "Integer"],
  ],
  galleryImage: [
    ["title", "Symbol", true],
    ["description", "Text"],
    ["image", "Link<Asset>"],
    ["tags", "Array<Symbol>"],
  ],
  PageHero: [
    ["slug", "Symbol", true],
    ["site", "Symbol", true],
    ["backgroundImage", "Link<Asset>"],
  ],
  // The site's own: the pictures the space and home pages show in fixed places (docs/content.md#the-content-model).
  siteImage: [
    ["key", "Symbol", true],
    ["site", "Symbol", true],
    ["image", "Link<Asset>", true],
  ],
  // The site's own: its video tours.
  siteVideo: [
    ["key", "Symbol", true],
    ["title", "Symbol"],
    ["video", "Link<Asset>"],
    ["videoUrl", "Symbol"],
  ],
  // The site's own: the legal pages' texts.
  legalText: [
    ["slug", "Symbol", true],
    ["title", "Symbol"],
    ["dateLine", "Symbol"],
    ["introduction", "Text"],
    ["body", "RichText"],
  ],
};

const BLOG_TAGS = [
  "remote-work",
  "community",
  "events",
  "startups",
  "podcasting",
  "arkansas",
  "productivity",
  "small-business",
];
const GALLERY_TAGS = [
  "workspace",
  "common-areas",
  "meeting-rooms",
  "coworking",
  "amenities",
  "event-spaces",
  "ext",
  "construction",
];
/** Every registered page's hero, and the one blog posts share. */
const HERO_SLUGS = [...PAGE_REGISTRY.map((page) => page.heroSlug), "blog-post"];
const SPACE_PAGES = ["coworking", "private-offices", "meeting-rooms", "event-spaces"];
// Every event the events stand-in serves needs a cover image.
const EVENT_SLUGS = demoEvents(new Date()).map((event) => event.slug);
/** A video uploaded to the content service, as its file's protocol-relative address. */
const UPLOADED_VIDEO = /^\/\/videos\.ctfassets\.net\/demohub\/[\w-]+\/[0-9a-f]{32}\/[\w-]+\.mp4$/;
const VIDEO_BUDGET_KB = 400;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

/** Width variants written beside a master, by master width. */
const VARIANT_WIDTHS: Record<number, number[]> = { 1920: [640, 960, 1280], 1200: [480, 800] };
const BUDGET_KB: Record<number, number> = { 1920: 160, 1280: 90, 960: 60, 640: 35, 1200: 110 };

// ---------------------------------------------------------------- helpers

function typeOf(f: ContentTypeField): string {
  if (f.type === "Link") return `Link<${f.linkType}>`;
  if (f.type === "Array") return `Array<${f.items?.linkType ? `Link<${f.items.linkType}>` : f.items?.type}>`;
  return f.type;
}

const assetsById = new Map(space.assets.map((a) => [a.sys.id, a]));
const typesById = new Map(space.contentTypes.map((t) => [t.sys.id, t]));

/** An export marks a draft (saved, never published) by leaving out its publish metadata. */
const isDraft = (e: ExportEntry) => e.sys.publishedVersion === undefined;

/** The published entries of a type (what visitors see). */
function entriesOf(type: string): ExportEntry[] {
  return space.entries.filter((e) => e.sys.contentType.sys.id === type && !isDraft(e));
}

function val<T = unknown>(e: ExportEntry, field: string): T {
  return e.fields[field]?.[LOCALE] as T;
}

function isAssetLink(v: unknown): v is { sys: { type: "Link"; linkType: "Asset"; id: string } } {
  const sys = (v as { sys?: Record<string, unknown> } | null)?.sys;
  return !!sys && sys.type === "Link" && sys.linkType === "Asset" && typeof sys.id === "string";
}

const BLOCKS = new Set([
  "paragraph",
  "heading-1",
  "heading-2",
  "heading-3",
  "heading-4",
  "heading-5",
  "heading-6",
  "unordered-list",
  "ordered-list",
  "list-item",
  "blockquote",
  "hr",
  "embedded-asset-block",
  "embedded-entry-block",
  "table",
]);
const INLINES = new Set(["hyperlink", "entry-hyperlink", "asset-hyperlink", "embedded-entry-inline"]);
const MARKS = new Set(["bold", "italic", "underline", "code", "superscript", "subscript", "strikethrough"]);

interface RtNode {
  nodeType: string;
  data?: Record<string, unknown>;
  content?: RtNode[];
  value?: unknown;
  marks?: { type: string }[];
}

/** Returns problems found in a rich-text document (empty when valid). */
function richTextProblems(node: RtNode, path = "document"): string[] {
  const out: string[] = [];
  if (typeof node.data !== "object" || node.data === null) out.push(`${path}: data must be an object`);
  if (node.nodeType === "text") {
    if (typeof node.value !== "string") out.push(`${path}: text value must be a string`);
    if (!Array.isArray(node.marks)) out.push(`${path}: text marks must be an array`);
    else for (const m of node.marks) if (!MARKS.has(m.type)) out.push(`${path}: unknown mark ${m.type}`);
    return out;
  }
  if (!Array.isArray(node.content)) return [...out, `${path}: content must be an array`];
  if (path === "document" && node.nodeType !== "document") out.push("root must be a document");
  node.content.forEach((child, i) => {
    const p = `${path}/${child.nodeType}[${i}]`;
    if (node.nodeType === "document" && !BLOCKS.has(child.nodeType)) out.push(`${p}: not a block node`);
    if ((node.nodeType === "unordered-list" || node.nodeType === "ordered-list") && child.nodeType !== "list-item")
      out.push(`${p}: lists hold list items`);
    if (
      (node.nodeType === "paragraph" || node.nodeType.startsWith("heading")) &&
      child.nodeType !== "text" &&
      !INLINES.has(child.nodeType)
    )
      out.push(`${p}: paragraphs hold text and inlines`);
    if (child.nodeType === "hyperlink" && typeof child.data?.uri !== "string")
      out.push(`${p}: hyperlink needs data.uri`);
    if (child.nodeType === "embedded-asset-block" && !isAssetLink(child.data?.target))
      out.push(`${p}: embedded asset needs data.target link`);
    out.push(...richTextProblems(child, p));
  });
  return out;
}

function walk(node: RtNode, visit: (n: RtNode) => void): void {
  visit(node);
  for (const c of node.content ?? []) walk(c, visit);
}

function words(node: RtNode): number {
  const parts: string[] = [];
  walk(node, (n) => {
    if (n.nodeType === "text") parts.push(String(n.value));
    else parts.push(" ");
  });
  return parts.join("").split(/\s+/).filter(Boolean).length;
}

/** Pixel size of a WebP, PNG or JPEG file, read from its header. */
function imageSize(buf: Buffer): { width: number; height: number; format: string } {
  if (buf.toString("ascii", 0, 4) === "RIFF" && buf.toString("ascii", 8, 12) === "WEBP") {
    const chunk = buf.toString("ascii", 12, 16);
    if (chunk === "VP8 ")
      return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff, format: "webp" };
    if (chunk === "VP8L") {
      const b = buf.readUInt32LE(21);
      return { width: (b & 0x3fff) + 1, height: ((b >> 14) & 0x3fff) + 1, format: "webp" };
    }
    if (chunk === "VP8X")
      return { width: buf.readUIntLE(24, 3) + 1, height: buf.readUIntLE(27, 3) + 1, format: "webp" };
  }
  if (buf.readUInt32BE(0) === 0x89504e47)
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20), format: "png" };
  if (buf[0] === 0xff && buf[1] === 0xd8) {
    let i = 2;
    while (i < buf.length) {
      const marker = buf[i + 1]!;
      const len = buf.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xc3)
        return { width: buf.readUInt16BE(i + 7), height: buf.readUInt16BE(i + 5), format: "jpeg" };
      i += 2 + len;
    }
  }
  throw new Error("unrecognised image");
}

function assetFilePath(a: ExportAsset): string {
  return join(root, "demo", "assets", a.fields.file[LOCALE]!.url.replace(/^\/\//, ""));
}

function dirSize(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    total += e.isDirectory() ? dirSize(p) : statSync(p).size;
  }
  return total;
}

// ---------------------------------------------------------------- tests

describe("content types", () => {
  it("are exactly the hub's five types and the site's own siteImage, siteVideo and legalText", () => {
    expect(space.contentTypes.map((t) => t.sys.id).sort()).toEqual(Object.keys(EXPECTED_FIELDS).sort());
  });

  for (const [id, expected] of Object.entries(EXPECTED_FIELDS)) {
    it(`${id} has the specified field ids, types and required flags`, () => {
      const ct = typesById.get(id)!;
      expect(ct.fields.map((f) => [f.id, typeOf(f), f.required])).toEqual(
        expected.map(([fid, type, req]) => [fid, type, req ?? false]),
      );
      expect(ct.fields.map((f) => f.id)).toContain(ct.displayField);
      for (const f of ct.fields) expect(f.localized).toBe(false);
    });
  }

  it("carry the specified validations", () => {
    const slug = typesById.get("blogPost")!.fields.find((f) => f.id === "slug")!;
    expect(slug.validations).toContainEqual({ unique: true });
    const type = typesById.get("partners")!.fields.find((f) => f.id === "type")!;
    expect(type.validations).toContainEqual({ in: ["community", "corporate", "education"] });
    expect(typesById.get("blogPost")!.displayField).toBe("title");
  });

  it("has the single default locale en-US", () => {
    expect(space.locales).toEqual([{ code: "en-US", name: expect.any(String), default: true, fallbackCode: null }]);
  });
});

describe("entries", () => {
  it("each conform to their content type", () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const e of space.entries) {
      const where = `${e.sys.contentType.sys.id}/${e.sys.id}`;
      if (seen.has(e.sys.id)) problems.push(`${where}: duplicate id`);
      seen.add(e.sys.id);
      const ct = typesById.get(e.sys.contentType.sys.id);
      if (!ct) {
        problems.push(`${where}: unknown content type`);
        continue;
      }
      for (const key of Object.keys(e.fields)) {
        if (!ct.fields.some((f) => f.id === key)) problems.push(`${where}: unknown field ${key}`);
        if (Object.keys(e.fields[key]!).join() !== LOCALE)
          problems.push(`${where}.${key}: must be keyed by ${LOCALE} only`);
      }
      for (const f of ct.fields) {
        const v = e.fields[f.id]?.[LOCALE];
        if (v === undefined || v === null || v === "") {
          if (f.required) problems.push(`${where}: required field ${f.id} missing`);
          continue;
        }
        const bad = (msg: string) => problems.push(`${where}.${f.id}: ${msg}`);
        switch (f.type) {
          case "Symbol":
            if (typeof v !== "string" || v.length > 256) bad("must be a string of at most 256 characters");
            break;
          case "Text":
            if (typeof v !== "string") bad("must be a string");
            break;
          case "Integer":
            if (!Number.isInteger(v)) bad("must be an integer");
            break;
          case "Boolean":
            if (typeof v !== "boolean") bad("must be a boolean");
            break;
          case "Date":
            if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(v) || Number.isNaN(Date.parse(v)))
              bad("must be an ISO date");
            break;
          case "RichText":
            for (const p of richTextProblems(v as RtNode)) bad(p);
            break;
          case "Link":
            if (!isAssetLink(v)) bad("must be an asset link");
            else if (!assetsById.has(v.sys.id)) bad(`links missing asset ${v.sys.id}`);
            break;
          case "Array":
            if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) bad("must be an array of strings");
            break;
          default:
            bad(`unexpected type ${f.type}`);
        }
        for (const rule of (f.validations ?? []) as { in?: unknown[] }[])
          if (rule.in && !rule.in.includes(v)) bad(`value ${String(v)} not allowed`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("have complete system metadata", () => {
    for (const entity of [...space.entries.filter((e) => !isDraft(e)), ...space.assets]) {
      const s = entity.sys;
      for (const t of [s.createdAt, s.updatedAt, s.publishedAt, s.firstPublishedAt]) expect(t, s.id).toMatch(ISO_TIME);
      expect(s.publishedVersion, s.id).toBeGreaterThan(0);
      expect(Date.parse(s.updatedAt) >= Date.parse(s.createdAt), s.id).toBe(true);
    }
  });

  it("include one draft, a blog post with dates but no publish metadata", () => {
    const drafts = space.entries.filter(isDraft);
    expect(drafts.map((e) => e.sys.contentType.sys.id)).toEqual(["blogPost"]);
    const [draft] = drafts;
    expect(draft!.sys.createdAt).toMatch(ISO_TIME);
    expect(draft!.sys.publishedAt).toBeUndefined();
    expect(draft!.sys.firstPublishedAt).toBeUndefined();
    const n = words(val<RtNode>(draft!, "content"));
    expect(n >= 250 && n <= 600, `${n} words`).toBe(true);
  });

  it("have slugs that are unique, drafts included", () => {
    const slugs = space.entries
      .filter((e) => e.sys.contentType.sys.id === "blogPost")
      .map((e) => val<string>(e, "slug"));
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});

describe("assets", () => {
  it("each have a title, a description and a Contentful-style protocol-relative URL", () => {
    for (const a of space.assets) {
      const file = a.fields.file[LOCALE]!;
      expect(a.fields.title[LOCALE], a.sys.id).toBeTruthy();
      expect(a.fields.description?.[LOCALE]?.length ?? 0, a.sys.id).toBeGreaterThan(20);
      const host = file.contentType.startsWith("video/") ? "videos.ctfassets.net" : "images.ctfassets.net";
      expect(file.url).toBe(`//${host}/demohub/${a.sys.id}/${file.url.split("/")[5]}/${file.fileName}`);
      expect(file.url.split("/")[5]).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it("master files exist with the recorded size, type and dimensions", () => {
    for (const a of space.assets) {
      const file = a.fields.file[LOCALE]!;
      const path = assetFilePath(a);
      expect(existsSync(path), path).toBe(true);
      expect(statSync(path).size, a.sys.id).toBe(file.details.size);
      if (file.contentType === "image/svg+xml") {
        const svg = readFileSync(path, "utf8");
        expect(svg).toContain("<svg");
        expect(file.details.size).toBeLessThanOrEqual(4096);
        expect(file.details.image).toBeDefined();
      } else if (file.contentType === "video/mp4") {
        const head = readFileSync(path).subarray(0, 12);
        expect(head.toString("ascii", 4, 8), `${a.sys.id} is an MP4`).toBe("ftyp");
        expect(file.details.size, `${a.sys.id} over ${VIDEO_BUDGET_KB} KB`).toBeLessThanOrEqual(VIDEO_BUDGET_KB * 1024);
      } else {
        expect(file.contentType).toBe("image/webp");
        const dims = imageSize(readFileSync(path));
        expect(dims.format).toBe("webp");
        expect({ width: dims.width, height: dims.height }, a.sys.id).toEqual(file.details.image);
        const budget = BUDGET_KB[dims.width];
        if (budget) expect(file.details.size, `${a.sys.id} over ${budget} KB`).toBeLessThanOrEqual(budget * 1024);
      }
    }
  });

  it("raster masters have every width variant beside them, same aspect, within budget", () => {
    for (const a of space.assets) {
      const file = a.fields.file[LOCALE]!;
      if (file.contentType !== "image/webp") continue;
      const { width, height } = file.details.image!;
      const widths = VARIANT_WIDTHS[width];
      expect(widths, `${a.sys.id}: unexpected master width ${width}`).toBeDefined();
      for (const w of widths!) {
        const path = assetFilePath(a).replace(/\.webp$/, `.w${w}.webp`);
        expect(existsSync(path), path).toBe(true);
        const dims = imageSize(readFileSync(path));
        expect(dims.width).toBe(w);
        expect(Math.abs(dims.height - (w * height) / width)).toBeLessThanOrEqual(1);
        const budget = BUDGET_KB[w];
        if (budget) expect(statSync(path).size, `${path} over ${budget} KB`).toBeLessThanOrEqual(budget * 1024);
      }
    }
  });

  it("shown as a hero (a page hero's background, a post's featured image) have a stored AVIF at each hero width", () => {
    // Else the stand-in encodes it on its first request, which on a busy machine can take longer than
    // the demo proxy waits, and the page shows its fallback (scripts/demo-images/avif.ts writes them).
    const heroAssetIds = new Set(
      [
        ...entriesOf("PageHero").map((e) => e.fields.backgroundImage),
        ...entriesOf("blogPost").map((e) => e.fields.featuredImage),
      ]
        .map((link) => (link?.[LOCALE] as { sys?: { id?: string } } | undefined)?.sys?.id)
        .filter((id) => id !== undefined),
    );
    expect(heroAssetIds.size).toBeGreaterThan(20);
    for (const id of heroAssetIds) {
      const asset = assetsById.get(id)!;
      const masterWidth = asset.fields.file[LOCALE]!.details.image!.width;
      for (const width of heroImageWidths) {
        const path = assetFilePath(asset).replace(/\.webp$/, `.w${Math.min(width, masterWidth)}.avif`);
        expect(existsSync(path), path).toBe(true);
      }
    }
  });

  it("include the twelve 4:3 space-page benefit images", () => {
    for (const page of SPACE_PAGES) {
      for (let n = 1; n <= 3; n++) {
        const a = assetsById.get(`benefit-${page}-${n}`);
        expect(a, `benefit-${page}-${n}`).toBeDefined();
        expect(a!.fields.file[LOCALE]!.details.image).toEqual({ width: 1200, height: 900 });
      }
    }
  });

  it("are all referenced", () => {
    const linked = new Set<string>();
    for (const e of space.entries)
      walk({ nodeType: "x", content: Object.values(e.fields).map((f) => f[LOCALE]) as RtNode[] }, (n) => {
        const target =
          (n as { sys?: { id?: string } }).sys?.id ??
          (n.data?.target as { sys?: { id?: string } } | undefined)?.sys?.id;
        if (target) linked.add(target);
      });
    // Stories and posts name their uploaded videos by address (their videoURL field).
    for (const e of space.entries) {
      const address = e.fields.videoURL?.[LOCALE];
      if (typeof address === "string") linked.add(address.split("/")[4] ?? "");
    }
    const unused = space.assets.map((a) => a.sys.id).filter((id) => !linked.has(id));
    expect(unused).toEqual([]);
  });
});

describe("coverage", () => {
  const postEntries = entriesOf("blogPost");

  it("has at least 9 blog posts dated 2025-01 to 2026-11-10 with 2 or 3 featured", () => {
    expect(postEntries.length).toBeGreaterThanOrEqual(9);
    for (const e of postEntries) {
      const d = val<string>(e, "publishDate");
      expect(d >= "2025-01-01" && d <= "2026-11-10", d).toBe(true);
      for (const t of val<string[]>(e, "tags")) expect(BLOG_TAGS).toContain(t);
      const n = words(val<RtNode>(e, "content"));
      expect(n >= 250 && n <= 600, `${val(e, "slug")}: ${n} words`).toBe(true);
    }
    const featured = postEntries.filter((e) => val(e, "featured") === true).length;
    expect(featured >= 2 && featured <= 3).toBe(true);
  });

  it("orders posts' createdAt like their publish dates", () => {
    const byCreated = [...postEntries]
      .sort((a, b) => a.sys.createdAt.localeCompare(b.sys.createdAt))
      .map((e) => val<string>(e, "slug"));
    const byDate = [...postEntries]
      .sort((a, b) => val<string>(a, "publishDate").localeCompare(val<string>(b, "publishDate")))
      .map((e) => val<string>(e, "slug"));
    expect(byCreated).toEqual(byDate);
    expect(new Set(space.entries.map((e) => e.sys.createdAt)).size).toBeGreaterThan(space.entries.length * 0.9);
  });

  it("uses headings, lists, marks, links and quotes across the post bodies", () => {
    const kinds = new Set<string>();
    for (const e of postEntries)
      walk(val<RtNode>(e, "content"), (n) => {
        kinds.add(n.nodeType);
        for (const m of n.marks ?? []) kinds.add(`mark:${m.type}`);
      });
    for (const k of [
      "heading-2",
      "heading-3",
      "paragraph",
      "unordered-list",
      "hyperlink",
      "blockquote",
      "mark:bold",
      "mark:italic",
    ])
      expect(kinds).toContain(k);
  });

  it("embeds exactly one image in exactly one post, linking an existing asset", () => {
    const embeds: { post: string; id: string }[] = [];
    for (const e of postEntries)
      walk(val<RtNode>(e, "content"), (n) => {
        if (n.nodeType === "embedded-asset-block")
          embeds.push({ post: val(e, "slug"), id: (n.data!.target as { sys: { id: string } }).sys.id });
      });
    expect(embeds).toHaveLength(1);
    const asset = assetsById.get(embeds[0]!.id);
    expect(asset?.fields.file[LOCALE]?.details.image).toEqual({ width: 1200, height: 800 });
  });

  it("has exactly one post with a video, a file uploaded to the content service", () => {
    const withVideo = postEntries.filter((e) => val(e, "videoURL") !== undefined);
    expect(withVideo).toHaveLength(1);
    const address = val<string>(withVideo[0]!, "videoURL");
    expect(address).toMatch(UPLOADED_VIDEO);
    expect(assetsById.get(address.split("/")[4]!)?.fields.file[LOCALE]?.url).toBe(address);
  });

  it("has 6 success stories covering the four space pages and the home page", () => {
    const stories = entriesOf("successStory");
    expect(stories).toHaveLength(6);
    const count = (page: string) => stories.filter((s) => val<string[]>(s, "pageSlugs").includes(page)).length;
    expect(count("event-spaces")).toBeGreaterThanOrEqual(2);
    expect(count("home")).toBeGreaterThanOrEqual(2);
    for (const page of SPACE_PAGES) expect(count(page), page).toBeGreaterThanOrEqual(1);
    for (const s of stories) {
      for (const p of val<string[]>(s, "pageSlugs")) expect([...SPACE_PAGES, "home"]).toContain(p);
      for (const f of ["featuredImage", "quote", "authorName", "authorRole", "companyName", "description"])
        expect(val(s, f), `${s.sys.id}.${f}`).toBeTruthy();
      expect(val<string[]>(s, "benefits")).toHaveLength(3);
    }
    const videos = stories.map((s) => val<string | undefined>(s, "videoURL")).filter((v) => v !== undefined);
    expect(videos).toHaveLength(2);
    for (const v of videos) {
      expect(v).toMatch(UPLOADED_VIDEO);
      expect(assetsById.get(v!.split("/")[4]!)?.fields.file[LOCALE]?.url).toBe(v);
    }
  });

  it("has 6 partners, two of each type, ordered 1 to 6", () => {
    const partners = entriesOf("partners");
    expect(partners).toHaveLength(6);
    for (const t of ["community", "corporate", "education"])
      expect(
        partners.filter((p) => val(p, "type") === t),
        t,
      ).toHaveLength(2);
    expect(partners.map((p) => val<number>(p, "order")).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const featured = partners.filter((p) => val(p, "featured") === true).length;
    expect(featured >= 1 && featured <= 2).toBe(true);
    const since = partners.map((p) => val<string>(p, "partnerSince"));
    for (const s of since) expect(s).toMatch(/^\d{4}(-\d{2}-\d{2})?$/);
    expect(since.some((s) => /^\d{4}$/.test(s))).toBe(true);
    expect(since.some((s) => /^\d{4}-\d{2}-\d{2}$/.test(s))).toBe(true);
    for (const p of partners) {
      expect(val<string[]>(p, "benefits")).toHaveLength(3);
      const n = val<string[]>(p, "initiatives").length;
      expect(n >= 2 && n <= 3).toBe(true);
      expect(val<string>(p, "website")).toMatch(/^https:\/\/[a-z0-9-]+\.example$/);
      const logo = assetsById.get(val<{ sys: { id: string } }>(p, "logo").sys.id)!;
      expect(logo.fields.file[LOCALE]!.contentType).toBe("image/svg+xml");
    }
  });

  it("has 30 gallery images covering all 8 gallery tags", () => {
    const gallery = entriesOf("galleryImage");
    expect(gallery).toHaveLength(30);
    expect(new Set(gallery.map((g) => val<{ sys: { id: string } }>(g, "image").sys.id)).size).toBe(30);
    for (const g of gallery) {
      const tags = val<string[]>(g, "tags");
      expect(tags.length >= 1 && tags.length <= 3).toBe(true);
      for (const t of tags) expect(GALLERY_TAGS).toContain(t);
    }
    for (const t of GALLERY_TAGS)
      expect(gallery.filter((g) => val<string[]>(g, "tags").includes(t)).length, t).toBeGreaterThanOrEqual(2);
    const ratios = new Set(
      gallery.map(
        (g) =>
          assetsById.get(val<{ sys: { id: string } }>(g, "image").sys.id)!.fields.file[LOCALE]!.details.image!.height,
      ),
    );
    expect([...ratios].sort()).toEqual([800, 900]);
  });

  it("has one PageHero per route slug for site cchub, with at least 12 distinct images", () => {
    const heroes = entriesOf("PageHero");
    expect(heroes.map((h) => val<string>(h, "slug")).sort()).toEqual([...HERO_SLUGS].sort());
    for (const h of heroes) {
      expect(val(h, "site")).toBe("cchub");
      const a = assetsById.get(val<{ sys: { id: string } }>(h, "backgroundImage").sys.id)!;
      expect(a.fields.file[LOCALE]!.details.image).toEqual({ width: 1920, height: 1080 });
    }
    expect(
      new Set(heroes.map((h) => val<{ sys: { id: string } }>(h, "backgroundImage").sys.id)).size,
    ).toBeGreaterThanOrEqual(12);
  });

  it("has a siteImage for each space page's three benefits and the home page's promotion, for site cchub", () => {
    const images = entriesOf("siteImage");
    const keys = images.map((i) => val<string>(i, "key"));
    expect(keys.sort()).toEqual(
      [...SPACE_PAGES.flatMap((page) => [1, 2, 3].map((n) => `benefit-${page}-${n}`)), "home-think-lounge"].sort(),
    );
    for (const i of images) {
      expect(val(i, "site")).toBe("cchub");
      const a = assetsById.get(val<{ sys: { id: string } }>(i, "image").sys.id)!;
      expect(a.fields.file[LOCALE]!.details.image).toEqual({ width: 1200, height: 900 });
    }
  });
});

describe("legal texts", () => {
  it("are the site's built-in Privacy Policy and Terms, word for word, as the site reads them", () => {
    const read = (slug: string) => {
      const entry = entriesOf("legalText").find((e) => val(e, "slug") === slug)!;
      return legalDocumentFromRichText({
        dateLine: val(entry, "dateLine"),
        introduction: val(entry, "introduction"),
        body: val(entry, "body"),
      });
    };
    expect(
      entriesOf("legalText")
        .map((e) => val<string>(e, "slug"))
        .sort(),
    ).toEqual(["privacy", "terms"]);
    expect(read("privacy")).toEqual(privacyPolicy);
    expect(read("terms")).toEqual(termsOfService);
  });
});

describe("site videos", () => {
  it("give every video tour of the site's pages an uploaded clip, by the key the page asks for", () => {
    const tourKeys = [
      ...coworking.videos,
      ...privateOffices.videos,
      ...meetingRoomsPage.videos,
      ...eventSpaces.configurations.videos,
    ].map((tour) => tour.key);
    const entries = entriesOf("siteVideo");
    expect(entries.map((e) => val<string>(e, "key")).sort()).toEqual([...tourKeys].sort());
    for (const e of entries) {
      const asset = assetsById.get(val<{ sys: { id: string } }>(e, "video").sys.id);
      expect(asset?.fields.file[LOCALE]?.contentType, e.sys.id).toBe("video/mp4");
    }
  });
});

describe("site images outside the CMS", () => {
  const check = (rel: string, width: number, height: number, maxKB: number) => {
    const path = join(root, rel);
    expect(existsSync(path), rel).toBe(true);
    const buf = readFileSync(path);
    expect(imageSize(buf), rel).toMatchObject({ width, height });
    expect(buf.length, rel).toBeLessThanOrEqual(maxKB * 1024);
  };

  it("has a 16:9 cover and a 480 variant for every demo event", () => {
    for (const slug of EVENT_SLUGS) {
      check(`demo/assets/events/${slug}.webp`, 960, 540, 60);
      check(`demo/assets/events/${slug}.w480.webp`, 480, 270, 28);
    }
  });

  it("has fallback heroes, the event placeholder, the social card and icons", () => {
    for (const name of ["home", "spaces", "community", "company", "legal"]) {
      check(`public/images/fallback/${name}-1280.webp`, 1280, 720, 90);
      check(`public/images/fallback/${name}-960.webp`, 960, 540, 60);
      check(`public/images/fallback/${name}-640.webp`, 640, 360, 35);
    }
    check("public/images/event-placeholder.webp", 960, 540, 60);
    check("public/og-default.jpg", 1200, 630, 120);
    expect(imageSize(readFileSync(join(root, "public/og-default.jpg"))).format).toBe("jpeg");
    check("public/apple-touch-icon.png", 180, 180, 40);
    expect(readFileSync(join(root, "public/favicon.svg"), "utf8")).toMatch(/<svg[^>]*viewBox/);
  });

  it("keeps demo/assets and public/images under 12 MB together", () => {
    expect(dirSize(join(root, "demo", "assets")) + dirSize(join(root, "public", "images"))).toBeLessThan(
      12 * 1024 * 1024,
    );
  });
});
