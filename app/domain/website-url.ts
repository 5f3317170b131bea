/**
 * A website address as an editor may type it ("riverbend.example", "www.riverbend.example/about",
 * "HTTPS://Riverbend.example") as the web address a link needs, or null when it is not one (another
 * scheme, such as mailto: or javascript:, or no host name).
 */
export function websiteUrl(value: string | null | undefined): string | null {
  const address = value?.trim();
  if (!address) return null;
  let candidate: string;
  if (/^https?:\/\//i.test(address)) candidate = address.replace(/^https?/i, (scheme) => scheme.toLowerCase());
  else if (address.startsWith("//")) candidate = `https:${address}`;
  // Any other scheme ("mailto:", "javascript:"), but not a host with a port ("example.org:8080").
  else if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(address)) return null;
  else candidate = `https://${address}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (!url.hostname.includes(".")) return null;
  // As the editor wrote it, with only the scheme added or put in lower case.
  return candidate;
}
