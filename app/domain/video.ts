/**
 * Video addresses as editors paste them (a YouTube watch page, a youtu.be short link, a Vimeo page,
 * or the address of a video file, e.g. one uploaded to the content service) turned into what a page
 * plays: a player it frames, or a file it plays itself.
 */

const YOUTUBE_ID = /^[\w-]{6,20}$/;

function startSeconds(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match || value === "") return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

function youTubeEmbed(id: string, start: number | null): string | null {
  if (!YOUTUBE_ID.test(id)) return null;
  return `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ""}`;
}

/** The embeddable player URL for a YouTube or Vimeo address, or null for anything else. */
export function toEmbedUrl(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  const segments = url.pathname.split("/").filter(Boolean);
  const start = startSeconds(url.searchParams.get("t") ?? url.searchParams.get("start"));

  if (host === "youtu.be") return youTubeEmbed(segments[0] ?? "", start);
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (segments[0] === "watch") return youTubeEmbed(url.searchParams.get("v") ?? "", start);
    if (segments[0] === "embed" || segments[0] === "shorts" || segments[0] === "live") {
      return youTubeEmbed(segments[1] ?? "", start);
    }
    return null;
  }
  if (host === "vimeo.com" && segments[0] && /^\d+$/.test(segments[0])) {
    return `https://player.vimeo.com/video/${segments[0]}`;
  }
  if (host === "player.vimeo.com" && segments[0] === "video" && /^\d+$/.test(segments[1] ?? "")) {
    return `https://player.vimeo.com/video/${segments[1]}`;
  }
  return null;
}

/** The player URL that starts playing at once (used after the visitor pressed play). */
export function withAutoplay(embedUrl: string): string {
  return `${embedUrl}${embedUrl.includes("?") ? "&" : "?"}autoplay=1`;
}

/** What a video tile plays once the visitor presses Play. */
export type VideoSource = { kind: "embed"; url: string } | { kind: "file"; url: string; type: string };

const VIDEO_FILE_TYPES: Record<string, string> = {
  mp4: "video/mp4",
  m4v: "video/mp4",
  webm: "video/webm",
  ogv: "video/ogg",
  mov: "video/quicktime",
};

/** The type of a video file address (by its extension), or null when it does not name one. */
function videoFileType(url: URL): string | null {
  const extension = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase();
  return extension ? (VIDEO_FILE_TYPES[extension] ?? null) : null;
}

/**
 * What to play for a video address: YouTube and Vimeo addresses in their players; an https address
 * (or, on the demo, a path of this site) of a video file in the page's own player; null for anything
 * else, or for no address, when a tile shows its poster without a Play button.
 */
export function toVideoSource(address: string | null | undefined): VideoSource | null {
  const trimmed = address?.trim();
  if (!trimmed) return null;
  const embed = toEmbedUrl(trimmed);
  if (embed) return { kind: "embed", url: embed };
  let url: URL;
  try {
    url = new URL(trimmed, "https://site.invalid");
  } catch {
    return null;
  }
  const ownPath = trimmed.startsWith("/") && !trimmed.startsWith("//");
  if (!ownPath && url.protocol !== "https:" && url.protocol !== "http:") return null;
  const type = videoFileType(url);
  if (!type) return null;
  return { kind: "file", url: ownPath ? `${url.pathname}${url.search}` : url.href, type };
}
