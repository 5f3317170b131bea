import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type CdaEntity,
  CdaError,
  collectLinks,
  DeliverySpace,
  invalidQuery,
  type LocaleChoice,
  notFound,
} from "./contentful-delivery.ts";
import type { ContentfulExport, ExportAsset, ExportEntry } from "./contentful-export.ts";
import { decodeSegments, indexAssetFiles, type StoredFile, sendAssetFile } from "./contentful-files.ts";
import {
  assetSchema,
  containsTerms,
  contentTypeSchema,
  entrySchema,
  type ListQuery,
  page,
  parseCount,
  parseListQuery,
  project,
  type QueryItem,
  searchTerms,
  textOf,
} from "./contentful-query.ts";
import { FaultController } from "./faults.ts";
import { listen, type RunningService, sendJson } from "./http.ts";

/**
 * An embedded stand-in for Contentful's Content Delivery API: it serves a space export over the CDA's
 * wire protocol, so the official `contentful` SDK works against it unchanged
 * (`createClient({ space, accessToken, environment, host: standIn.host, insecure: true })`), and it serves
 * the export's asset files in place of Contentful's asset CDN and Images API.
 */

export const DEMO_SPACE_ID = "demohub";
export const DEMO_ACCESS_TOKEN = "demo-delivery-token";
export const DEMO_PREVIEW_TOKEN = "demo-preview-token";

export interface ContentfulStandInOptions {
  dataset: ContentfulExport;
  /** Directory holding asset files in export layout: `images.ctfassets.net/<space>/<id>/<token>/<file>`. */
  assetsDir: string;
  spaceId: string;
  accessToken: string;
  /**
   * A Content Preview API token: requests that present it see drafts too (the real service tells the
   * two APIs apart by host; this stand-in serves both on one host and tells them apart by token).
   */
  previewToken?: string;
  /** Default `master`. */
  environment?: string;
  /** Default 127.0.0.1 and an ephemeral port. */
  host?: string;
  port?: number;
  /** Expose the fault controller's `/__control/*` endpoints over HTTP. */
  control?: boolean;
  /** `host:port` written into asset URLs (default: the stand-in's own host), e.g. for a proxy. */
  assetHost?: string;
}

export interface ContentfulStandIn extends RunningService {
  spaceId: string;
  accessToken: string;
  previewToken: string | null;
  environment: string;
  faults: FaultController;
  /** The entry as the space holds it (a copy), or undefined. */
  entry(id: string): ExportEntry | undefined;
  /**
   * Saves an entry, as an editor does: with publish metadata (`sys.publishedVersion`) it is published
   * and the Delivery API serves it; without, it is a draft only the Preview API shows.
   */
  putEntry(entry: ExportEntry): void;
  /** Removes an entry (unpublished and deleted). */
  removeEntry(id: string): void;
  /** Puts back the entries it started with, undoing `putEntry` and `removeEntry` (tests reuse one stand-in). */
  restoreEntries(): void;
}

/** Whether an entry or asset has been published (an export marks drafts by leaving the version out). */
export function isPublished(entity: { sys: { publishedVersion?: number } }): boolean {
  return entity.sys.publishedVersion !== undefined;
}

export async function loadDataset(file: string): Promise<ContentfulExport> {
  const parsed = JSON.parse(await readFile(file, "utf8")) as Partial<ContentfulExport>;
  for (const key of ["contentTypes", "entries", "assets"] as const) {
    if (!Array.isArray(parsed[key])) throw new Error(`${file} is not a Contentful export: "${key}" is missing`);
  }
  return { ...parsed, locales: parsed.locales ?? [] } as ContentfulExport;
}

