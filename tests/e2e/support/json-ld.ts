// biome-ignore lint/suspicious/noExplicitAny: schema.org objects of any shape, read by assertions
type JsonLdBlock = Record<string, any>;

/** The schema.org objects of a page's JSON-LD script elements, in document order. */
export function jsonLdBlocks(html: string): JsonLdBlock[] {
  return [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as JsonLdBlock,
  );
}
