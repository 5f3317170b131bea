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

/** An instant as ISO 8601 with the hub's local offset ("2026-03-05T18:00:00-06:00"). */
export function isoWithOffset(iso: string, timeZone: string): string {
  const date = new Date(iso);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const offsetMinutes = Math.round((local - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, "0");
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${sign}${hours}:${minutes}`;
}

/** An Event (schema.org) for an upcoming event, at the hub. */
export function eventData(
  event: {
    title: string;
    excerpt: string;
    startDate: string;
    endDate: string;
    price: number | null;
    coverUrl: string | null;
    rsvpUrl: string;
  },
  { siteUrl, timeZone }: { siteUrl: string; timeZone: string },
): Thing {
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: event.excerpt,
    startDate: isoWithOffset(event.startDate, timeZone),
    endDate: isoWithOffset(event.endDate, timeZone),
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
