import type { ResponsiveImage } from "~/lib/images";

/** The site's own hero backgrounds, used when the content service has none for a page. */
export type FallbackHero = "home" | "spaces" | "community" | "company" | "legal";

export function fallbackHeroImage(name: FallbackHero): ResponsiveImage {
  const base = `/images/fallback/${name}`;
  return { src: `${base}-1280.webp`, srcSet: `${base}-640.webp 640w, ${base}-1280.webp 1280w` };
}
