import { isIP } from "node:net";
import { z } from "zod";
import { webhookSecretProblem } from "./leads/webhook-signature.server.ts";

/**
 * The server's configuration, parsed once at start-up from the environment (docs/configuration.md).
 * An empty variable counts as unset, so a blank line in a `.env` file never half-configures a service.
 */

const optionalText = z.string().trim().min(1).optional();

const booleanFlag = z
  .enum(["true", "false", "1", "0"], { error: "must be true or false" })
  .transform((value) => value === "true" || value === "1");

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

const timeZone = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { error: "must be an IANA time zone such as America/Chicago" },
);

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(value: string): boolean {
  if (PROXY_NAMES.has(value)) return true;
  const [address = "", prefix, ...rest] = value.split("/");
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (isIP(address) === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For to believe: a number of hops, or a comma-separated list of
 * addresses, subnets and the names loopback, linklocal and uniquelocal (Express's `trust proxy`).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): number | string[] => {
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: "custom",
      message:
        "must be a number of proxy hops (e.g. 1) or a comma-separated list of addresses, subnets and the names loopback, linklocal, uniquelocal (e.g. 10.0.0.1, 172.16.0.0/12, uniquelocal)",
    });
    return z.NEVER;
  });

/** A duration such as "90s", "15m" or "2h", in milliseconds. */
const duration = z
  .string()
  .trim()
  .regex(/^\d+(ms|s|m|h)$/, { error: 'must be a duration such as "90s", "15m" or "2h"' })
  .transform((value) => {
    const [, amount = "0", unit = "ms"] = /^(\d+)(ms|s|m|h)$/.exec(value) ?? [];
    return Number(amount) * { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[unit as "ms" | "s" | "m" | "h"];
  });

const postgresUrl = z.url({
  protocol: /^postgres(ql)?$/,
  error: "must be a PostgreSQL connection URL (postgres://user:password@host:5432/database)",
});

const contentfulHost = z.string().regex(/^[a-z0-9.-]+(:\d{1,5})?$/i, {
  error: "must be a host with an optional port, without a scheme (e.g. cdn.contentful.com or 127.0.0.1:4010)",
});

/**
 * One or several space-separated values, each checked on its own (a secret or token and its successor
 * during a rotation). The messages name a value by its place, never by what it holds.
 */
function spaceSeparated({
  problem,
  most,
  what,
}: {
  problem: (value: string) => string | null;
  most?: { count: number; why: string };
  what: string;
}) {
  return z
    .string()
    .trim()
    .transform((text, context): string[] => {
      const values = text.split(/\s+/);
      if (most && values.length > most.count) {
        context.addIssue({ code: "custom", message: `holds ${values.length} ${what}s; ${most.why}` });
      }
      values.forEach((value, index) => {
        const found = /^["']|["']$/.test(value)
          ? "starts or ends with a quotation mark: an env file keeps quotes as part of the value, so write it without them"
          : problem(value);
        if (!found) return;
        const which = values.length > 1 ? `${what} ${index + 1} of ${values.length} ` : "";
        context.addIssue({ code: "custom", message: `${which}${found}` });
      });
      return values;
    });
}

const LONG_RANDOM_VALUE = "a long random value, e.g. openssl rand -hex 32";

const contentfulWebhookSecrets = spaceSeparated({
  what: "secret",
  problem: (secret) => (secret.length < 24 ? `must be at least 24 characters (${LONG_RANDOM_VALUE})` : null),
  most: { count: 2, why: "at most 2, space-separated: the current one and, during a rotation, the next" },
});

const leadWebhookSecrets = spaceSeparated({ what: "secret", problem: webhookSecretProblem });

/** A bearer token's characters (RFC 6750's b64token). */
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

const metricsTokens = spaceSeparated({
  what: "token",
  problem: (token) =>
    token.length < 24 || !BEARER_TOKEN.test(token)
      ? `must be at least 24 characters of letters, digits and -._~+/ (${LONG_RANDOM_VALUE})`
      : null,
});

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ error: "must be a port number from 0 to 65535" })
    .int({ error: "must be a port number from 0 to 65535" })
    .min(0, { error: "must be a port number from 0 to 65535" })
    .max(65535, { error: "must be a port number from 0 to 65535" })
    .default(3000),
  /** Unset: where `listeningHost` says, by SITE_MODE. */
  HOST: z.string().min(1).optional(),
  SITE_URL: httpUrl.optional(),
  SITE_MODE: z.enum(["demo", "production"], { error: "must be demo or production" }).default("demo"),

  CONTENTFUL_SPACE_ID: optionalText,
  CONTENTFUL_ACCESS_TOKEN: optionalText,
  CONTENTFUL_ENVIRONMENT: z.string().min(1).default("master"),
  CONTENTFUL_HOST: contentfulHost.default("cdn.contentful.com"),
  CONTENTFUL_INSECURE: booleanFlag.default(false),
  CONTENT_SITE_ID: z.string().min(1).default("cchub"),
  CONTENTFUL_PREVIEW_TOKEN: optionalText,
  CONTENTFUL_PREVIEW_HOST: contentfulHost.optional(),
  CONTENTFUL_WEBHOOK_SECRET: contentfulWebhookSecrets.optional(),

  EVENTS_API_URL: httpUrl.default("https://api.archieapp.co"),
  EVENTS_CLIENT_ID: optionalText,
  EVENTS_CLIENT_SECRET: optionalText,
  EVENTS_SPACE: optionalText,
  EVENTS_PUBLIC_URL: httpUrl.default("https://archieapp.co"),

  LEAD_WEBHOOK_URL: httpUrl.optional(),
  LEAD_WEBHOOK_SECRET: leadWebhookSecrets.optional(),
  LEAD_MIRROR_URL: httpUrl.optional(),
  BOOKING_WIDGET_URL: httpUrl.optional(),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]{4,20}$/, { error: "must look like G-XXXXXXXXXX" })
    .optional(),

  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: postgresUrl.optional(),
  LEAD_ALERT_AFTER: duration.default(15 * 60_000),
  LEAD_RETRY_AFTER: duration.default(5_000),
  LEAD_RETENTION_DAYS: z.coerce
    .number({ error: "must be a whole number of days of at least 1" })
    .int({ error: "must be a whole number of days of at least 1" })
    .min(1, { error: "must be a whole number of days of at least 1" })
    .default(365),
  FORM_TOKEN_SECRET: z
    .string()
    .trim()
    .transform((value) => value.split(/\s+/))
    .refine((secrets) => secrets.every((secret) => secret.length >= 24), {
      error:
        "each secret (space-separated; the first signs) must be at least 24 characters (a long random value, e.g. openssl rand -hex 32)",
    })
    .optional(),
  CONTACT_RATE_LIMIT: z.coerce
    .number({ error: "must be a whole number of at least 1" })
    .int({ error: "must be a whole number of at least 1" })
    .min(1, { error: "must be a whole number of at least 1" })
    .default(5),
  TZ_SITE: timeZone.default("America/Chicago"),
  TRUST_PROXY: trustProxy.default(["loopback"]),
  ERROR_TEST_ROUTE: booleanFlag.default(false),
  TEST_RESET_ROUTE: booleanFlag.default(false),
  RANDOM_SEED: z.string().min(1).optional(),
  METRICS_TOKEN: metricsTokens.optional(),
  LOG_FORMAT: z.enum(["json", "pretty"], { error: "must be json or pretty" }).optional(),
});

