import type {
  ContentfulExport,
  ContentTypeField,
  ExportAsset,
  ExportContentType,
  ExportEntry,
  ExportLocale,
  Localized,
} from "./contentful-export.ts";

/**
 * Turns a Contentful space export into what the Content Delivery API sends: entities flattened to one
 * locale (with the locale fallback chain), CDA `sys` blocks, asset URLs pointing at the stand-in, and
 * the `includes` of an entry collection.
 */

// ---------------------------------------------------------------------------------------------------
// Errors in the CDA's wire shape

export class CdaError extends Error {
  readonly status: number;
  readonly errorId: string;
  readonly details: unknown;

  constructor(status: number, errorId: string, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.errorId = errorId;
    this.details = details;
  }
}

export const INVALID_QUERY_MESSAGE =
  "The query you sent was invalid. Probably a filter or ordering specification is not applicable to the type of a field.";

export function invalidQuery(errors: object[], message = INVALID_QUERY_MESSAGE): CdaError {
  return new CdaError(400, "InvalidQuery", message, { errors });
}

export function notFound(details: Record<string, string>): CdaError {
  return new CdaError(404, "NotFound", "The resource could not be found.", details);
}

// ---------------------------------------------------------------------------------------------------
// Wire types

export interface CdaLink {
  sys: { type: "Link"; linkType: string; id: string };
}

export interface CdaEntity {
  metadata: { tags: CdaLink[]; concepts: CdaLink[] };
  sys: Record<string, unknown> & { id: string; type: "Entry" | "Asset" };
  fields: Record<string, unknown>;
}

export interface CdaArray<T> {
  sys: { type: "Array" };
  total: number;
  skip: number;
  limit: number;
  items: T[];
  includes?: { Entry?: CdaEntity[]; Asset?: CdaEntity[] };
  errors?: object[];
}

/** `*` asks for every locale, keyed by locale code, as the CDA's `locale=*` does. */
export type LocaleChoice = { code: string } | { all: true };

// ---------------------------------------------------------------------------------------------------
// The space

/** Fields the export does not type but real exports carry. */
interface ExtraSys {
  publishedCounter?: number;
  publishedVersion?: number;
}

export interface SpaceSettings {
  spaceId: string;
  environment: string;
  /** `host:port` that asset URLs are rewritten to. */
  assetHost: () => string;
}

export class DeliverySpace {
  readonly settings: SpaceSettings;
  readonly dataset: ContentfulExport;
  readonly locales: ExportLocale[];
  readonly defaultLocale: string;
  readonly contentTypes = new Map<string, ExportContentType>();
  /** Entries whose content type exists, in dataset order. */
  readonly entries: ExportEntry[];
  readonly entryById = new Map<string, ExportEntry>();
  readonly assetById = new Map<string, ExportAsset>();

  constructor(dataset: ContentfulExport, settings: SpaceSettings) {
    this.dataset = dataset;
    this.settings = settings;
    this.locales = dataset.locales.length
      ? dataset.locales
      : [{ code: "en-US", name: "English (United States)", default: true, fallbackCode: null }];
    this.defaultLocale = (this.locales.find((locale) => locale.default) ?? this.locales[0]!).code;
    for (const contentType of dataset.contentTypes) this.contentTypes.set(contentType.sys.id, contentType);
    this.entries = dataset.entries.filter((entry) => this.contentTypes.has(entry.sys.contentType.sys.id));
    for (const entry of this.entries) this.entryById.set(entry.sys.id, entry);
    for (const asset of dataset.assets) this.assetById.set(asset.sys.id, asset);
  }

  /** Validates the `locale` query parameter (absent = the default locale). */
  localeChoice(requested: string | null): LocaleChoice {
    if (requested === null || requested === "") return { code: this.defaultLocale };
    if (requested === "*") return { all: true };
    if (!this.locales.some((locale) => locale.code === requested)) {
      throw new CdaError(400, "BadRequest", `Unknown locale: ${requested}`);
    }
    return { code: requested };
  }

  /** The locale a `locale=*` query is filtered and ordered in. */
  queryLocale(choice: LocaleChoice): string {
    return "code" in choice ? choice.code : this.defaultLocale;
  }

