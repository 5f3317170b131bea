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

/** An Event (schema.org) for an upcoming event, at the hub. */
export function eventData(
  event: {
    title: string;
    excerpt: string;
    /** ISO 8601 with the hub's offset, written on the server with the card's words (`viewEvent`). */
    localStart: string;
    localEnd: string;
    price: number | null;
    coverUrl: string | null;
    rsvpUrl: string;
  },
  siteUrl: string,
): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: event.excerpt,
    startDate: event.localStart,
    endDate: event.localEnd,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: { "@type": "Place", name: site.name, address: postalAddress() },
    ...(event.coverUrl ? { image: [absoluteUrl(siteUrl, event.coverUrl)] } : {}),
    offers: {
      "@type": "Offer",
      price: String(event.price ?? 0),
      priceCurrency: "USD",
      url: absoluteUrl(siteUrl, event.rsvpUrl),
      availability: "https://schema.org/InStock",
    },
    organizer: organization(siteUrl),
  };
}

/** The hub as a LocalBusiness (schema.org), with its address, hours and price range. */
export function localBusiness({
  siteUrl,
  name,
  description,
  path,
  image,
  priceRange,
}: {
  siteUrl: string;
  name: string;
  description: string;
  path: string;
  image: string | null;
  priceRange: string;
}): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name,
    description,
    url: absoluteUrl(siteUrl, path),
    ...(image ? { image: absoluteUrl(siteUrl, image) } : {}),
    telephone: site.contact.phone,
    email: site.contact.email,
    address: postalAddress(),
    geo: { "@type": "GeoCoordinates", latitude: site.geo.latitude, longitude: site.geo.longitude },
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: site.openingHours.days,
      opens: site.openingHours.opens,
      closes: site.openingHours.closes,
    },
    priceRange,
    parentOrganization: organization(siteUrl),
  };
}

/** Questions and answers as an FAQPage (schema.org). */
export function faqPage(faqs: { question: string; answer: string }[]): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}
