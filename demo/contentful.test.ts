import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Asset, type ContentfulClientApi, type CreateClientParams, createClient, type Entry } from "contentful";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type ContentfulStandIn,
  DEMO_ACCESS_TOKEN,
  DEMO_SPACE_ID,
  loadDataset,
  startContentfulStandIn,
} from "./contentful.ts";
import { FIXTURE_FILES, FIXTURE_SPACE_ID, fixtureDataset, writeFixtureAssets } from "./fixtures/contentful-fixture.ts";

// biome-ignore lint/suspicious/noExplicitAny: tests inspect wire JSON freely
type Wire = any;

const TOKEN = "test-token";
let assetsDir: string;
let standIn: ContentfulStandIn;
let client: ContentfulClientApi<undefined>;

function makeClient(overrides: Partial<CreateClientParams> = {}) {
  return createClient({
    space: FIXTURE_SPACE_ID,
    accessToken: TOKEN,
    host: standIn.host,
    insecure: true,
    retryOnError: false,
    logHandler: () => {},
    ...overrides,
  });
}

function api(path: string, init: RequestInit = {}) {
  return fetch(`${standIn.url}/spaces/${FIXTURE_SPACE_ID}/environments/master${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${TOKEN}`, ...init.headers },
  });
}

async function apiJson(path: string) {
  const response = await api(path);
  return { status: response.status, body: (await response.json()) as Wire };
}

/** The SDK throws an Error whose name is the CDA error id and whose message is JSON. */
async function sdkError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught as Error,
  );
  if (!error) throw new Error("expected the call to fail");
  let parsed: Wire = {};
  try {
    parsed = JSON.parse(error.message);
  } catch {}
  return { name: error.name, ...parsed } as Wire;
}

const ids = (entries: { items: { sys: { id: string } }[] }) => entries.items.map((item) => item.sys.id);

const posts = (query: Record<string, unknown> = {}) =>
  client.getEntries({ content_type: "blogPost", order: ["sys.id"], ...query } as never);

beforeAll(async () => {
  assetsDir = await mkdtemp(join(tmpdir(), "contentful-stand-in-"));
  await writeFixtureAssets(assetsDir);
  standIn = await startContentfulStandIn({
    dataset: fixtureDataset(),
    assetsDir,
    spaceId: FIXTURE_SPACE_ID,
    accessToken: TOKEN,
    control: true,
  });
  client = makeClient();
});

afterAll(async () => {
  await standIn?.close();
  await rm(assetsDir, { recursive: true, force: true });
});

beforeEach(() => standIn.faults.clear());

