import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Whether `given` is one of `secrets` (a shared secret or bearer token, and during a rotation its
 * successor). Digests of equal length are compared, every secret every time, so the time taken says
 * nothing about a secret, nor about which one matched.
 */
export function secretMatches(given: string | undefined, secrets: readonly string[]): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  const offered = digest(given ?? "");
  let matched = false;
  for (const secret of secrets) matched = timingSafeEqual(offered, digest(secret)) || matched;
  return matched && given !== undefined;
}
