import { appContext } from "~/context";
import type { Route } from "./+types/robots";

/** /robots.txt: every page may be crawled; the sitemap is named. */
export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl } = context.get(appContext).config;
  return new Response(`User-agent: *\nAllow: /\nDisallow: /_demo/\n\nSitemap: ${siteUrl}/sitemap.xml\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
