import type { ResponsiveImage } from "~/domain/images";

/**
 * The site's own photographs (`public/images/fallback`, 16:9, in 640, 960 and 1280 px): hero
 * backgrounds when the content service has none for a page, and video posters.
 */
export type SiteImageName = "home" | "spaces" | "community" | "company" | "legal";

export function siteImage(name: SiteImageName): ResponsiveImage {
  const base = `/images/fallback/${name}`;
  return {
    src: `${base}-1280.webp`,
    srcSet: `${base}-640.webp 640w, ${base}-960.webp 960w, ${base}-1280.webp 1280w`,
  };
}
