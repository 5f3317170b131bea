import type { PageIntro } from "~/content/pages";
import type { MetaDescriptor } from "react-router";
import { pageTitle, site } from "~/config/site";
import type { PublicConfig } from "~/domain/public-config";

interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

/** The root route's public settings, from a `meta` function's matches. */
export function rootConfig(matches: readonly (MatchWithData | undefined)[]): PublicConfig | null {
  const root = matches.find((match) => match?.id === "root");
  return (root?.loaderData as { config?: PublicConfig } | undefined)?.config ?? null;
}

export interface PageMetaInput {
  /** Page name; the document title becomes "{title} | {site}". Omit for the home page. */
  title?: string;
  description: string;
  /** The canonical path, e.g. "/coworking". */
  path: string;
  /** Absolute or site-relative social preview image. */
  image?: string;
  type?: "website" | "article";
  matches: readonly (MatchWithData | undefined)[];
  noIndex?: boolean;
}

export function pageMeta({
  title,
  description,
  path,
  image,
  type = "website",
  matches,
  noIndex = false,
}: PageMetaInput): MetaDescriptor[] {
  const origin = rootConfig(matches)?.siteUrl ?? "";
  const url = `${origin}${path}`;
  const fullTitle = pageTitle(title);
  const imageUrl = image ? (image.startsWith("/") ? `${origin}${image}` : image) : `${origin}/og-default.jpg`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { name: "twitter:card", content: "summary_large_image" },
    ...(noIndex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** Meta tags for a page described by its intro copy. */
export function introMeta(page: PageIntro, matches: PageMetaInput["matches"]): MetaDescriptor[] {
  return pageMeta({
    title: page.path === "/" ? undefined : (page.documentTitle ?? page.heading),
    description: page.description,
    path: page.path,
    matches,
  });
}

/** A route's `meta` export for a page described by its intro copy. */
export function introPageMeta(page: PageIntro) {
  return ({ matches }: { matches: PageMetaInput["matches"] }): MetaDescriptor[] => introMeta(page, matches);
}
