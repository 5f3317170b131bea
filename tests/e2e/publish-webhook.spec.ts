import type { ExportEntry } from "../../demo/contentful-export.ts";
import { demoPosts } from "./support/dataset";
import { expect, type IsolatedSite, test } from "./support/fixtures";

/**
 * Editors' instant publish: Contentful calls POST /webhooks/contentful with the shared secret, and the
 * next request shows the change. A wrong secret is refused and purges nothing.
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

const postHeading = async (site: IsolatedSite, slug = post.slug) => {
  const html = await (await fetch(`${site.url}/blog/${slug}`)).text();
  return html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^>]+>/g, "") ?? "";
};

test("a published change is on the site at the next request; a wrong secret purges nothing", async ({
  isolatedSite,
}) => {
  expect(await postHeading(isolatedSite)).toBe(post.title);
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
  expect(await postHeading(isolatedSite)).toBe(newTitle);
  expect(Date.now() - started).toBeLessThan(5_000);
  // The home page's latest posts read the same change.
  expect(await (await fetch(`${isolatedSite.url}/`)).text()).toContain(newTitle);
});

test("an unpublished post is gone at the next request", async ({ isolatedSite }) => {
  expect(await postHeading(isolatedSite)).toBe(post.title);
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