export async function startContentfulStandIn(options: ContentfulStandInOptions): Promise<ContentfulStandIn> {
  if (!options.spaceId || !options.accessToken) throw new Error("The Contentful stand-in needs a space id and a token");
  const environment = options.environment ?? "master";
  const faults = new FaultController();
  let ownHost = "";
  const settings = { spaceId: options.spaceId, environment, assetHost: () => options.assetHost ?? ownHost };
  const dataset: ContentfulExport = { ...options.dataset, entries: [...options.dataset.entries] };
  const spaces = { delivery: publishedSpace(dataset, settings), preview: new DeliverySpace(dataset, settings) };
  const changed = () => {
    spaces.delivery = publishedSpace(dataset, settings);
    spaces.preview = new DeliverySpace(dataset, settings);
  };
  const tokens = { delivery: options.accessToken, preview: options.previewToken ?? null };
  const files = indexAssetFiles(options.dataset.assets, options.assetsDir);

  const service = await listen(
    (request, response) => {
      void handleRequest(request, response, { spaces, tokens, files, faults, control: options.control ?? false });
    },
    { host: options.host ?? "127.0.0.1", port: options.port ?? 0 },
  );
  ownHost = service.host;
  return {
    ...service,
    spaceId: options.spaceId,
    accessToken: options.accessToken,
    previewToken: tokens.preview,
    environment,
    faults,
    entry: (id) => structuredClone(dataset.entries.find((candidate) => candidate.sys.id === id)),
    putEntry(entry) {
      const index = dataset.entries.findIndex((candidate) => candidate.sys.id === entry.sys.id);
      if (index === -1) dataset.entries.push(structuredClone(entry));
      else dataset.entries[index] = structuredClone(entry);
      changed();
    },
    removeEntry(id) {
      const index = dataset.entries.findIndex((candidate) => candidate.sys.id === id);
      if (index !== -1) dataset.entries.splice(index, 1);
      changed();
    },
    restoreEntries() {
      dataset.entries = [...options.dataset.entries];
      changed();
    },
  };
}

/** What the Delivery API sees: published entries and assets only. */
function publishedSpace(dataset: ContentfulExport, settings: ConstructorParameters<typeof DeliverySpace>[1]) {
  return new DeliverySpace(
    { ...dataset, entries: dataset.entries.filter(isPublished), assets: dataset.assets.filter(isPublished) },
    settings,
  );
}

// ---------------------------------------------------------------------------------------------------
// HTTP

const CDA_CONTENT_TYPE = "application/vnd.contentful.delivery.v1+json";

interface HandlerContext {
  spaces: { delivery: DeliverySpace; preview: DeliverySpace };
  tokens: { delivery: string; preview: string | null };
  files: Map<string, StoredFile>;
  faults: FaultController;
  control: boolean;
}

async function handleRequest(request: IncomingMessage, response: ServerResponse, context: HandlerContext) {
  const requestId = randomBytes(12).toString("hex");
  const isControl = (request.url ?? "").startsWith("/__control/");
  try {
    if (context.control && isControl && (await context.faults.handleControl(request, response))) return;
    if (await context.faults.intercept(request, response)) return;
    await route(request, response, context, requestId);
  } catch (error) {
    if (response.headersSent) {
      response.destroy();
    } else if (error instanceof CdaError) {
      sendError(response, error, requestId);
    } else if (isControl) {
      sendJson(response, 400, { error: error instanceof Error ? error.message : String(error) });
    } else {
      sendError(response, new CdaError(500, "ServerError", "Internal server error"), requestId);
    }
  }
}

async function route(request: IncomingMessage, response: ServerResponse, context: HandlerContext, requestId: string) {
  const url = new URL(request.url ?? "/", "http://stand-in");
  if (request.method === "OPTIONS") return sendPreflight(request, response);
  if (request.method !== "GET" && request.method !== "HEAD") {
    throw notFound({ type: "Route", method: request.method ?? "", path: url.pathname });
  }
  if (url.pathname === "/spaces" || url.pathname.startsWith("/spaces/")) {
    const preview =
      context.tokens.preview !== null &&
      presentedTokens(url, request.headers.authorization).includes(context.tokens.preview);
    const api = preview
      ? new DeliveryApi(context.spaces.preview, context.tokens.preview!)
      : new DeliveryApi(context.spaces.delivery, context.tokens.delivery);
    const body = api.handle(url, request.headers.authorization);
    return sendCda(response, 200, body, requestId);
  }
  const segments = decodeSegments(url.pathname);
  const file = segments && context.files.get(`/${segments.join("/")}`);
  if (file && (await sendAssetFile(request, response, file, url.searchParams))) return;
  throw notFound({ type: "File", path: url.pathname });
}

function sendCda(response: ServerResponse, status: number, body: unknown, requestId: string): void {
  sendJson(response, status, body, {
    "Content-Type": CDA_CONTENT_TYPE,
    "Access-Control-Allow-Origin": "*",
    "Cache-Control": "max-age=0",
    "X-Contentful-Request-Id": requestId,
  });
}

function sendError(response: ServerResponse, error: CdaError, requestId: string): void {
  const body = {
    sys: { type: "Error", id: error.errorId },
    message: error.message,
    ...(error.details === undefined ? {} : { details: error.details }),
    requestId,
  };
  sendCda(response, error.status, body, requestId);
}

