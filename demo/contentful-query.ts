import type { ExportContentType } from "./contentful-export.ts";
import { deliveredFields, INVALID_QUERY_MESSAGE, invalidQuery } from "./contentful-delivery.ts";

/**
 * The CDA's search parameters: filters (`path[op]=value`), full-text `query`, `order`, `select`, `limit`
 * and `skip`. Query values arrive as strings and are typed by the field they address, so
 * `fields.featured=true` matches a Boolean and `fields.order=2` an Integer.
 */

export type ValueKind =
  "Symbol" | "Text" | "RichText" | "Integer" | "Number" | "Date" | "Boolean" | "Object" | "Location" | "Link";

/** A queryable path of an item (`sys.id`, `fields.title`, `fields.author.sys.id`...). */
export interface QueryPath {
  kind: ValueKind;
  isArray: boolean;
  read(item: QueryItem): unknown;
}

export interface QueryItem {
  sys: Record<string, unknown>;
  fields: Record<string, unknown>;
}

export type PathResolution = { path: QueryPath } | { error: object };

/** What one endpoint can search: how paths resolve and which plain parameters it accepts. */
export interface QuerySchema {
  resolve(segments: string[]): PathResolution;
  /** Parameters handled by the endpoint itself, never treated as filters. */
  reserved: ReadonlySet<string>;
}

export interface ListQuery<T extends QueryItem> {
  matches(item: T): boolean;
  compare(a: T, b: T): number;
  limit: number;
  skip: number;
  /** `select` paths (`["fields","title"]`), or undefined for whole items. */
  select?: string[][];
}

export const CONTENT_TYPE_REQUIRED_MESSAGE =
  'A Content Type ID is required. When querying for Entries and involving fields you need to limit your query to a specific Content Type. Please send a Content Type ID (not the name) as the URI query parameter "content_type"';

const CONTENT_TYPE_REQUIRED_ERROR = { name: "unknownContentType", value: "DOESNOTEXIST" };

export const MAX_LIMIT = 1000;
const DEFAULT_LIMIT = 100;

// ---------------------------------------------------------------------------------------------------
// Schemas

const SYS_PATHS: Record<string, ValueKind> = {
  id: "Symbol",
  type: "Symbol",
  createdAt: "Date",
  updatedAt: "Date",
  revision: "Integer",
  publishedVersion: "Integer",
};

function pathAt(kind: ValueKind, segments: string[], isArray = false): QueryPath {
  return { kind, isArray, read: (item) => getIn(item, segments) };
}

function unknownPath(segments: string[]): { error: object } {
  const joined = segments.join(".");
  return { error: { name: "unknown", path: segments, details: `The path "${joined}" is not recognized` } };
}

function resolveSys(segments: string[]): PathResolution | undefined {
  if (segments[0] !== "sys") return undefined;
  const kind = segments.length === 2 ? SYS_PATHS[segments[1]!] : undefined;
  return kind ? { path: pathAt(kind, segments) } : undefined;
}

/** Entries: `sys.*`, `sys.contentType.sys.id`, and `fields.*` of the queried content type. */
export function entrySchema(contentType: ExportContentType | undefined): QuerySchema {
  return {
    reserved: new Set(["content_type", "include", "locale", "query", "links_to_entry", "links_to_asset"]),
    resolve(segments) {
      const sys = resolveSys(segments);
      if (sys) return sys;
      if (segments.join(".") === "sys.contentType.sys.id") return { path: pathAt("Symbol", segments) };
      if (segments.join(".") === "metadata.tags.sys.id") {
        return { path: { kind: "Symbol", isArray: true, read: () => [] } };
      }
      if (segments[0] !== "fields") return unknownPath(segments);
      if (!contentType) return { error: CONTENT_TYPE_REQUIRED_ERROR };
      return resolveEntryField(contentType, segments);
    },
  };
}

function resolveEntryField(contentType: ExportContentType, segments: string[]): PathResolution {
  const field = deliveredFields(contentType).find((candidate) => candidate.id === segments[1]);
  if (!field) return unknownPath(segments);
  const isArray = field.type === "Array";
  const kind = (isArray ? (field.items?.type ?? "Symbol") : field.type) as ValueKind;
  if (segments.length === 2) return { path: pathAt(kind, segments, isArray) };
  if (kind === "Link" && segments.length === 4 && segments[2] === "sys" && segments[3] === "id") {
    return {
      path: {
        kind: "Symbol",
        isArray,
        read: (item) => {
          const value = item.fields[field.id];
          return Array.isArray(value) ? value.map(linkId) : value === undefined ? undefined : linkId(value);
        },
      },
    };
  }
  return {
    error: {
      name: "unsupported",
      path: segments,
      details: `The stand-in does not support the path "${segments.join(".")}" (relational queries beyond sys.id)`,
    },
  };
}

