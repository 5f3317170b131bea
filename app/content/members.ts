/** Member businesses' names for /members (docs/pages.md); fictional, for the demo. */
export const memberBusinesses: readonly string[] = [
  "White River Web Studio",
  "Pinnacle Bookkeeping Co.",
  "Ozark Trail Outfitters",
  "Independence Legal Services",
  "Harbor Lane Marketing",
  "Sugarloaf Software",
  "Bluff City Photography",
  "Riverbend Realty Group",
  "Cedar & Stone Design",
  "Main Street Insurance Partners",
  "Northark Health Consulting",
];
