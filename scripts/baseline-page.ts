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

const page = (before: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title></head><body>${before}${SECTION.repeat(20)}<script>${BASELINE_SCRIPT}</script></body></html>`;

export const BASELINE_PAGE = page("");

/** Where the tap probe taps the machine's floor: the same page, a native disclosure at its top. */
export const BASELINE_TAP_PATH = "/tap";
export const BASELINE_TAP_PAGE = page(
  "<details><summary>Menu</summary><ul><li>Coworking</li><li>Private offices</li><li>Event spaces</li></ul></details>",
);

/**
 * Serves the baseline page at every path but `/tap` (the page with a disclosure), on a loopback port of
 * its own; its CSP allows its one script by hash.
 */
export async function startBaselineServer(): Promise<{ server: Server; origin: string }> {
  const scriptHash = createHash("sha256").update(BASELINE_SCRIPT).digest("base64");
  const server = createServer((request, response) => {
    response.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": `default-src 'none'; script-src 'sha256-${scriptHash}'`,
    });
    response.end(request.url === BASELINE_TAP_PATH ? BASELINE_TAP_PAGE : BASELINE_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