/** Variables that configure one integration: one without the others is a mistake. */
const integrationGroups: readonly (readonly string[])[] = [
  ["CONTENTFUL_SPACE_ID", "CONTENTFUL_ACCESS_TOKEN"],
  ["EVENTS_CLIENT_ID", "EVENTS_CLIENT_SECRET", "EVENTS_SPACE"],
];

/** Variables that only mean something with another one set. */
const dependentVariables: readonly [variable: string, requires: string][] = [
  ["CONTENTFUL_PREVIEW_TOKEN", "CONTENTFUL_SPACE_ID"],
  ["CONTENTFUL_PREVIEW_HOST", "CONTENTFUL_PREVIEW_TOKEN"],
];

/**
 * Where the server listens when HOST is unset: a demo on the machine itself (it serves its stand-ins
 * and its lead store to whoever reaches it: on a laptop, not the café's network); the site in
 * production on every interface, as a container or a host behind a load balancer needs.
 */
export function listeningHost(siteMode: "demo" | "production"): string {
  return siteMode === "production" ? "0.0.0.0" : "127.0.0.1";
}

const envWithDefaults = envSchema.transform((env) => ({ ...env, HOST: env.HOST ?? listeningHost(env.SITE_MODE) }));

export type Env = z.infer<typeof envWithDefaults>;

