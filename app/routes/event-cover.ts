import { getServices } from "~/context";
import { eventCoverWidths } from "~/domain/events";
import type { Route } from "./+types/event-cover";

/** A short text answer nobody keeps: a missing cover may appear once its event is listed, a failure passes. */
const plainAnswer = (message: string, status: number) =>
  new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * /event-covers/{uuid}-{width}.webp: a listed event's cover scaled to one of `eventCoverWidths`.
 * Only covers of events the events service lists are fetched, so this is no open image proxy.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const match = /^(.+)-(\d+)\.webp$/.exec(params.file);
  const width = Number(match?.[2]);
  if (!match || !(eventCoverWidths as readonly number[]).includes(width)) return plainAnswer("No such cover.", 404);
  const { events, eventCovers } = getServices(context);
  let coverUrl: string | null | undefined;
  try {
    coverUrl = (await events.getEvent(match[1]!))?.coverUrl;
  } catch (error) {
    console.error("Error loading an event for its cover:", error);
    return plainAnswer("The events service is unavailable. Please try again later.", 503);
  }
  if (!coverUrl) return plainAnswer("No such cover.", 404);
  const image = await eventCovers.scaled(coverUrl, width);
  if (!image) return plainAnswer("The cover image is unavailable.", 502);
  return new Response(new Uint8Array(image), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(image.byteLength),
      "Cache-Control": "public, max-age=86400",
    },
  });
}