function sendPreflight(request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(200, {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
    "Access-Control-Allow-Headers":
      request.headers["access-control-request-headers"] ?? "Authorization, Content-Type, X-Contentful-User-Agent",
    "Access-Control-Max-Age": "86400",
    "Content-Length": 0,
  });
  response.end();
}

// ---------------------------------------------------------------------------------------------------
// The Delivery API

const ACCESS_TOKEN_INVALID = "The access token you sent could not be found or is invalid.";

const MIME_GROUPS: Record<string, (contentType: string) => boolean> = {
  image: (type) => type.startsWith("image/"),
  video: (type) => type.startsWith("video/"),
  audio: (type) => type.startsWith("audio/"),
  pdfdocument: (type) => type === "application/pdf",
  plaintext: (type) => type === "text/plain",
  markup: (type) => type === "text/html" || type === "application/xml" || type === "text/xml",
  richtext: (type) => type === "text/rtf" || type === "application/rtf" || type.includes("wordprocessing"),
  presentation: (type) => type.includes("presentation") || type.includes("powerpoint"),
  spreadsheet: (type) => type.includes("spreadsheet") || type.includes("excel") || type === "text/csv",
  archive: (type) => /zip|tar|gzip|rar|7z/.test(type),
  code: (type) => /json|javascript|x-python|x-sh/.test(type),
  attachment: () => true,
};

class DeliveryApi {
  private readonly space: DeliverySpace;
  private readonly accessToken: string;

  constructor(space: DeliverySpace, accessToken: string) {
    this.space = space;
    this.accessToken = accessToken;
  }

  /** Answers a `/spaces/...` request with its JSON body, or throws a CdaError. */
  handle(url: URL, authorization: string | undefined): unknown {
    this.authenticate(url, authorization);
    const [, spaceId, ...rest] = decodeSegments(url.pathname) ?? [];
    const { spaceId: ownSpace, environment } = this.space.settings;
    if (spaceId !== ownSpace) throw notFound({ type: "Space", id: spaceId ?? "", space: spaceId ?? "" });
    if (rest.length === 0) return this.space.renderSpace();
    const inEnvironment = rest[0] === "environments";
    const environmentId = inEnvironment ? rest[1] : "master";
    if (environmentId !== environment) {
      throw notFound({ type: "Environment", id: environmentId ?? "", space: ownSpace });
    }
    const [collection, id, ...extra] = inEnvironment ? rest.slice(2) : rest;
    if (extra.length > 0 || collection === undefined) throw this.unknownRoute(url);
    const params = url.searchParams;
    return id === undefined ? this.list(collection, params, url) : this.one(collection, id, params, url);
  }

  private authenticate(url: URL, authorization: string | undefined): void {
    if (!presentedTokens(url, authorization).includes(this.accessToken)) {
      throw new CdaError(401, "AccessTokenInvalid", ACCESS_TOKEN_INVALID);
    }
  }

  private unknownRoute(url: URL): CdaError {
    return notFound({ type: "Route", path: url.pathname });
  }

  private missing(type: string, id: string): CdaError {
    const { spaceId, environment } = this.space.settings;
    return notFound({ type, id, environment, space: spaceId });
  }

  private list(collection: string, params: URLSearchParams, url: URL): unknown {
    switch (collection) {
      case "entries":
        return this.entries(params);
      case "assets":
        return this.assets(params);
      case "content_types":
        return this.contentTypes(params);
      case "locales":
        return page(
          this.space.locales.map((locale) => this.space.renderLocale(locale)),
          0,
          1000,
        );
      case "tags":
        return page([], 0, 100);
      default:
        throw this.unknownRoute(url);
    }
  }