function incompleteGroups(env: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const [variable, requires] of dependentVariables) {
    if (env[variable] !== undefined && env[requires] === undefined) {
      problems.push(`${variable}: only means something with ${requires} set`);
    }
  }
  for (const names of integrationGroups) {
    const present = names.filter((name) => env[name] !== undefined);
    if (present.length === 0 || present.length === names.length) continue;
    for (const name of names.filter((candidate) => env[candidate] === undefined)) {
      problems.push(`${name}: required when ${present.join(" and ")} ${present.length > 1 ? "are" : "is"} set`);
    }
  }
  return problems;
}

/**
 * SITE_MODE=production refuses to stand in for anything: every integration must be configured, except
 * the lead webhook (leads then wait, stored, until it is), and leads never travel in plain http.
 */
function productionProblems(env: Env): string[] {
  const problems: string[] = [];
  const required: [string, unknown][] = [
    ["SITE_URL", env.SITE_URL],
    ["CONTENTFUL_SPACE_ID", env.CONTENTFUL_SPACE_ID],
    ["CONTENTFUL_ACCESS_TOKEN", env.CONTENTFUL_ACCESS_TOKEN],
    ["EVENTS_CLIENT_ID", env.EVENTS_CLIENT_ID],
    ["EVENTS_CLIENT_SECRET", env.EVENTS_CLIENT_SECRET],
    ["EVENTS_SPACE", env.EVENTS_SPACE],
    ["BOOKING_WIDGET_URL", env.BOOKING_WIDGET_URL],
  ];
  for (const [name, value] of required) {
    if (value === undefined)
      problems.push(`${name}: required when SITE_MODE=production (demo stand-ins run only in demo mode)`);
  }
  if (env.TEST_RESET_ROUTE) {
    problems.push("TEST_RESET_ROUTE: the end-to-end tests' reset; never set when SITE_MODE=production");
  }
  for (const name of ["LEAD_WEBHOOK_URL", "LEAD_MIRROR_URL"] as const) {
    const value = env[name];
    if (value && new URL(value).protocol === "http:" && !isLoopbackHost(new URL(value).hostname)) {
      problems.push(`${name}: must be an https URL when SITE_MODE=production (leads carry personal data)`);
    }
  }
  return problems;
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export class EnvError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "EnvError";
    this.problems = problems;
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const withoutBlanks = Object.fromEntries(
    Object.entries(source).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== "",
    ),
  );
  const result = envWithDefaults.safeParse(withoutBlanks);
  const problems = [
    ...(result.error?.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`) ?? []),
    ...incompleteGroups(withoutBlanks),
    ...(result.data?.SITE_MODE === "production" ? productionProblems(result.data) : []),
  ];
  if (problems.length > 0 || !result.success) throw new EnvError(problems);
  return result.data;
}

/**
 * The Content Preview API's host: CONTENTFUL_PREVIEW_HOST, else Contentful's preview host beside its
 * delivery host (`cdn.contentful.com` → `preview.contentful.com`, `cdn.eu.contentful.com` →
 * `preview.eu.contentful.com`), else the same host (a Contentful-compatible service serving both).
 */
export function contentfulPreviewHost(env: Pick<Env, "CONTENTFUL_HOST" | "CONTENTFUL_PREVIEW_HOST">): string {
  if (env.CONTENTFUL_PREVIEW_HOST) return env.CONTENTFUL_PREVIEW_HOST;
  return env.CONTENTFUL_HOST.replace(/^cdn\.((?:[a-z0-9-]+\.)*contentful\.com(:\d+)?)$/i, "preview.$1");
}

/** The canonical origin: SITE_URL, or the local server when it is not set. */
export function siteOrigin(env: Env): string {
  return (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}
