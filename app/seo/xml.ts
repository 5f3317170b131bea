/**
 * Text and attribute values in XML (the sitemap, the blog feed): the five special characters escaped,
 * and the characters XML 1.0 cannot hold at all (most control characters, lone surrogates) left out,
 * since a single one makes the whole document unreadable to a strict parser.
 */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching the characters XML forbids is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}