describe("service basics", () => {
  it("exports the demo defaults and the service's address", () => {
    expect(DEMO_SPACE_ID).toBe("demohub");
    expect(DEMO_ACCESS_TOKEN).toBe("demo-delivery-token");
    expect(standIn.host).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(standIn.environment).toBe("master");
  });

  it("serves the space, content types and locales to the SDK", async () => {
    const space = await client.getSpace();
    expect(space.sys).toEqual({ type: "Space", id: FIXTURE_SPACE_ID });
    const types = await client.getContentTypes();
    expect(types.items.map((type) => type.sys.id)).toEqual(["blogPost", "author", "galleryImage"]);
    const blogPost = await client.getContentType("blogPost");
    expect(blogPost.displayField).toBe("title");
    expect(blogPost.fields.find((field) => field.id === "internalNotes")?.omitted).toBe(true);
    const locales = await client.getLocales();
    expect(locales.items.map((locale) => [locale.code, locale.default])).toEqual([
      ["en-US", true],
      ["de-DE", false],
    ]);
  });

  it("answers with the CDA's content type, CORS and request id headers", async () => {
    const response = await api("/entries?content_type=author");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.contentful.delivery.v1+json");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("x-contentful-request-id")).toMatch(/^[0-9a-f]{24}$/);
  });

  it("answers a CORS preflight", async () => {
    const response = await fetch(`${standIn.url}/spaces/${FIXTURE_SPACE_ID}/entries`, {
      method: "OPTIONS",
      headers: { "Access-Control-Request-Headers": "authorization,x-contentful-user-agent" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-headers")).toBe("authorization,x-contentful-user-agent");
  });

  it("renders entries in the CDA's wire shape", async () => {
    const { body } = await apiJson("/entries?sys.id=post-b&include=0");
    expect(Object.keys(body)).toEqual(["sys", "total", "skip", "limit", "items"]);
    expect(body.sys).toEqual({ type: "Array" });
    const [item] = body.items;
    expect(item.metadata).toEqual({ tags: [], concepts: [] });
    expect(item.sys).toEqual({
      space: { sys: { type: "Link", linkType: "Space", id: FIXTURE_SPACE_ID } },
      id: "post-b",
      type: "Entry",
      createdAt: "2026-02-03T10:00:00.000Z",
      updatedAt: "2026-02-03T10:00:00.000Z",
      environment: { sys: { id: "master", type: "Link", linkType: "Environment" } },
      publishedVersion: 3,
      revision: 1,
      contentType: { sys: { type: "Link", linkType: "ContentType", id: "blogPost" } },
      locale: "en-US",
    });
    expect(item.fields.title).toBe("Member spotlight");
    expect(item.fields.tags).toEqual(["members"]);
  });

  it("leaves omitted fields out of entries", async () => {
    const entry = await client.getEntry("post-a");
    expect(entry.fields.title).toBe("Opening day");
    expect(entry.fields).not.toHaveProperty("internalNotes");
  });

  it("also serves the environment-less paths as master", async () => {
    const response = await fetch(
      `${standIn.url}/spaces/${FIXTURE_SPACE_ID}/entries?content_type=author&access_token=${TOKEN}`,
    );
    const body = (await response.json()) as { total: number };
    expect(response.status).toBe(200);
    expect(body.total).toBe(2);
  });
});

describe("filtering", () => {
  it("filters by content type", async () => {
    expect(ids(await client.getEntries({ content_type: "author" }))).toEqual(["ada", "grace"]);
    expect((await client.getEntries()).total).toBe(6);
  });

  it("matches equality and [in] on scalar fields", async () => {
    expect(ids(await posts({ "fields.slug": "quiet-hours" }))).toEqual(["post-c"]);
    expect(ids(await posts({ "fields.slug[in]": ["opening-day", "quiet-hours"] }))).toEqual(["post-a", "post-c"]);
    expect(ids(await posts({ "fields.slug[nin]": "opening-day" }))).toEqual(["post-b", "post-c"]);
    expect(ids(await posts({ "fields.slug[ne]": "quiet-hours" }))).toEqual(["post-a", "post-b"]);
  });

  it("matches equality, [in], [nin] and [all] on array fields by element", async () => {
    expect(ids(await posts({ "fields.tags": "members" }))).toEqual(["post-b", "post-c"]);
    expect(ids(await posts({ "fields.tags[in]": "events,policy" }))).toEqual(["post-a", "post-c"]);
    expect(ids(await posts({ "fields.tags[nin]": "members" }))).toEqual(["post-a"]);
    expect(ids(await posts({ "fields.tags[all]": "members,policy" }))).toEqual(["post-c"]);
  });

  it("compares booleans and numbers sent as strings with typed values", async () => {
    expect(ids(await posts({ "fields.featured": "true" }))).toEqual(["post-a", "post-c"]);
    expect(ids(await posts({ "fields.featured": false }))).toEqual(["post-b"]);
    expect(ids(await posts({ "fields.order": "2" }))).toEqual(["post-a"]);
    expect(ids(await posts({ "fields.order[lt]": 3 }))).toEqual(["post-a", "post-b"]);
    expect(ids(await posts({ "fields.rating[gte]": "4" }))).toEqual(["post-a"]);
  });

  it("compares dates as instants, not strings", async () => {
    expect(ids(await posts({ "fields.publishDate[gte]": "2026-04-15" }))).toEqual(["post-b"]);
    expect(ids(await posts({ "fields.publishDate[lt]": "2026-04-14T21:00:00Z" }))).toEqual(["post-a", "post-c"]);
  });

  it("supports [exists], sys.id, sys.id[in], link ids and full-text search", async () => {
    expect(ids(await posts({ "fields.author[exists]": false }))).toEqual(["post-c"]);
    expect(ids(await posts({ "fields.rating[exists]": "true" }))).toEqual(["post-a", "post-b"]);
    expect(ids(await client.getEntries({ "sys.id": "grace" }))).toEqual(["grace"]);
    expect(ids(await client.getEntries({ "sys.id[in]": ["post-c", "ada"], order: ["sys.id"] }))).toEqual([
      "ada",
      "post-c",
    ]);
    expect(ids(await posts({ "fields.author.sys.id": "ada" }))).toEqual(["post-a"]);
    expect(ids(await client.getEntries({ query: "doors open" }))).toEqual(["post-a"]);
    expect(ids(await client.getEntries({ links_to_entry: "post-a" }))).toEqual(["post-b"]);
  });
});

describe("ordering and paging", () => {
  it("orders by a date field ascending and descending", async () => {
    expect(ids(await posts({ order: ["fields.publishDate"] }))).toEqual(["post-a", "post-c", "post-b"]);
    expect(ids(await posts({ order: ["-fields.publishDate"] }))).toEqual(["post-b", "post-c", "post-a"]);
  });

  it("orders by sys fields", async () => {
    expect(ids(await posts({ order: ["sys.createdAt"] }))).toEqual(["post-a", "post-c", "post-b"]);
    expect(ids(await posts({ order: ["-sys.createdAt"] }))).toEqual(["post-b", "post-c", "post-a"]);
    expect(ids(await posts({ order: ["-sys.id"] }))).toEqual(["post-c", "post-b", "post-a"]);
  });

  it("orders by several keys and puts missing values last when ascending", async () => {
    expect(ids(await posts({ order: ["-fields.featured", "fields.order"] }))).toEqual(["post-a", "post-c", "post-b"]);
    expect(ids(await posts({ order: ["fields.rating"] }))).toEqual(["post-b", "post-a", "post-c"]);
    expect(ids(await posts({ order: ["-fields.rating"] }))).toEqual(["post-c", "post-a", "post-b"]);
  });

  it("pages with limit and skip and counts the total before paging", async () => {
    const page = await posts({ order: ["fields.order"], limit: 2, skip: 1 });
    expect(page.total).toBe(3);
    expect(page.skip).toBe(1);
    expect(page.limit).toBe(2);
    expect(ids(page)).toEqual(["post-a", "post-c"]);
    const empty = await posts({ limit: 0 });
    expect(empty.items).toHaveLength(0);
    expect(empty.total).toBe(3);
    expect((await posts()).limit).toBe(100);
  });

  it("selects fields", async () => {
    const { body } = await apiJson("/entries?content_type=author&select=fields.name&order=sys.id");
    expect(body.items).toEqual([{ fields: { name: "Ada" } }, { fields: { name: "Grace" } }]);
  });
});

describe("links and includes", () => {
  it("resolves linked assets and entries inside entry fields", async () => {
    const [post] = (await posts({ "sys.id": "post-a" })).items as Entry[];
    const hero = post!.fields.heroImage as Asset;
    expect(hero.sys.type).toBe("Asset");
    expect(hero.fields.title).toBe("hero image");
    expect(hero.fields.file?.url).toBe(`//${standIn.host}/${FIXTURE_SPACE_ID}/hero/tok1/hero-home.webp`);
    const author = post!.fields.author as Entry;
    expect(author.fields.name).toBe("Ada");
  });

  it("resolves rich-text data.target links", async () => {
    const post = await client.getEntry("post-a");
    const body = post.fields.body as { content: { content: { data: { target?: Entry | Asset } }[]; data: Wire }[] };
    const inlineEntry = body.content[0]!.content[1]!.data.target as Entry;
    expect(inlineEntry.sys.type).toBe("Entry");
    expect(inlineEntry.fields.title).toBe("Main hall");
    const blockAsset = body.content[1]!.data.target as Asset;
    expect(blockAsset.sys.type).toBe("Asset");
    expect(blockAsset.fields.file?.url).toBe(`//${standIn.host}/${FIXTURE_SPACE_ID}/logo/tok3/logo.svg`);
  });

  it("follows links only to the requested include depth", async () => {
    const shallow = (await posts({ "sys.id": "post-a", include: 1 })).items[0] as Entry;
    const deep = (await posts({ "sys.id": "post-a", include: 2 })).items[0] as Entry;
    const none = (await posts({ "sys.id": "post-a", include: 0 })).items[0] as Entry;
    expect(((shallow.fields.author as Entry).fields.avatar as Asset).sys.type).toBe("Link");
    expect(((deep.fields.author as Entry).fields.avatar as Asset).sys.type).toBe("Asset");
    expect((none.fields.author as Entry).sys.type).toBe("Link");
  });

  it("does not repeat items in includes and reports unresolvable links", async () => {
    const { body } = await apiJson("/entries?content_type=blogPost&sys.id[in]=post-a,post-b");
    const includedEntries = body.includes.Entry.map((entry: Entry) => entry.sys.id).sort();
    expect(includedEntries).toEqual(["ada", "gallery-1", "grace"]);
    expect(body.includes.Asset.map((asset: Asset) => asset.sys.id).sort()).toEqual(["hero", "logo"]);
    expect(body.errors).toEqual([
      {
        sys: { id: "notResolvable", type: "error" },
        details: { type: "Link", linkType: "Entry", id: "missing-entry" },
      },
    ]);
    const { body: plain } = await apiJson("/entries?content_type=author&sys.id=grace");
    expect(plain).not.toHaveProperty("includes");
  });

  it("leaves an unresolvable link as a link in the SDK", async () => {
    const post = await client.getEntry("post-b");
    const related = post.fields.related as Entry[];
    expect(related[0]!.fields.title).toBe("Opening day");
    expect(related[1]!.sys).toEqual({ type: "Link", linkType: "Entry", id: "missing-entry" });
  });
});

describe("single entities and locales", () => {
  it("sends getEntry as a sys.id query", async () => {
    const entry = await client.getEntry("grace");
    expect(entry.sys.id).toBe("grace");
    expect(standIn.faults.requests.map((request) => request.url)).toEqual([
      `/spaces/${FIXTURE_SPACE_ID}/environments/master/entries?sys.id=grace`,
    ]);
  });

  it("serves entries and assets by id", async () => {
    const { status, body } = await apiJson("/entries/ada");
    expect(status).toBe(200);
    expect(body.fields.name).toBe("Ada");
    expect(body.fields.avatar).toEqual({ sys: { type: "Link", linkType: "Asset", id: "avatar" } });
    const asset = await client.getAsset("avatar");
    expect(asset.fields.file?.contentType).toBe("image/png");
    expect(asset.fields.file?.url).toBe(`//${standIn.host}/${FIXTURE_SPACE_ID}/avatar/tok2/ada.png`);
  });

  it("lists, filters and orders assets", async () => {
    const assets = await client.getAssets({ order: ["-sys.id"], limit: 2 });
    expect(assets.total).toBe(4);
    expect(ids(assets)).toEqual(["orphan", "logo"]);
    expect(ids(await client.getAssets({ "sys.id": "hero" }))).toEqual(["hero"]);
    expect(ids(await client.getAssets({ mimetype_group: "image", "fields.file.contentType": "image/png" }))).toEqual([
      "avatar",
    ]);
  });

  it("returns a locale's values with fallback to the default", async () => {
    const german = await posts({ locale: "de-DE", order: ["fields.order"] });
    expect(german.items.map((item) => item.fields.title)).toEqual(["Member spotlight", "Eröffnungstag", "Quiet hours"]);
    expect(german.items[0]!.sys.locale).toBe("de-DE");
    const opening = await client.getEntry("post-a", { locale: "de-DE" });
    expect(opening.fields.title).toBe("Eröffnungstag");
    expect(opening.fields.slug).toBe("opening-day");
  });

  it("returns every locale through withAllLocales", async () => {
    const entry = await client.withAllLocales.getEntry("post-a");
    expect(entry.fields.title).toEqual({ "en-US": "Opening day", "de-DE": "Eröffnungstag" });
    expect(entry.fields.slug).toEqual({ "en-US": "opening-day" });
    expect(entry.sys).not.toHaveProperty("locale");
  });
});

describe("errors", () => {
  it("rejects a wrong or missing token with 401 AccessTokenInvalid", async () => {
    const error = await sdkError(makeClient({ accessToken: "wrong" }).getEntries());
    expect(error.name).toBe("AccessTokenInvalid");
    expect(error.status).toBe(401);
    expect(error.message).toBe("The access token you sent could not be found or is invalid.");
    const response = await fetch(`${standIn.url}/spaces/${FIXTURE_SPACE_ID}/entries`);
    const body = (await response.json()) as Wire;
    expect(response.status).toBe(401);
    expect(body.sys).toEqual({ type: "Error", id: "AccessTokenInvalid" });
    expect(body.requestId).toBe(response.headers.get("x-contentful-request-id"));
  });

  it("rejects a fields filter or order without content_type with 400 InvalidQuery", async () => {
    const error = await sdkError(client.getEntries({ "fields.slug": "opening-day" } as never));
    expect(error.name).toBe("InvalidQuery");
    expect(error.status).toBe(400);
    expect(error.message).toContain("A Content Type ID is required");
    const ordered = await sdkError(client.getEntries({ order: ["fields.title"] } as never));
    expect(ordered.name).toBe("InvalidQuery");
  });

  it("rejects unknown fields, content types, operators and mistyped values", async () => {
    const unknownField = await apiJson("/entries?content_type=blogPost&fields.nope=1");
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.sys.id).toBe("InvalidQuery");
    expect(unknownField.body.details.errors).toEqual([
      { name: "unknown", path: ["fields", "nope"], details: 'The path "fields.nope" is not recognized' },
    ]);
    const unknownType = await apiJson("/entries?content_type=nope");
    expect(unknownType.body.details.errors).toEqual([{ name: "unknownContentType", value: "nope" }]);
    expect((await apiJson("/entries?content_type=blogPost&fields.order=abc")).status).toBe(400);
    expect((await apiJson("/entries?content_type=blogPost&fields.slug[lt]=a")).status).toBe(400);
    expect((await apiJson("/entries?content_type=blogPost&order=fields.tags")).status).toBe(400);
    expect((await apiJson("/entries?bogus=1")).status).toBe(400);
  });

  it("rejects out-of-range limit, skip and include", async () => {
    expect((await apiJson("/entries?limit=1001")).status).toBe(400);
    expect((await apiJson("/entries?limit=1000")).status).toBe(200);
    expect((await apiJson("/entries?skip=-1")).status).toBe(400);
    expect((await apiJson("/entries?include=11")).status).toBe(400);
    expect((await apiJson("/entries?locale=fr-FR")).status).toBe(400);
  });

  it("answers 404 NotFound for unknown spaces, environments, ids and paths", async () => {
    const space = await sdkError(makeClient({ space: "other" }).getEntries());
    expect(space.name).toBe("NotFound");
    expect(space.status).toBe(404);
    const environment = await sdkError(makeClient({ environment: "staging" }).getEntries());
    expect(environment.name).toBe("NotFound");
    const asset = await sdkError(client.getAsset("nope"));
    expect(asset.name).toBe("NotFound");
    expect(asset.details).toMatchObject({ type: "Asset", id: "nope" });
    await expect(client.getEntry("nope")).rejects.toMatchObject({ sys: { id: "NotFound" } });
    const byPath = await apiJson("/entries/nope");
    expect(byPath.status).toBe(404);
    expect(byPath.body).toMatchObject({
      sys: { type: "Error", id: "NotFound" },
      message: "The resource could not be found.",
      details: { type: "Entry", id: "nope", environment: "master", space: FIXTURE_SPACE_ID },
    });
    expect((await apiJson("/widgets")).status).toBe(404);
    expect((await fetch(`${standIn.url}/nothing/here`)).status).toBe(404);
  });
});

describe("asset files", () => {
  const heroPath = `/${FIXTURE_SPACE_ID}/hero/tok1/hero-home.webp`;
  const heroFile = (suffix: string) =>
    FIXTURE_FILES[`images.ctfassets.net/${FIXTURE_SPACE_ID}/hero/tok1/hero-home${suffix}.webp`]!;
  const fetchBytes = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${standIn.url}${path}`, init);
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it("serves the file behind a rewritten asset URL with immutable caching", async () => {
    const asset = await client.getAsset("hero");
    const { response, bytes } = await fetchBytes(asset.fields.file!.url!.replace(`//${standIn.host}`, ""));
    expect(response.status).toBe(200);
    expect(bytes.equals(heroFile(""))).toBe(true);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{40}"$/);
  });

  it("serves byte ranges, as video players ask for them", async () => {
    const whole = heroFile("");
    const { response, bytes } = await fetchBytes(heroPath, { headers: { Range: "bytes=10-19" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 10-19/${whole.length}`);
    expect(bytes.equals(whole.subarray(10, 20))).toBe(true);
    const tail = await fetchBytes(heroPath, { headers: { Range: "bytes=-5" } });
    expect(tail.bytes.equals(whole.subarray(whole.length - 5))).toBe(true);
    const beyond = await fetchBytes(heroPath, { headers: { Range: `bytes=${whole.length}-` } });
    expect(beyond.response.status).toBe(416);
    const several = await fetchBytes(heroPath, { headers: { Range: "bytes=0-1,5-6" } });
    expect(several.response.status).toBe(200);
    expect(several.bytes.equals(whole)).toBe(true);
  });

  it.each([
    ["500", ".w640"],
    ["640", ".w640"],
    ["641", ".w1280"],
    ["1280", ".w1280"],
    ["1300", ""],
    ["3000", ""],
  ])("chooses the smallest rendition at least w=%s wide", async (width, suffix) => {
    const { response, bytes } = await fetchBytes(`${heroPath}?w=${width}&fm=webp&q=75`);
    expect(response.status).toBe(200);
    expect(bytes.equals(heroFile(suffix))).toBe(true);
  });

  it("serves WebP with its true type when another format is asked for, and accepts h and fit", async () => {
    const { response, bytes } = await fetchBytes(`${heroPath}?w=640&h=320&fit=fill&fm=jpg`);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(bytes.equals(heroFile(".w640"))).toBe(true);
  });

  it("answers fm=avif with AVIF that sharp encodes from the master, the same bytes each time", async () => {
    const first = await fetchBytes(`${heroPath}?w=800&fm=avif&q=45`);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get("content-type")).toBe("image/avif");
    expect(first.bytes.subarray(4, 12).toString("latin1")).toBe("ftypavif");
    const metadata = await sharp(first.bytes).metadata();
    expect(metadata).toMatchObject({ format: "heif", compression: "av1" });
    const again = await fetchBytes(`${heroPath}?w=800&fm=avif&q=45`);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(again.response.headers.get("etag")).toBe(first.response.headers.get("etag"));
    // Another quality is another encoding.
    const other = await fetchBytes(`${heroPath}?w=800&fm=avif&q=90`);
    expect(other.response.headers.get("content-type")).toBe("image/avif");
    expect(other.response.headers.get("etag")).not.toBe(first.response.headers.get("etag"));
  });

  it("answers fm=avif with a stored AVIF rendition, the narrowest at least as wide, when there is one", async () => {
    const stored = Buffer.from("stored AVIF rendition (a test)");
    await writeFile(join(assetsDir, `images.ctfassets.net/${FIXTURE_SPACE_ID}/hero/tok1/hero-home.w640.avif`), stored);
    const { response, bytes } = await fetchBytes(`${heroPath}?w=600&fm=avif&q=45`);
    expect(response.headers.get("content-type")).toBe("image/avif");
    expect(bytes.equals(stored)).toBe(true);
    // WebP is still WebP.
    expect((await fetchBytes(`${heroPath}?w=600&fm=webp`)).bytes.equals(heroFile(".w640"))).toBe(true);
  });

  it("answers fm=avif wider than the master with the stored rendition at the master's width", async () => {
    const stored = Buffer.from("stored AVIF rendition at the master's width (a test)");
    await writeFile(join(assetsDir, `images.ctfassets.net/${FIXTURE_SPACE_ID}/hero/tok1/hero-home.w1600.avif`), stored);
    const { response, bytes } = await fetchBytes(`${heroPath}?w=1920&fm=avif&q=45`);
    expect(response.headers.get("content-type")).toBe("image/avif");
    expect(bytes.equals(stored)).toBe(true);
  });

  it("types PNG and SVG files by extension", async () => {
    const png = await fetch(`${standIn.url}/${FIXTURE_SPACE_ID}/avatar/tok2/ada.png?w=100`);
    expect(png.headers.get("content-type")).toBe("image/png");
    const svg = await fetch(`${standIn.url}/${FIXTURE_SPACE_ID}/logo/tok3/logo.svg`);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(await svg.text()).toContain("<svg");
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await fetch(`${standIn.url}${heroPath}?w=640`);
    const etag = first.headers.get("etag")!;
    const again = await fetch(`${standIn.url}${heroPath}?w=640`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    const master = await fetch(`${standIn.url}${heroPath}`);
    expect(master.headers.get("etag")).not.toBe(etag);
  });

  it("rejects invalid image parameters", async () => {
    expect((await fetch(`${standIn.url}${heroPath}?w=0`)).status).toBe(400);
    expect((await fetch(`${standIn.url}${heroPath}?fm=bmp`)).status).toBe(400);
  });

  it("answers 404 for missing files and unknown paths, and never leaves the assets directory", async () => {
    expect((await fetch(`${standIn.url}/${FIXTURE_SPACE_ID}/orphan/tok4/missing.webp`)).status).toBe(404);
    expect((await fetch(`${standIn.url}/${FIXTURE_SPACE_ID}/hero/tok1/other.webp`)).status).toBe(404);
    await writeFile(join(assetsDir, "secret.txt"), "TOP-SECRET-BYTES");
    const traversal = await rawGet(`/${FIXTURE_SPACE_ID}/hero/tok1/../../../../secret.txt`);
    expect(traversal.status).toBe(404);
    expect(traversal.body).not.toContain("TOP-SECRET-BYTES");
    const encoded = await rawGet(`/${FIXTURE_SPACE_ID}/hero/tok1/..%2F..%2F..%2F..%2Fsecret.txt`);
    expect(encoded.status).toBe(404);
    expect(encoded.body).not.toContain("TOP-SECRET-BYTES");
  });

  it("refuses asset URLs in the dataset that climb out of their directory", async () => {
    await writeFile(join(assetsDir, "secret.txt"), "TOP-SECRET-BYTES");
    const dataset = fixtureDataset();
    const encodedPath = `/${FIXTURE_SPACE_ID}/evil/tok5/..%2F..%2F..%2F..%2Fsecret.txt`;
    const dottedPath = `/${FIXTURE_SPACE_ID}/evil/tok6/../../../../secret.txt`;
    dataset.assets[0]!.fields.file["en-US"]!.url = `//images.ctfassets.net${encodedPath}`;
    dataset.assets[1]!.fields.file["en-US"]!.url = `//images.ctfassets.net${dottedPath}`;
    const evil = await startContentfulStandIn({ dataset, assetsDir, spaceId: FIXTURE_SPACE_ID, accessToken: TOKEN });
    try {
      for (const path of [encodedPath, dottedPath]) {
        const response = await rawGet(path, evil.host);
        expect(response.status).toBe(404);
        expect(response.body).not.toContain("TOP-SECRET-BYTES");
      }
    } finally {
      await evil.close();
    }
  });
});

function rawGet(path: string, host = standIn.host): Promise<{ status: number; body: string }> {
  const [hostname, port] = host.split(":");
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port: Number(port), path, method: "GET" }, (response) => {
      let body = "";
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("fault injection", () => {
  it("fails once with an injected status, then answers for real", async () => {
    standIn.faults.add({ pathIncludes: "/entries", status: 500, times: 1 });
    const first = await apiJson("/entries?content_type=author");
    expect(first.status).toBe(500);
    const second = await apiJson("/entries?content_type=author");
    expect(second.status).toBe(200);
    expect(second.body.total).toBe(2);
  });

  it("lets the SDK's retry recover from a single 503", { timeout: 10_000 }, async () => {
    standIn.faults.add({ pathIncludes: "/entries", status: 503, times: 1 });
    const retrying = makeClient({ retryOnError: true, retryLimit: 1 });
    const authors = await retrying.getEntries({ content_type: "author" });
    expect(authors.total).toBe(2);
    expect(standIn.faults.requests.filter((request) => request.url.includes("/entries"))).toHaveLength(2);
  });

  it("is controlled over HTTP at /__control", async () => {
    const added = await fetch(`${standIn.url}/__control/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ pathIncludes: "/assets", status: 429, times: 1 }),
    });
    expect(added.status).toBe(201);
    expect((await api("/assets")).status).toBe(429);
    expect((await api("/assets")).status).toBe(200);
    const requests = (await (await fetch(`${standIn.url}/__control/requests`)).json()) as { url: string }[];
    expect(requests.map((request) => request.url)).toEqual([
      `/spaces/${FIXTURE_SPACE_ID}/environments/master/assets`,
      `/spaces/${FIXTURE_SPACE_ID}/environments/master/assets`,
    ]);
    await fetch(`${standIn.url}/__control/faults`, {
      method: "POST",
      body: JSON.stringify({ status: 500 }),
    });
    expect((await api("/assets")).status).toBe(500);
    expect((await fetch(`${standIn.url}/__control/faults`, { method: "DELETE" })).status).toBe(200);
    expect((await api("/assets")).status).toBe(200);
  });

  it("keeps /__control closed unless asked for", async () => {
    const closed = await startContentfulStandIn({
      dataset: fixtureDataset(),
      assetsDir,
      spaceId: FIXTURE_SPACE_ID,
      accessToken: TOKEN,
    });
    try {
      const response = await fetch(`${closed.url}/__control/faults`, { method: "POST", body: "{}" });
      expect(response.status).toBe(404);
    } finally {
      await closed.close();
    }
  });
});

describe("loadDataset", () => {
  it("reads an export file and refuses a file that is not one", async () => {
    const good = join(assetsDir, "space.json");
    await writeFile(good, JSON.stringify(fixtureDataset()));
    expect((await loadDataset(good)).entries).toHaveLength(6);
    const bad = join(assetsDir, "bad.json");
    await writeFile(bad, JSON.stringify({ entries: [] }));
    await expect(loadDataset(bad)).rejects.toThrow(/contentTypes/);
  });
});

describe("drafts, the Preview API and editors' changes", () => {
  const PREVIEW_TOKEN = "test-preview-token";
  let editable: ContentfulStandIn;

  beforeAll(async () => {
    editable = await startContentfulStandIn({
      dataset: fixtureDataset(),
      assetsDir,
      spaceId: FIXTURE_SPACE_ID,
      accessToken: TOKEN,
      previewToken: PREVIEW_TOKEN,
    });
  });

  afterAll(async () => {
    await editable?.close();
  });

  const clientFor = (accessToken: string) => makeClient({ host: editable.host, accessToken });
  const slugs = async (accessToken: string) =>
    (await clientFor(accessToken).getEntries({ content_type: "blogPost", order: ["sys.id"] } as never)).items.map(
      (item) => item.fields.slug,
    );

  it("serves a draft through the preview token only", async () => {
    const draft = editable.entry("post-a")!;
    const { publishedVersion: _published, ...draftSys } = draft.sys;
    editable.putEntry({
      ...draft,
      sys: { ...draftSys, id: "post-draft" },
      fields: { ...draft.fields, slug: { "en-US": "draft-post" } },
    });
    expect(await slugs(TOKEN)).not.toContain("draft-post");
    expect(await slugs(PREVIEW_TOKEN)).toContain("draft-post");
    editable.removeEntry("post-draft");
    expect(await slugs(PREVIEW_TOKEN)).not.toContain("draft-post");
  });

  it("serves a published change on the next request", async () => {
    const post = editable.entry("post-b")!;
    editable.putEntry({ ...post, fields: { ...post.fields, title: { "en-US": "Member spotlight, revised" } } });
    const [entry] = (await clientFor(TOKEN).getEntries({ "sys.id": "post-b" })).items;
    expect(entry?.fields.title).toBe("Member spotlight, revised");
  });

  it("puts back the entries it started with", async () => {
    const post = editable.entry("post-b")!;
    editable.putEntry({ ...post, fields: { ...post.fields, title: { "en-US": "Changed for one test" } } });
    editable.removeEntry("post-a");
    editable.restoreEntries();
    const items = (await clientFor(TOKEN).getEntries({ content_type: "blogPost", order: ["sys.id"] } as never)).items;
    expect(items.map((item) => item.sys.id)).toEqual(expect.arrayContaining(["post-a", "post-b"]));
    const started = fixtureDataset().entries.find((entry) => entry.sys.id === "post-b")!;
    expect(items.find((item) => item.sys.id === "post-b")?.fields.title).toBe(
      (started.fields.title as Record<string, string>)["en-US"],
    );
  });

  it("refuses a token it does not know, the preview token of another space included", async () => {
    await expect(clientFor("not-a-token").getEntries()).rejects.toMatchObject({ name: "AccessTokenInvalid" });
    const withoutPreview = await startContentfulStandIn({
      dataset: fixtureDataset(),
      assetsDir,
      spaceId: FIXTURE_SPACE_ID,
      accessToken: TOKEN,
    });
    try {
      const other = makeClient({ host: withoutPreview.host, accessToken: PREVIEW_TOKEN });
      await expect(other.getEntries()).rejects.toMatchObject({ name: "AccessTokenInvalid" });
    } finally {
      await withoutPreview.close();
    }
  });
});
