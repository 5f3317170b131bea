import type { Request, RequestHandler, Response } from "express";
import type { PurgeEvent, PurgeScope } from "~/services/content";
import { secretMatches } from "./secret-match.ts";

/**
 * `POST /webhooks/contentful`: Contentful calls it when an editor publishes, unpublishes, archives or
 * deletes an entry or an asset. The call must carry the shared secret (CONTENTFUL_WEBHOOK_SECRET) in
 * the `X-Webhook-Secret` header, set up in Contentful as a secret header (docs/content.md). During a
 * rotation the variable holds the old secret and the new one, and a call with either is accepted, so
 * no call is refused while Contentful's header changes over. The cached answers the change affects
 * are purged at once: an entry purges its content type, an asset (or anything unreadable) purges
 * everything.
 */

export const WEBHOOK_SECRET_HEADER = "x-webhook-secret";
/** Contentful sends the whole entity; a long rich-text post stays well under this. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface WebhookOptions {
  /** The accepted secrets (one, or two during a rotation); null = the webhook is off. */
  secrets: readonly string[] | null;
  purge: (scope: PurgeScope) => PurgeEvent;
}

/** What a change affects, from Contentful's topic header and the entity it sent. */
export function purgeScopeOf(topic: string | undefined, body: unknown): PurgeScope {
  const sys = (body as { sys?: { type?: unknown; contentType?: { sys?: { id?: unknown } } } } | null)?.sys;
  const isAsset =
    /^ContentManagement\.Asset\./.test(topic ?? "") || sys?.type === "Asset" || sys?.type === "DeletedAsset";
  const contentType = sys?.contentType?.sys?.id;
  if (isAsset || typeof contentType !== "string" || contentType === "") return { all: true };
  return { contentTypes: [contentType] };
}

export function contentfulWebhook({ secrets, purge }: WebhookOptions): RequestHandler {
  return (request, response) => {
    response.locals.route = "/webhooks/contentful";
    response.set("Cache-Control", "no-store");
    if (!secrets || secrets.length === 0) {
      return refuse(request, response, 404, "The publish webhook is not enabled (CONTENTFUL_WEBHOOK_SECRET).");
    }
    if (!secretMatches(request.get(WEBHOOK_SECRET_HEADER), secrets)) {
      return refuse(request, response, 401, "The webhook secret is missing or wrong.");
    }
    readJson(request, (body, tooLarge) => {
      if (tooLarge) return refuse(request, response, 413, "The webhook body is larger than 1 MB.");
      const event = purge(purgeScopeOf(request.get("x-contentful-topic"), body));
      console.log(
        `Content changed (${request.get("x-contentful-topic") ?? "no topic"}): purged ${event.purged} cached answers, content version ${event.version}.`,
      );
      response.json({ purged: event.purged, version: event.version, scope: event.scope });
    });
  };
}

/** Answers at once and closes the connection, so a refused sender cannot keep streaming a body. */
function refuse(request: Request, response: Response, status: number, error: string): void {
  response.status(status).set("Connection", "close").json({ error });
  response.on("finish", () => request.resume());
}

function readJson(request: Request, done: (body: unknown, tooLarge: boolean) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  request.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  });
  request.on("end", () => {
    if (finished) return;
    finished = true;
    if (size > MAX_BODY_BYTES) return done(null, true);
    try {
      done(JSON.parse(Buffer.concat(chunks).toString("utf8")), false);
    } catch {
      // A body we cannot read still announces a change: purge everything rather than nothing.
      done(null, false);
    }
  });
  request.on("error", () => {
    if (!finished) {
      finished = true;
      done(null, false);
    }
  });
}