  // -------------------------------------------------------------------------------------------------
  // Rendering

  renderEntry(entry: ExportEntry, choice: LocaleChoice): CdaEntity {
    const contentType = this.contentTypes.get(entry.sys.contentType.sys.id)!;
    const fields: Record<string, unknown> = {};
    for (const field of deliveredFields(contentType)) {
      const value = this.localizedValue(entry.fields[field.id], field.localized, choice);
      if (value !== undefined) fields[field.id] = value;
    }
    return {
      metadata: { tags: [], concepts: [] },
      sys: {
        ...this.entitySys(entry.sys, "Entry"),
        contentType: link("ContentType", contentType.sys.id),
        ...("code" in choice ? { locale: choice.code } : {}),
      },
      fields,
    };
  }

  renderAsset(asset: ExportAsset, choice: LocaleChoice): CdaEntity {
    const fields: Record<string, unknown> = {};
    for (const [fieldId, values] of Object.entries(asset.fields) as [string, Localized<unknown>][]) {
      const localized = fieldId === "file" ? this.rewriteFileUrls(values) : values;
      const value = this.localizedValue(localized, true, choice);
      if (value !== undefined) fields[fieldId] = value;
    }
    return {
      metadata: { tags: [], concepts: [] },
      sys: {
        ...this.entitySys(asset.sys, "Asset"),
        ...("code" in choice ? { locale: choice.code } : {}),
      },
      fields,
    };
  }

  renderContentType(contentType: ExportContentType): Record<string, unknown> {
    return {
      sys: {
        space: link("Space", this.settings.spaceId),
        id: contentType.sys.id,
        type: "ContentType",
        createdAt: contentType.sys.createdAt,
        updatedAt: contentType.sys.updatedAt,
        environment: this.environmentLink(),
        revision: (contentType.sys as ExtraSys).publishedCounter ?? 1,
      },
      displayField: contentType.displayField,
      name: contentType.name,
      description: contentType.description ?? "",
      fields: contentType.fields.map((field) => ({
        ...field,
        disabled: field.disabled ?? false,
        omitted: field.omitted ?? false,
      })),
    };
  }

  renderLocale(locale: ExportLocale): Record<string, unknown> {
    return {
      code: locale.code,
      name: locale.name,
      default: locale.default,
      fallbackCode: locale.fallbackCode,
      sys: { id: `locale-${locale.code}`, type: "Locale", version: 1 },
    };
  }

  renderSpace(): Record<string, unknown> {
    return {
      sys: { type: "Space", id: this.settings.spaceId },
      name: this.settings.spaceId,
      locales: this.locales.map(({ code, default: isDefault, name, fallbackCode }) => ({
        code,
        default: isDefault,
        name,
        fallbackCode,
      })),
    };
  }

  private entitySys(sys: ExportEntry["sys"] | ExportAsset["sys"], type: "Entry" | "Asset") {
    const extra = sys as ExtraSys;
    return {
      space: link("Space", this.settings.spaceId),
      id: sys.id,
      type,
      createdAt: sys.createdAt,
      updatedAt: sys.updatedAt,
      environment: this.environmentLink(),
      ...(extra.publishedVersion !== undefined ? { publishedVersion: extra.publishedVersion } : {}),
      revision: extra.publishedCounter ?? 1,
    };
  }

  private environmentLink() {
    return { sys: { id: this.settings.environment, type: "Link", linkType: "Environment" } };
  }

  private localizedValue(values: Localized<unknown> | undefined, localized: boolean, choice: LocaleChoice): unknown {
    if (!values) return undefined;
    if ("all" in choice) {
      if (localized) return Object.keys(values).length ? values : undefined;
      const value = values[this.defaultLocale];
      return value === undefined ? undefined : { [this.defaultLocale]: value };
    }
    if (!localized) return values[this.defaultLocale];
    const seen = new Set<string>();
    let code: string | null = choice.code;
    while (code !== null && !seen.has(code)) {
      if (values[code] !== undefined) return values[code];
      seen.add(code);
      code = this.locales.find((locale) => locale.code === code)?.fallbackCode ?? null;
    }
    return undefined;
  }

