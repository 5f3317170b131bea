import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { FaultController } from "./faults.ts";
import { listen, type RunningService, sendJson } from "./http.ts";

/**
 * A stand-in for the lead-automation webhook and for the optional form-post mirror: it records every
 * POST it accepts, so the demo and the tests can see exactly what the site delivered. Given Standard
 * Webhooks secrets, it checks every post's signature as a receiver would (its own check, written from
 * the specification, not the site's signing code) and answers 401 to a post none of them signed.
 */

export interface ReceivedLead {
  receivedAt: string;
  /** The request path, without the query. */
  path: string;
  /** The media type without parameters, e.g. `application/json`. */
  contentType: string;
  /** Request headers, names in lower case (so `idempotency-key` carries the lead id). */
  headers: Record<string, string>;
  /** Parsed JSON, or the form fields (a field sent more than once becomes a list). */
  body: unknown;
  /** Whether its Standard Webhooks signature was checked (and so matched); false for a sink without secrets. */
  verified: boolean;
}

export interface WebhookSinkOptions {
  host?: string;
  port?: number;
  control?: boolean;
  /**
   * How many of the latest posts it keeps (default 100): leads carry personal data, so a long-running
   * demo keeps a window of recent ones rather than every lead it was ever sent.
   */
  maxReceived?: number;
  /**
   * Decides the answer to each POST before it is recorded (tests that script a misbehaving receiver):
   * an answer, or undefined to accept and record the post as usual.
   */
  respond?: (call: ScriptedCall) => { status: number; headers?: Record<string, string> } | undefined;
  /**
   * Standard Webhooks secrets (`whsec_` and base64): every POST must carry a signature made with one
   * of them and a timestamp within 5 minutes, or it is answered 401 and not recorded.
   */
  secrets?: readonly string[];
}

export interface ScriptedCall {
  /** 1 for the first POST the sink receives, and so on. */
  number: number;
  path: string;
  idempotencyKey: string | undefined;
}

export const DEFAULT_MAX_RECEIVED = 100;

export interface WebhookSink extends RunningService {
  received(): ReceivedLead[];
  clear(): void;
  /** The next `count` POSTs answer `status` and are not recorded. */
  failNext(count: number, status?: number): void;
  faults: FaultController;
}

export const WEBHOOK_BODY_LIMIT_BYTES = 100 * 1024;
/** How far a signed post's timestamp may be from the sink's clock (the specification's example). */
export const SIGNATURE_TOLERANCE_S = 5 * 60;
/** Past this we stop reading and drop the connection rather than drain a runaway upload. */
const DRAIN_LIMIT_BYTES = 10 * 1024 * 1024;

interface SinkState {
  keys: Buffer[];
  received: ReceivedLead[];
  maxReceived: number;
  failures: { remaining: number; status: number };
  calls: number;
}

export async function startWebhookSink(options: WebhookSinkOptions = {}): Promise<WebhookSink> {
  const state: SinkState = {
    keys: (options.secrets ?? []).map((secret) => Buffer.from(secret.replace(/^whsec_/, ""), "base64")),
    received: [],
    maxReceived: Math.max(0, Math.floor(options.maxReceived ?? DEFAULT_MAX_RECEIVED)),
    failures: { remaining: 0, status: 500 },
    calls: 0,
  };
  const faults = new FaultController();
  const failNext = (count: number, status = 500) => {
    state.failures = { remaining: Math.max(0, Math.floor(count)), status };
  };
  const service = await listen(
    (request, response) => {
      handleRequest(state, faults, failNext, options, request, response).catch((error: unknown) => {
        if (!response.headersSent) sendJson(response, 500, { ok: false, error: String(error) });
        else response.destroy();
      });
    },
    { host: options.host, port: options.port },
  );
  return {
    ...service,
    received: () => structuredClone(state.received),
    clear: () => {
      state.received = [];
    },
    failNext,
    faults,
  };
}

async function handleRequest(
  state: SinkState,
  faults: FaultController,
  failNext: WebhookSink["failNext"],
  options: WebhookSinkOptions,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const path = new URL(request.url ?? "/", "http://sink").pathname;
  // Control requests skip fault rules, so a catch-all rule can still be cleared over HTTP.
  if (path.startsWith("/__control/") && options.control) {
    return handleControl(state, faults, failNext, path, request, response);
  }
  if (await faults.intercept(request, response)) return;
  if (request.method !== "POST") {
    return sendJson(response, 405, { ok: false, error: "Only POST is accepted." }, { Allow: "POST" });
  }
  await receive(state, options, path, request, response);
}

