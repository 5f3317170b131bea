import type { ExportEntry } from "../../demo/contentful-export.ts";
import { demoPosts } from "./support/dataset";
import { expect, type IsolatedSite, test } from "./support/fixtures";
import { untilKept } from "../support/until-kept.ts";

/**
 * Editors' instant publish: Contentful calls POST /webhooks/contentful with the shared secret, and the
 * next request shows the change, also for pages the server kept rendered. A wrong secret is refused
 * and purges nothing.
 */

const SECRET = "e2e-webhook-secret-5b1f0c9a77d2";
test.use({ isolatedSiteEnv: { CONTENTFUL_WEBHOOK_SECRET: SECRET } });

const post = demoPosts[0]!;
const entryId = `blogPost-${post.slug}`;

function retitled(entry: ExportEntry, title: string): ExportEntry {
  return { ...entry, fields: { ...entry.fields, title: { "en-US": title } } };
}

function callWebhook(site: IsolatedSite, secret: string, topic: string, body: unknown) {
  return fetch(`${site.url}/webhooks/contentful`, {
    method: "POST",
    headers: {
      "Content-Type": "application/vnd.contentful.management.v1+json",
      "X-Contentful-Topic": topic,
      "X-Webhook-Secret": secret,
    },
    body: JSON.stringify(body),
  });
}

const headingOf = (html: string) => html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^>]+>/g, "") ?? "";

const postHeading = async (site: IsolatedSite, slug = post.slug) =>
  headingOf(await (await fetch(`${site.url}/blog/${slug}`)).text());

/** Asks for a page until the server sends it from its page cache (the first render may stream). */
async function keptPage(site: IsolatedSite, path: string): Promise<string> {
  const { html, kept } = await untilKept(
    async () => {
      const response = await fetch(`${site.url}${path}`);
      return { html: await response.text(), kept: response.headers.get("x-page-cache") === "hit" };
    },
    (answer) => answer.kept,
  );
  if (!kept) throw new Error(`${path} was not answered from the page cache`);
  return html;
}

test("a published change is on the site at the next request; a wrong secret purges nothing", async ({
  isolatedSite,
}) => {
  expect(await postHeading(isolatedSite)).toBe(post.title);
  // Both pages are kept rendered (server/page-cache.ts): the purge must drop them, not only the content.
  expect(headingOf(await keptPage(isolatedSite, `/blog/${post.slug}`))).toBe(post.title);
  expect(await keptPage(isolatedSite, "/")).toContain(post.title);
  const entry = isolatedSite.content.entry(entryId)!;
  const newTitle = `${post.title} (updated by an editor)`;
  isolatedSite.content.putEntry(retitled(entry, newTitle));
  // Cached: without the webhook the site keeps the published text it read.
  expect(await postHeading(isolatedSite)).toBe(post.title);

  const publish = { sys: { type: "Entry", id: entryId, contentType: { sys: { type: "Link", id: "blogPost" } } } };
  const refused = await callWebhook(isolatedSite, `${SECRET}-wrong`, "ContentManagement.Entry.publish", publish);
  expect(refused.status).toBe(401);
  expect(await postHeading(isolatedSite)).toBe(post.title);

  const started = Date.now();
  const accepted = await callWebhook(isolatedSite, SECRET, "ContentManagement.Entry.publish", publish);
  expect(accepted.status).toBe(200);
  expect(await accepted.json()).toMatchObject({ scope: { contentTypes: ["blogPost"] } });
  const afterPurge = await fetch(`${isolatedSite.url}/blog/${post.slug}`);
  expect(afterPurge.headers.get("x-page-cache")).toBeNull();
  expect(headingOf(await afterPurge.text())).toBe(newTitle);
  expect(Date.now() - started).toBeLessThan(5_000);
  // The home page's latest posts read the same change.
  expect(await (await fetch(`${isolatedSite.url}/`)).text()).toContain(newTitle);
});

test("an unpublished post is gone at the next request", async ({ isolatedSite }) => {
  expect(headingOf(await keptPage(isolatedSite, `/blog/${post.slug}`))).toBe(post.title);
  isolatedSite.content.removeEntry(entryId);
  const unpublish = {
    sys: { type: "DeletedEntry", id: entryId, contentType: { sys: { type: "Link", id: "blogPost" } } },
  };
  const response = await callWebhook(isolatedSite, SECRET, "ContentManagement.Entry.unpublish", unpublish);
  expect(response.status).toBe(200);
  const page = await fetch(`${isolatedSite.url}/blog/${post.slug}`);
  expect(page.status).toBe(404);
  expect(await page.text()).toContain("Blog post not found.");
});
