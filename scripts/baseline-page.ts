// The baseline the benchmarks read the site's numbers against: a page with none of the site's
// stylesheet, images or scripts, only twenty headings and paragraphs, served from this process. What
// a browser takes to load it on this machine is the machine's floor, not the site's doing.
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** The only script: the mark `bench:trace` waits for (the site sets it once hydrated), set at `load`. */
export const BASELINE_SCRIPT =
  'addEventListener("load", () => document.documentElement.setAttribute("data-hydrated", ""));';

const SECTION =
  "<section><h2>A coworking space in a restored foundry</h2><p>Desks, private offices, meeting rooms and an event hall, with fast internet, good coffee and people to work beside.</p></section>";

const page = (before: string, head = "") =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title>${head}</head><body>${before}${SECTION.repeat(20)}<script>${BASELINE_SCRIPT}</script></body></html>`;

export const BASELINE_PAGE = page("");

/** Where the tap probe taps the machine's floor: the same page, a native disclosure at its top. */
export const BASELINE_TAP_PATH = "/tap";
export const BASELINE_TAP_PAGE = page(
  "<details><summary>Menu</summary><ul><li>Coworking</li><li>Private offices</li><li>Event spaces</li></ul></details>",
);

/**
 * The second baseline: the same page with a hero photograph at its top, preloaded, as a route shows
 * its hero (the bytes are the site's own, handed in by the bench). Its largest paint is that photograph:
 * the floor for a page whose largest element is a photograph, on this machine and network.
 */
export const BASELINE_PHOTO_PATH = "/photo";
const PHOTO_FILE_PATH = "/photo-file";

export interface BaselinePhoto {
  bytes: Uint8Array;
  contentType: string;
  width: number;
  height: number;
}

export function baselinePhotoPage({ width, height }: Pick<BaselinePhoto, "width" | "height">): string {
  return page(
    `<img src="${PHOTO_FILE_PATH}" width="${width}" height="${height}" alt="" fetchpriority="high" style="display:block;width:100%;height:auto">`,
    `<link rel="preload" as="image" href="${PHOTO_FILE_PATH}" fetchpriority="high">`,
  );
}

/**
 * Serves the baseline page at every path but `/tap` (the page with a disclosure) and, given a photograph,
 * `/photo` (the page with it), on a loopback port of its own; its CSP allows its one script by hash, and
 * images from itself.
 */
export async function startBaselineServer(photo?: BaselinePhoto): Promise<{ server: Server; origin: string }> {
  const scriptHash = createHash("sha256").update(BASELINE_SCRIPT).digest("base64");
  const photoPage = photo ? baselinePhotoPage(photo) : null;
  const server = createServer((request, response) => {
    // Allowed images from itself, the browser asks for a favicon: none, rather than the page's bytes again.
    if (request.url === "/favicon.ico") {
      response.writeHead(404, { "Content-Length": 0 });
      response.end();
      return;
    }
    if (photo && request.url === PHOTO_FILE_PATH) {
      response.writeHead(200, {
        "Content-Type": photo.contentType,
        "Content-Length": photo.bytes.length,
        "Cache-Control": "public, max-age=31536000, immutable",
      });
      response.end(photo.bytes);
      return;
    }
    response.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": `default-src 'none'; img-src 'self'; script-src 'sha256-${scriptHash}'`,
    });
    if (photoPage && request.url === BASELINE_PHOTO_PATH) response.end(photoPage);
    else response.end(request.url === BASELINE_TAP_PATH ? BASELINE_TAP_PAGE : BASELINE_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