  private one(collection: string, id: string, params: URLSearchParams, url: URL): unknown {
    switch (collection) {
      case "entries": {
        const entry = this.space.entryById.get(id);
        if (!entry) throw this.missing("Entry", id);
        return this.space.renderEntry(entry, this.space.localeChoice(params.get("locale")));
      }
      case "assets": {
        const asset = this.space.assetById.get(id);
        if (!asset) throw this.missing("Asset", id);
        return this.space.renderAsset(asset, this.space.localeChoice(params.get("locale")));
      }
      case "content_types": {
        const contentType = this.space.contentTypes.get(id);
        if (!contentType) throw this.missing("ContentType", id);
        return this.space.renderContentType(contentType);
      }
      case "tags":
        throw this.missing("Tag", id);
      default:
        throw this.unknownRoute(url);
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Collections

  private entries(params: URLSearchParams): unknown {
    const contentTypeId = params.get("content_type") ?? params.get("sys.contentType.sys.id");
    const contentType = contentTypeId === null ? undefined : this.space.contentTypes.get(contentTypeId);
    if (contentTypeId !== null && !contentType) {
      throw invalidQuery([{ name: "unknownContentType", value: contentTypeId }]);
    }
    const choice = this.space.localeChoice(params.get("locale"));
    const includeErrors: object[] = [];
    const include = parseCount(params, "include", 1, 10, includeErrors);
    if (includeErrors.length) throw invalidQuery(includeErrors);
    const query = parseListQuery<CdaEntity>(params, entrySchema(contentType));

    const extraFilters = [textFilter(params.get("query")), linksToFilter(params)];
    const selected = this.select(
      this.space.entries.filter((entry) => !contentType || entry.sys.contentType.sys.id === contentType.sys.id),
      (entry, locale) => this.space.renderEntry(entry, locale),
      choice,
      query,
      extraFilters,
    );
    const includes = include > 0 ? this.space.collectIncludes(selected.items, include, choice) : {};
    return { ...selected, ...includes };
  }

  private assets(params: URLSearchParams): unknown {
    const choice = this.space.localeChoice(params.get("locale"));
    const query = parseListQuery<CdaEntity>(params, assetSchema());
    const group = params.get("mimetype_group");
    const inGroup = group === null ? undefined : MIME_GROUPS[group];
    if (group !== null && !inGroup) throw invalidQuery([{ name: "mimetype_group", value: group }]);
    const mimeFilter = (item: CdaEntity) =>
      !inGroup || inGroup(String((item.fields.file as { contentType?: unknown } | undefined)?.contentType ?? ""));
    return this.select(
      this.space.dataset.assets,
      (asset, locale) => this.space.renderAsset(asset, locale),
      choice,
      query,
      [textFilter(params.get("query")), mimeFilter],
    );
  }

  private contentTypes(params: URLSearchParams) {
    const query = parseListQuery<QueryItem>(params, contentTypeSchema());
    const items = [...this.space.contentTypes.values()]
      .map((contentType) => this.space.renderContentType(contentType) as unknown as QueryItem)
      .filter(query.matches)
      .sort(query.compare);
    const paged = page(items, query.skip, query.limit);
    return query.select ? { ...paged, items: paged.items.map((item) => project(item, query.select!)) } : paged;
  }

  /**
   * Filters and orders entities as seen in the query locale, then pages them and renders the page in
   * the requested locale (all locales for `locale=*`).
   */
  private select<T extends ExportEntry | ExportAsset>(
    sources: T[],
    render: (source: T, locale: LocaleChoice) => CdaEntity,
    choice: LocaleChoice,
    query: ListQuery<CdaEntity>,
    extraFilters: ((item: CdaEntity) => boolean)[],
  ) {
    const queryLocale = { code: this.space.queryLocale(choice) };
    const matching = sources
      .map((source) => ({ source, view: render(source, queryLocale) }))
      .filter(({ view }) => query.matches(view) && extraFilters.every((filter) => filter(view)))
      .sort((a, b) => query.compare(a.view, b.view));
    const paged = page(matching, query.skip, query.limit);
    const items = paged.items.map(({ source, view }) => ("all" in choice ? render(source, choice) : view));
    return { ...paged, items: query.select ? items.map((item) => project(item, query.select!) as CdaEntity) : items };
  }
}

/** The tokens a request presents: its bearer token and its `access_token` parameter. */
function presentedTokens(url: URL, authorization: string | undefined): (string | undefined)[] {
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
  return [bearer, url.searchParams.get("access_token") ?? undefined];
}

/** The full-text `query` parameter: every term must occur in some text of the entity. */
function textFilter(raw: string | null): (item: CdaEntity) => boolean {
  if (!raw) return () => true;
  const terms = searchTerms(raw);
  return (item) => containsTerms(textOf(Object.values(item.fields).map(flattenFileName)), terms);
}

function flattenFileName(value: unknown): unknown {
  const fileName = (value as { fileName?: unknown } | null)?.fileName;
  return typeof fileName === "string" ? fileName : value;
}

/** `links_to_entry` / `links_to_asset`: entries with a link to the given entity anywhere in their fields. */
function linksToFilter(params: URLSearchParams): (item: CdaEntity) => boolean {
  const entry = params.get("links_to_entry");
  const asset = params.get("links_to_asset");
  if (entry === null && asset === null) return () => true;
  return (item) =>
    collectLinks(item.fields).some(
      (target) =>
        (entry !== null && target.linkType === "Entry" && target.id === entry) ||
        (asset !== null && target.linkType === "Asset" && target.id === asset),
    );
}
