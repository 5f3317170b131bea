import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody, sendJson } from "./http.ts";

/**
 * Fault injection for the demo stand-ins, so tests can make an outside service slow, failing or
 * wrong-shaped. The site's own demo mode never adds a rule; tests add them in-process or, when a
 * stand-in was started with `control: true`, over HTTP at `/__control/*`.
 */
export interface FaultRule {
  /** Only requests with this method (any when absent). */
  method?: string;
  /** Only requests whose path and query contain this text (any when absent). */
  pathIncludes?: string;
  /** Answer with this status instead of the real response. */
  status?: number;
  /** JSON body sent with `status`; `rawBody` wins when both are set. */
  body?: unknown;
  rawBody?: string;
  /** Headers sent with `status` (e.g. a `Location` for a redirect). */
  headers?: Record<string, string>;
  /** Wait this long before answering (alone, it only slows the real response). */
  delayMs?: number;
  /**
   * Hold matching requests until this settles (in-process rules only), so a test can look at a
   * loading state for as long as it needs, however busy the machine, then let the answer through.
   */
  until?: Promise<unknown>;
  /** How many matching requests it applies to (every one when absent). */
  times?: number;
}

export interface RecordedRequest {
  method: string;
  url: string;
  at: string;
}

/** How many recent requests a stand-in remembers by default (older ones are forgotten). */
export const DEFAULT_RECORDED_REQUESTS = 500;

export class FaultController {
  private rules: FaultRule[] = [];
  /** The most recent requests, oldest first: a bounded window, so a long-running demo never grows. */
  readonly requests: RecordedRequest[] = [];
  private readonly maxRecorded: number;

  constructor({ maxRecorded = DEFAULT_RECORDED_REQUESTS }: { maxRecorded?: number } = {}) {
    this.maxRecorded = Math.max(0, Math.floor(maxRecorded));
  }

  add(rule: FaultRule): void {
    this.rules.push({ ...rule });
  }

  clear(): void {
    this.rules = [];
    this.requests.length = 0;
  }

  /**
   * Records the request, then applies the first matching rule. Returns true when the rule answered
   * the request, so the stand-in must not answer it again.
   */
  async intercept(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const url = request.url ?? "/";
    if (!url.startsWith("/__control/")) {
      this.requests.push({ method: request.method ?? "GET", url, at: new Date().toISOString() });
      if (this.requests.length > this.maxRecorded) this.requests.splice(0, this.requests.length - this.maxRecorded);
    }
    const rule = this.rules.find(
      (candidate) =>
        (!candidate.method || candidate.method === request.method) &&
        (!candidate.pathIncludes || url.includes(candidate.pathIncludes)),
    );
    if (!rule) return false;
    if (rule.times !== undefined) {
      rule.times -= 1;
      if (rule.times <= 0) this.rules.splice(this.rules.indexOf(rule), 1);
    }
    if (rule.delayMs) await new Promise((resolve) => setTimeout(resolve, rule.delayMs));
    if (rule.until) await rule.until.catch(() => undefined);
    if (rule.status === undefined) return false;
    if (rule.rawBody !== undefined) {
      response.writeHead(rule.status, { "Content-Type": "application/json", ...rule.headers });
      response.end(rule.rawBody);
    } else {
      sendJson(response, rule.status, rule.body ?? null, rule.headers);
    }
    return true;
  }

  /** Serves `/__control/faults` (POST adds a rule, DELETE clears) and `/__control/requests`. */
  async handleControl(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const path = (request.url ?? "/").split("?")[0];
    if (path === "/__control/faults" && request.method === "POST") {
      this.add(JSON.parse(await readBody(request)) as FaultRule);
      sendJson(response, 201, { ok: true });
      return true;
    }
    if (path === "/__control/faults" && request.method === "DELETE") {
      this.clear();
      sendJson(response, 200, { ok: true });
      return true;
    }
    if (path === "/__control/requests" && request.method === "GET") {
      sendJson(response, 200, this.requests);
      return true;
    }
    return false;
  }
}