function linkId(value: unknown): unknown {
  return (value as { sys?: { id?: unknown } } | null)?.sys?.id;
}

const ASSET_FIELD_PATHS: Record<string, ValueKind> = {
  "fields.title": "Symbol",
  "fields.description": "Text",
  "fields.file.url": "Symbol",
  "fields.file.fileName": "Symbol",
  "fields.file.contentType": "Symbol",
  "fields.file.details.size": "Integer",
  "fields.file.details.image.width": "Integer",
  "fields.file.details.image.height": "Integer",
};

export function assetSchema(): QuerySchema {
  return {
    reserved: new Set(["locale", "query", "mimetype_group"]),
    resolve(segments) {
      const sys = resolveSys(segments);
      if (sys) return sys;
      const kind = ASSET_FIELD_PATHS[segments.join(".")];
      return kind ? { path: pathAt(kind, segments) } : unknownPath(segments);
    },
  };
}

export function contentTypeSchema(): QuerySchema {
  return {
    reserved: new Set(),
    resolve(segments) {
      const sys = resolveSys(segments);
      if (sys) return sys;
      return segments.join(".") === "name"
        ? { path: { kind: "Symbol", isArray: false, read: (item) => (item as unknown as { name: unknown }).name } }
        : unknownPath(segments);
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Parsing

const OPERATORS = new Set(["ne", "in", "nin", "all", "exists", "lt", "lte", "gt", "gte", "match", "near", "within"]);
const PAGING = new Set(["limit", "skip", "order", "select", "access_token"]);
const KEY_PATTERN = /^([A-Za-z0-9_.-]+)(?:\[([a-z]+)\])?$/;

export function parseListQuery<T extends QueryItem>(params: URLSearchParams, schema: QuerySchema): ListQuery<T> {
  const errors: object[] = [];
  const predicates: ((item: T) => boolean)[] = [];
  for (const [key, raw] of params) {
    if (PAGING.has(key) || schema.reserved.has(key)) continue;
    const predicate = parseFilter(key, raw, schema, errors);
    if (predicate) predicates.push(predicate);
  }
  const limit = parseCount(params, "limit", DEFAULT_LIMIT, MAX_LIMIT, errors);
  const skip = parseCount(params, "skip", 0, Number.MAX_SAFE_INTEGER, errors);
  const compare = parseOrder<T>(params.get("order"), schema, errors);
  const select = parseSelect(params.get("select"), schema, errors);
  if (errors.length) {
    const needsContentType = errors.includes(CONTENT_TYPE_REQUIRED_ERROR);
    throw invalidQuery(errors, needsContentType ? CONTENT_TYPE_REQUIRED_MESSAGE : INVALID_QUERY_MESSAGE);
  }
  return {
    matches: (item) => predicates.every((predicate) => predicate(item)),
    compare,
    limit,
    skip,
    ...(select ? { select } : {}),
  };
}

/** A non-negative integer parameter within bounds (`limit`, `skip`, `include`). */
export function parseCount(
  params: URLSearchParams,
  name: string,
  fallback: number,
  max: number,
  errors: object[],
): number {
  const raw = params.get(name);
  if (raw === null) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (Number.isNaN(value) || value > max) {
    errors.push({
      name: "size",
      path: [name],
      value: raw,
      max,
      details: `${name} must be an integer between 0 and ${max}`,
    });
    return fallback;
  }
  return value;
}

function parseFilter<T extends QueryItem>(
  key: string,
  raw: string,
  schema: QuerySchema,
  errors: object[],
): ((item: T) => boolean) | undefined {
  const match = KEY_PATTERN.exec(key);
  const operator = match?.[2];
  if (!match || (operator !== undefined && !OPERATORS.has(operator))) {
    errors.push(unknownPath([key]).error);
    return undefined;
  }
  const segments = match[1]!.split(".");
  const resolution = schema.resolve(segments);
  if ("error" in resolution) {
    pushOnce(errors, resolution.error);
    return undefined;
  }
  try {
    return buildPredicate(resolution.path, operator ?? "eq", raw, segments);
  } catch (error) {
    if (error instanceof FilterError) {
      errors.push({ ...error.detail, path: segments });
      return undefined;
    }
    throw error;
  }
}

function pushOnce(errors: object[], error: object): void {
  if (!errors.includes(error)) errors.push(error);
}

class FilterError extends Error {
  readonly detail: Record<string, unknown>;
  constructor(detail: Record<string, unknown>) {
    super(String(detail.details));
    this.detail = detail;
  }
}

// ---------------------------------------------------------------------------------------------------
// Typed values

const COMPARABLE: ReadonlySet<ValueKind> = new Set(["Integer", "Number", "Date"]);
const EQUATABLE: ReadonlySet<ValueKind> = new Set(["Symbol", "Text", "Integer", "Number", "Date", "Boolean"]);
const SEARCHABLE: ReadonlySet<ValueKind> = new Set(["Symbol", "Text", "RichText"]);

type Typed = string | number | boolean;

/** Parses a query value as the path's type; dates become epoch milliseconds. */
function typedQueryValue(kind: ValueKind, raw: string): Typed {
  switch (kind) {
    case "Integer":
    case "Number": {
      const value = raw.trim() === "" ? Number.NaN : Number(raw);
      if (!Number.isFinite(value) || (kind === "Integer" && !Number.isInteger(value))) throw typeError(kind, raw);
      return value;
    }
    case "Boolean":
      if (raw !== "true" && raw !== "false") throw typeError(kind, raw);
      return raw === "true";
    case "Date": {
      const instant = parseInstant(raw);
      if (instant === undefined) throw typeError(kind, raw);
      return instant;
    }
    default:
      return raw;
  }
}

function typeError(kind: ValueKind, raw: string): FilterError {
  return new FilterError({
    name: "type",
    type: kind,
    value: raw,
    details: `The value "${raw}" is not a valid ${kind}`,
  });
}

/** A stored value in the same representation as `typedQueryValue`, or undefined when unusable. */
function typedStoredValue(kind: ValueKind, value: unknown): Typed | undefined {
  if (kind === "Date") return typeof value === "string" ? parseInstant(value) : undefined;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return undefined;
}

const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Epoch milliseconds of a Contentful date: `2026-05-01`, `2026-05-01T10:00` (no zone means UTC, where
 * JavaScript would assume local time) or with `Z` / `+02:00` / `+0200`.
 */
export function parseInstant(text: string): number | undefined {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return undefined;
  const [, day, time, zone] = match;
  if (!time) return zone ? undefined : Date.parse(`${day}T00:00:00Z`);
  const normalizedZone = zone ? zone.replace(/^([+-]\d{2})(\d{2})$/, "$1:$2") : "Z";
  const instant = Date.parse(`${day}${time}${normalizedZone}`);
  return Number.isNaN(instant) ? undefined : instant;
}

function valuesOf(path: QueryPath, item: QueryItem): unknown[] {
  const value = path.read(item);
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

// ---------------------------------------------------------------------------------------------------
// Predicates

function buildPredicate(path: QueryPath, operator: string, raw: string, segments: string[]) {
  const unsupported = (why: string) =>
    new FilterError({ name: "operator", operator, details: `[${operator}] ${why} (${path.kind})` });
  const stored = (item: QueryItem) =>
    valuesOf(path, item)
      .map((value) => typedStoredValue(path.kind, value))
      .filter((value) => value !== undefined);
  const list = () => raw.split(",").map((value) => typedQueryValue(path.kind, value));

  switch (operator) {
    case "exists": {
      if (raw !== "true" && raw !== "false") throw typeError("Boolean", raw);
      const wanted = raw === "true";
      return (item: QueryItem) => valuesOf(path, item).length > 0 === wanted;
    }
    case "match": {
      if (!SEARCHABLE.has(path.kind)) throw unsupported("needs a text field");
      const terms = searchTerms(raw);
      return (item: QueryItem) => containsTerms(textOf(path.read(item)), terms);
    }
    case "near":
    case "within":
      throw unsupported("location search is not supported by the stand-in");
  }
  if (!EQUATABLE.has(path.kind)) {
    throw new FilterError({
      name: "operator",
      details: `The path "${segments.join(".")}" of type ${path.kind} can only be used with [exists]`,
    });
  }
  switch (operator) {
    case "eq": {
      const wanted = typedQueryValue(path.kind, raw);
      return (item: QueryItem) => stored(item).includes(wanted);
    }
    case "ne": {
      const unwanted = typedQueryValue(path.kind, raw);
      return (item: QueryItem) => !stored(item).includes(unwanted);
    }
    case "in": {
      const wanted = list();
      return (item: QueryItem) => stored(item).some((value) => wanted.includes(value));
    }
    case "nin": {
      const unwanted = list();
      return (item: QueryItem) => !stored(item).some((value) => unwanted.includes(value));
    }
    case "all": {
      const wanted = list();
      return (item: QueryItem) => {
        const values = stored(item);
        return wanted.every((value) => values.includes(value));
      };
    }
    default: {
      if (!COMPARABLE.has(path.kind)) throw unsupported("needs a number or date field");
      const bound = typedQueryValue(path.kind, raw) as number;
      const test = RANGE_TESTS[operator]!;
      return (item: QueryItem) => stored(item).some((value) => test(value as number, bound));
    }
  }
}

const RANGE_TESTS: Record<string, (value: number, bound: number) => boolean> = {
  lt: (value, bound) => value < bound,
  lte: (value, bound) => value <= bound,
  gt: (value, bound) => value > bound,
  gte: (value, bound) => value >= bound,
};

// ---------------------------------------------------------------------------------------------------
// Full-text search

export function searchTerms(raw: string): string[] {
  return raw.toLowerCase().split(/\s+/).filter(Boolean);
}

export function containsTerms(text: string, terms: string[]): boolean {
  const haystack = text.toLowerCase();
  return terms.every((term) => haystack.includes(term));
}

/** The searchable text of a value: strings, string arrays and rich-text `value`s. */
export function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(textOf).join(" ");
  if (value !== null && typeof value === "object") {
    const node = value as { nodeType?: unknown; value?: unknown; content?: unknown };
    if (typeof node.nodeType === "string") {
      return [typeof node.value === "string" ? node.value : "", textOf(node.content)].join(" ");
    }
  }
  return "";
}

// ---------------------------------------------------------------------------------------------------
// Order and select

const ORDERABLE: ReadonlySet<ValueKind> = new Set(["Symbol", "Integer", "Number", "Date", "Boolean"]);
const collator = new Intl.Collator("en-US");

function parseOrder<T extends QueryItem>(
  raw: string | null,
  schema: QuerySchema,
  errors: object[],
): (a: T, b: T) => number {
  if (!raw) return () => 0;
  const keys: { path: QueryPath; direction: number }[] = [];
  for (const spec of raw.split(",").map((part) => part.trim())) {
    const descending = spec.startsWith("-");
    const segments = (descending ? spec.slice(1) : spec).split(".");
    const resolution = schema.resolve(segments);
    if ("error" in resolution) {
      pushOnce(errors, resolution.error);
    } else if (!ORDERABLE.has(resolution.path.kind) || resolution.path.isArray) {
      errors.push({
        name: "order",
        path: segments,
        details: `Ordering by "${segments.join(".")}" (${resolution.path.isArray ? "Array" : resolution.path.kind}) is not supported`,
      });
    } else {
      keys.push({ path: resolution.path, direction: descending ? -1 : 1 });
    }
  }
  return (a, b) => {
    for (const { path, direction } of keys) {
      const order = compareValues(path, a, b) * direction;
      if (order !== 0) return order;
    }
    return 0;
  };
}

/** Missing values sort after every value, so last when ascending and first when descending. */
function compareValues(path: QueryPath, a: QueryItem, b: QueryItem): number {
  const left = typedStoredValue(path.kind, path.read(a));
  const right = typedStoredValue(path.kind, path.read(b));
  if (left === undefined || right === undefined) return left === right ? 0 : left === undefined ? 1 : -1;
  if (typeof left === "string" && typeof right === "string") return collator.compare(left, right);
  return Number(left) - Number(right);
}

const SELECT_ROOTS = new Set(["sys", "fields", "metadata"]);

function parseSelect(raw: string | null, schema: QuerySchema, errors: object[]): string[][] | undefined {
  if (raw === null) return undefined;
  const paths = raw
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => part.split("."));
  for (const segments of paths) {
    if (segments.length > 2 || !SELECT_ROOTS.has(segments[0]!)) {
      errors.push({
        name: "select",
        path: segments,
        details: 'Select supports "sys", "fields", "metadata" and their direct properties',
      });
    } else if (segments[0] === "fields" && segments.length === 2) {
      const resolution = schema.resolve(segments);
      if ("error" in resolution && resolution.error === CONTENT_TYPE_REQUIRED_ERROR) pushOnce(errors, resolution.error);
    }
  }
  return paths;
}

/** Keeps only the selected parts of an item (`sys` wins over `sys.id`). */
export function project<T extends object>(item: T, select: string[][]): Partial<T> {
  const source = item as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  const whole = new Set(select.filter((path) => path.length === 1).map((path) => path[0]!));
  for (const root of whole) if (source[root] !== undefined) result[root] = source[root];
  for (const [root, key] of select.filter((path) => path.length === 2)) {
    if (whole.has(root!)) continue;
    const value = (source[root!] as Record<string, unknown> | undefined)?.[key!];
    if (value !== undefined) result[root!] = { ...(result[root!] as object), [key!]: value };
  }
  return result as Partial<T>;
}

function getIn(value: unknown, segments: string[]): unknown {
  let current = value;
  for (const segment of segments) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Paging of an already filtered and ordered list, with the CDA's collection envelope. */
export function page<T>(items: T[], skip: number, limit: number) {
  return {
    sys: { type: "Array" as const },
    total: items.length,
    skip,
    limit,
    items: items.slice(skip, skip + limit),
  };
}
