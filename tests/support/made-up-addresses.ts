/**
 * Addresses a stranger makes up for the list pages (docs/decisions/034-query-keys.md): other spellings of a
 * page number (`007`, `abc`, `99999`, past the last page), and tags no filter offers (alone, beside a
 * real one, in capitals); most of them new each time. For the end-to-end test that counts the renders
 * they cost (page-cache.spec.ts) and the bench that measures their CPU (scripts/bench-server.ts).
 */
export function madeUpAddresses(count: number): string[] {
  const spellings = [
    (index: number) => `/gallery?page=${"0".repeat(1 + (index % 3))}${2 + (index % 2)}`,
    (index: number) => `/gallery?page=abc${index}`,
    (index: number) => `/gallery?page=${99_999 + index}`,
    (index: number) => `/gallery?page=${4 + (index % 46)}&utm_content=${index}`,
    (index: number) => `/gallery?tags=made-up-${index}`,
    (index: number) => `/gallery?tags=ext,made-up-${index},EXT`,
    (index: number) => `/blog?page=${index}x`,
    (index: number) => `/blog?page=${3 + index}`,
  ];
  return Array.from({ length: count }, (_, index) => spellings[index % spellings.length]!(index));
}
