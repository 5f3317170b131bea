// Makes draft-preview links (docs/content.md), signed with a key derived from CONTENTFUL_PREVIEW_TOKEN:
//   npm run preview-link -- /blog/my-draft [--hours 24]   one page, for a day unless told otherwise
//   npm run preview-link -- --template [--days 90]        Contentful's "Open preview" URL for blog posts
// It reads SITE_URL and CONTENTFUL_PREVIEW_TOKEN from the environment; without CONTENTFUL_SPACE_ID
// it makes links for the demo (the embedded stand-in's preview token, http://localhost:3000).
import { DEFAULT_LINK_HOURS, isSitePath, previewKeys, previewLink, previewUrlTemplate } from "../server/preview.ts";
import { parseCommandLine } from "./command-line.ts";

const { values, positionals } = parseCommandLine(import.meta.filename, {
  allowPositionals: true,
  options: {
    hours: { type: "string" },
    days: { type: "string" },
    template: { type: "boolean", default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const live = Boolean(process.env.CONTENTFUL_SPACE_ID?.trim());
const token =
  process.env.CONTENTFUL_PREVIEW_TOKEN?.trim() ||
  (live ? "" : (await import("../demo/contentful.ts")).DEMO_PREVIEW_TOKEN);
if (!token) fail("Set CONTENTFUL_PREVIEW_TOKEN (the same value the site runs with) to make preview links.");
const siteUrl = (process.env.SITE_URL?.trim() || `http://localhost:${process.env.PORT?.trim() || 3000}`).replace(
  /\/+$/,
  "",
);

const hours = values.days ? Number(values.days) * 24 : Number(values.hours ?? DEFAULT_LINK_HOURS);
if (!Number.isFinite(hours) || hours <= 0) fail("--hours and --days take a positive number.");
const expiresAt = new Date(Date.now() + hours * 3_600_000);
const keys = previewKeys(token);

if (values.template) {
  console.log(previewUrlTemplate(siteUrl, keys, expiresAt));
} else {
  const [path] = positionals;
  if (!isSitePath(path)) fail("Name the page to preview, such as: npm run preview-link -- /blog/my-draft");
  console.log(previewLink(siteUrl, keys, path, expiresAt));
}
console.error(`Valid until ${expiresAt.toISOString()}.`);
