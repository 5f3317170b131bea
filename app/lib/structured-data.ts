import { site } from "~/config/site";

/** schema.org objects for JSON-LD (`"script:ld+json"` meta descriptors), built from the site's own facts. */

type Thing = Record<string, unknown>;

/** An absolute URL on the site for a path (or an address that already is absolute). */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export function postalAddress(): Thing {
  const { street, city, state, zip } = site.contact;
  return {
    "@type": "PostalAddress",
    streetAddress: street,
    addressLocality: city,
    addressRegion: state,
    postalCode: zip,
    addressCountry: "US",
  };
}

export function organization(siteUrl: string): Thing {
  return {
    "@type": "Organization",
    name: site.legalName,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/apple-touch-icon.png`,
  };
}

export function blogPosting({
  siteUrl,
  path,
  headline,
  description,
  image,
  datePublished,
  author,
}: {
  siteUrl: string;
  path: string;
  headline: string;
  description: string;
  image: string | null;
  datePublished: string;
  author: string;
}): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline,
    description,
    ...(image ? { image: [absoluteUrl(siteUrl, image)] } : {}),
    datePublished,
    author: author ? { "@type": "Person", name: author } : organization(siteUrl),
    publisher: organization(siteUrl),
    mainEntityOfPage: { "@type": "WebPage", "@id": absoluteUrl(siteUrl, path) },
    url: absoluteUrl(siteUrl, path),
  };
}