  private rewriteFileUrls(values: Localized<unknown>): Localized<unknown> {
    const rewritten: Localized<unknown> = {};
    for (const [code, file] of Object.entries(values)) {
      const url = (file as { url?: unknown }).url;
      rewritten[code] =
        typeof url === "string" ? { ...(file as object), url: rewriteAssetUrl(url, this.settings.assetHost()) } : file;
    }
    return rewritten;
  }

  // -------------------------------------------------------------------------------------------------
  // Includes

  /**
   * Collects what `include=depth` adds to a collection: entities linked from the items, then from those,
   * up to `depth` levels. Entries already among the items are not repeated; a link whose target does
   * not exist becomes a `notResolvable` error, as on the real CDA.
   */
  collectIncludes(
    items: CdaEntity[],
    depth: number,
    choice: LocaleChoice,
  ): Pick<CdaArray<CdaEntity>, "includes" | "errors"> {
    // Items may be cut down by `select`, so their sys can be missing.
    const seen = new Set(items.map((item) => `${item.sys?.type}!${item.sys?.id}`));
    const included: { Entry: CdaEntity[]; Asset: CdaEntity[] } = { Entry: [], Asset: [] };
    const errors: object[] = [];
    let frontier = items;
    for (let level = 1; level <= depth && frontier.length > 0; level++) {
      const next: CdaEntity[] = [];
      for (const target of frontier.flatMap((item) => collectLinks(item.fields))) {
        const key = `${target.linkType}!${target.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const entity = this.resolveLink(target.linkType, target.id, choice);
        if (!entity) {
          errors.push({
            sys: { id: "notResolvable", type: "error" },
            details: { type: "Link", linkType: target.linkType, id: target.id },
          });
          continue;
        }
        included[entity.sys.type].push(entity);
        next.push(entity);
      }
      frontier = next;
    }
    const includes = Object.fromEntries(Object.entries(included).filter(([, list]) => list.length > 0));
    return {
      ...(Object.keys(includes).length ? { includes } : {}),
      ...(errors.length ? { errors } : {}),
    };
  }

  private resolveLink(linkType: string, id: string, choice: LocaleChoice): CdaEntity | undefined {
    if (linkType === "Entry") {
      const entry = this.entryById.get(id);
      return entry && this.renderEntry(entry, choice);
    }
    if (linkType === "Asset") {
      const asset = this.assetById.get(id);
      return asset && this.renderAsset(asset, choice);
    }
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------
// Helpers

export function link(linkType: string, id: string): CdaLink {
  return { sys: { type: "Link", linkType, id } };
}

/** Fields the CDA delivers: `omitted` ones ("disabled in response") are left out. */
export function deliveredFields(contentType: ExportContentType): ContentTypeField[] {
  return contentType.fields.filter((field) => !field.omitted);
}

const CTF_ASSETS_URL = /^(?:https?:)?\/\/([a-z0-9-]+\.ctfassets\.net)(\/.*)$/i;

/** Splits `//images.ctfassets.net/space/id/token/name` into its host and path. */
export function parseAssetUrl(url: string): { host: string; path: string } | undefined {
  const match = CTF_ASSETS_URL.exec(url);
  return match ? { host: match[1]!.toLowerCase(), path: match[2]! } : undefined;
}

export function rewriteAssetUrl(url: string, host: string): string {
  const parsed = parseAssetUrl(url);
  return parsed ? `//${host}${parsed.path}` : url;
}

/** Every Entry or Asset link anywhere inside a value: link fields, arrays, rich-text `data.target`. */
export function collectLinks(value: unknown, found: { linkType: string; id: string }[] = []) {
  if (Array.isArray(value)) {
    for (const element of value) collectLinks(element, found);
  } else if (value !== null && typeof value === "object") {
    const sys = (value as { sys?: { type?: unknown; linkType?: unknown; id?: unknown } }).sys;
    if (sys?.type === "Link" && typeof sys.linkType === "string" && typeof sys.id === "string") {
      if (sys.linkType === "Entry" || sys.linkType === "Asset") found.push({ linkType: sys.linkType, id: sys.id });
      return found;
    }
    for (const child of Object.values(value)) collectLinks(child, found);
  }
  return found;
}
