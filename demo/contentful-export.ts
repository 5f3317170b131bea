/**
 * The shape of a Contentful space export (the JSON written by Contentful's export tool and read by its
 * import tool). The demo dataset is a file of this shape; the content stand-in serves it over the
 * Delivery API. Fields are keyed by locale, as in a real export.
 */

export type LocaleCode = string;
export type Localized<T> = Record<LocaleCode, T>;

export interface Link<LinkType extends "Asset" | "Entry" | "ContentType"> {
  sys: { type: "Link"; linkType: LinkType; id: string };
}

export type FieldType =
  "Symbol" | "Text" | "RichText" | "Integer" | "Number" | "Date" | "Boolean" | "Object" | "Location" | "Link" | "Array";

export interface ContentTypeField {
  id: string;
  name: string;
  type: FieldType;
  linkType?: "Asset" | "Entry";
  items?: { type: "Symbol" | "Link"; linkType?: "Asset" | "Entry"; validations?: unknown[] };
  required: boolean;
  localized: boolean;
  disabled?: boolean;
  omitted?: boolean;
  validations?: unknown[];
}

export interface ExportContentType {
  sys: { id: string; type: "ContentType"; createdAt: string; updatedAt: string };
  name: string;
  displayField: string;
  description?: string;
  fields: ContentTypeField[];
}

export interface EntitySys {
  id: string;
  createdAt: string;
  updatedAt: string;
  publishedAt?: string;
  firstPublishedAt?: string;
  publishedVersion?: number;
}

export interface ExportEntry {
  sys: EntitySys & { type: "Entry"; contentType: Link<"ContentType"> };
  fields: Record<string, Localized<unknown>>;
}

export interface AssetFile {
  /** Protocol-relative, like `//images.ctfassets.net/{space}/{assetId}/{token}/{fileName}`. */
  url: string;
  fileName: string;
  contentType: string;
  details: { size: number; image?: { width: number; height: number } };
}

export interface ExportAsset {
  sys: EntitySys & { type: "Asset" };
  fields: {
    title: Localized<string>;
    description?: Localized<string>;
    file: Localized<AssetFile>;
  };
}

export interface ExportLocale {
  code: LocaleCode;
  name: string;
  default: boolean;
  fallbackCode: LocaleCode | null;
}

export interface ContentfulExport {
  contentTypes: ExportContentType[];
  entries: ExportEntry[];
  assets: ExportAsset[];
  locales: ExportLocale[];
}
