import { createHash } from "node:crypto";

/**
 * The inline scripts of a page (data blocks aside) that its Content-Security-Policy's `script-src` does
 * not allow, by this answer's nonce or by the script's hash; and how the page's scripts are allowed.
 */
export function inlineScriptsNotAllowed(html: string, policy: string): { allowedBy: string; refused: string[] } {
  const scriptSources = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1]?.split(/\s+/) ?? [];
  const nonce = scriptSources.find((source) => source.startsWith("'nonce-"))?.slice(7, -1);
  const hashes = new Set(scriptSources.filter((source) => source.startsWith("'sha256-")).map((s) => s.slice(1, -1)));
  const refused: string[] = [];
  for (const [, attributes = "", text = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=|type="application\/ld\+json"/.test(attributes)) continue;
    const hash = `sha256-${createHash("sha256").update(text).digest("base64")}`;
    const byNonce = nonce !== undefined && attributes.includes(`nonce="${nonce}"`);
    if (!byNonce && !hashes.has(hash)) refused.push(`<script${attributes}>${text.slice(0, 60)}`);
  }
  const allowedBy = nonce !== undefined ? "nonce" : hashes.size > 0 ? "hashes" : "nothing";
  return { allowedBy, refused };
}