async function receive(
  state: SinkState,
  options: WebhookSinkOptions,
  path: string,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const { text, tooLarge } = await readCapped(request, WEBHOOK_BODY_LIMIT_BYTES);
  state.calls += 1;
  const key = request.headers["idempotency-key"];
  const scripted = options.respond?.({
    number: state.calls,
    path,
    idempotencyKey: Array.isArray(key) ? key[0] : key,
  });
  if (scripted) return sendJson(response, scripted.status, { ok: scripted.status < 300 }, scripted.headers);
  if (state.failures.remaining > 0) {
    state.failures.remaining -= 1;
    return sendJson(response, state.failures.status, { ok: false, error: "Simulated failure (failNext)." });
  }
  if (tooLarge) return sendJson(response, 413, { ok: false, error: "The body is larger than 100 KB." });
  if (state.keys.length > 0) {
    const problem = signatureProblem(request, text, state.keys);
    if (problem) return sendJson(response, 401, { ok: false, error: problem });
  }
  const contentType = mediaType(request.headers["content-type"]);
  const parsed = parseBody(contentType, text);
  if (parsed.status !== 200) return sendJson(response, parsed.status, { ok: false, error: parsed.error });
  state.received.push({
    receivedAt: new Date().toISOString(),
    path,
    contentType,
    headers: flattenHeaders(request),
    body: parsed.body,
    verified: state.keys.length > 0,
  });
  if (state.received.length > state.maxReceived) state.received.splice(0, state.received.length - state.maxReceived);
  sendJson(response, 200, { ok: true });
}

/**
 * Why a post is not signed by one of `keys` (Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of
 * `{webhook-id}.{webhook-timestamp}.{body}`), or null when it is.
 */
function signatureProblem(request: IncomingMessage, body: string, keys: Buffer[]): string | null {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = header("webhook-id");
  const timestamp = header("webhook-timestamp");
  const signatures = header("webhook-signature");
  if (!id || !timestamp || !signatures)
    return "Not signed: webhook-id, webhook-timestamp or webhook-signature is missing.";
  if (!/^\d{1,12}$/.test(timestamp)) return "webhook-timestamp is not a number of seconds.";
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_S) {
    return "webhook-timestamp is more than 5 minutes from now (a replay, or a clock that is off).";
  }
  const expected = keys.map((key) => createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest());
  const matches = signatures.split(" ").some((signature) => {
    if (!signature.startsWith("v1,")) return false;
    const given = Buffer.from(signature.slice(3), "base64");
    return expected.some((digest) => digest.length === given.length && timingSafeEqual(digest, given));
  });
  return matches ? null : "No signature in webhook-signature matches a secret this receiver knows.";
}

function mediaType(header: string | undefined): string {
  return (header ?? "").split(";")[0]!.trim().toLowerCase();
}

type ParsedBody = { status: 200; body: unknown } | { status: 400 | 415; error: string };

function parseBody(contentType: string, text: string): ParsedBody {
  if (contentType === "application/json" || /^application\/[\w.+-]+\+json$/.test(contentType)) {
    try {
      return { status: 200, body: JSON.parse(text) };
    } catch {
      return { status: 400, error: "The body is not valid JSON." };
    }
  }
  if (contentType === "application/x-www-form-urlencoded") return { status: 200, body: formFields(text) };
  return { status: 415, error: "Send application/json or application/x-www-form-urlencoded." };
}

function formFields(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const existing = fields[name];
    if (existing === undefined) fields[name] = value;
    else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return fields;
}

function flattenHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

/**
 * Reads the body but keeps at most `limit` bytes. It drains the rest instead of stopping early:
 * answering 413 before the client has finished sending makes most clients see a reset, not the 413.
 */
async function readCapped(request: IncomingMessage, limit: number): Promise<{ text: string; tooLarge: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > DRAIN_LIMIT_BYTES) break;
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  return { text: Buffer.concat(chunks).toString("utf8"), tooLarge: size > limit };
}

async function handleControl(
  state: SinkState,
  faults: FaultController,
  failNext: WebhookSink["failNext"],
  path: string,
  request: IncomingMessage,
  response: ServerResponse,
) {
  if (path === "/__control/received" && request.method === "GET") return sendJson(response, 200, state.received);
  if (path === "/__control/received" && request.method === "DELETE") {
    state.received = [];
    return sendJson(response, 200, { ok: true });
  }
  if (path === "/__control/fail" && request.method === "POST") {
    const { text } = await readCapped(request, 16_384);
    const failure = parseFailure(text);
    if (!failure) {
      return sendJson(response, 400, {
        ok: false,
        error: "Send JSON {count, status}: count a whole number of at least 0, status an HTTP error code.",
      });
    }
    failNext(failure.count, failure.status);
    return sendJson(response, 200, { ok: true });
  }
  if (await faults.handleControl(request, response)) return;
  sendJson(response, 404, { ok: false, error: "No such control endpoint." });
}

function parseFailure(text: string): { count: number; status: number } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const { count, status = 500 } = (value ?? {}) as Record<string, unknown>;
  if (!Number.isInteger(count) || (count as number) < 0) return null;
  if (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 599) return null;
  return { count: count as number, status: status as number };
}
