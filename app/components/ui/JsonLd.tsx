/**
 * Structured data (schema.org JSON-LD) in the page's body, for data that arrives with a section rather
 * than with the page's metadata. `<` is escaped so the data can never close the script element.
 */
export function JsonLd({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every "<" escaped
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
