import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PurgeEvent, PurgeScope } from "~/services/content";
import { contentfulWebhook, purgeScopeOf } from "./content-webhook.ts";

const SECRET = "a-long-shared-secret-0123456789";
const NEXT_SECRET = "the-next-shared-secret-9876543210";
const servers: { close(): void }[] = [];

afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function webhook(secrets: string[] | null) {
  const purge = vi.fn((scope: PurgeScope): PurgeEvent => ({
    scope,
    origin: "webhook",
    version: 1,
    purged: 3,
    at: "now",
  }));
  const app = express();
  app.post("/webhooks/contentful", contentfulWebhook({ secrets, purge }));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/contentful`;
  const post = (headers: Record<string, string>, body: unknown = {}) =>
    fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/vnd.contentful.management.v1+json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  return { purge, post };
}

const publishedPost = { sys: { type: "Entry", id: "p1", contentType: { sys: { type: "Link", id: "blogPost" } } } };

describe("the publish webhook", () => {
  it("purges the changed content type when the secret is right", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const { purge, post } = await webhook([SECRET]);
    const response = await post(
      { "X-Webhook-Secret": SECRET, "X-Contentful-Topic": "ContentManagement.Entry.publish" },
      publishedPost,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ purged: 3, version: 1, scope: { contentTypes: ["blogPost"] } });
    expect(purge).toHaveBeenCalledWith({ contentTypes: ["blogPost"] });
  });

  it("answers 401 to a wrong or missing secret and purges nothing", async () => {
    const { purge, post } = await webhook([SECRET]);
    expect((await post({ "X-Webhook-Secret": `${SECRET}x` }, publishedPost)).status).toBe(401);
    expect((await post({ "X-Webhook-Secret": "" }, publishedPost)).status).toBe(401);
    expect((await post({}, publishedPost)).status).toBe(401);
    expect(purge).not.toHaveBeenCalled();
  });

  it("accepts the old secret and the new one during a rotation, and nothing else", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const { purge, post } = await webhook([SECRET, NEXT_SECRET]);
    expect((await post({ "X-Webhook-Secret": SECRET }, publishedPost)).status).toBe(200);
    expect((await post({ "X-Webhook-Secret": NEXT_SECRET }, publishedPost)).status).toBe(200);
    expect(purge).toHaveBeenCalledTimes(2);
    expect((await post({ "X-Webhook-Secret": `${SECRET} ${NEXT_SECRET}` }, publishedPost)).status).toBe(401);
    expect((await post({ "X-Webhook-Secret": NEXT_SECRET.slice(0, -1) }, publishedPost)).status).toBe(401);
    expect((await post({}, publishedPost)).status).toBe(401);
    expect(purge).toHaveBeenCalledTimes(2);
  });

  it("is off (404) without a configured secret", async () => {
    for (const off of [null, []]) {
      const { purge, post } = await webhook(off);
      expect((await post({ "X-Webhook-Secret": "" })).status).toBe(404);
      expect(purge).not.toHaveBeenCalled();
    }
  });

  it("stays off for a call that sends no secret at all", async () => {
    const { purge, post } = await webhook(null);
    expect((await post({})).status).toBe(404);
    expect(purge).not.toHaveBeenCalled();
  });

  it("purges everything when the body cannot be read", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const { purge, post } = await webhook([SECRET]);
    expect((await post({ "X-Webhook-Secret": SECRET }, "{ not json")).status).toBe(200);
    expect(purge).toHaveBeenCalledWith({ all: true });
  });

  it("refuses a body over a megabyte, purging nothing", async () => {
    const { purge, post } = await webhook([SECRET]);
    const response = await post({ "X-Webhook-Secret": SECRET }, JSON.stringify({ padding: "x".repeat(1_100_000) }));
    expect(response.status).toBe(413);
    expect(purge).not.toHaveBeenCalled();
  });
});

describe("what a change purges", () => {
  it("is the entry's content type, for publish, unpublish and delete alike", () => {
    expect(purgeScopeOf("ContentManagement.Entry.publish", publishedPost)).toEqual({ contentTypes: ["blogPost"] });
    const deleted = { sys: { type: "DeletedEntry", id: "p1", contentType: { sys: { id: "partners" } } } };
    expect(purgeScopeOf("ContentManagement.Entry.delete", deleted)).toEqual({ contentTypes: ["partners"] });
  });

  it("is everything for an asset, or an entry of unknown type", () => {
    expect(purgeScopeOf("ContentManagement.Asset.publish", { sys: { type: "Asset", id: "a1" } })).toEqual({
      all: true,
    });
    expect(purgeScopeOf(undefined, { sys: { type: "DeletedAsset", id: "a1" } })).toEqual({ all: true });
    expect(purgeScopeOf("ContentManagement.Entry.unpublish", { sys: { type: "DeletedEntry", id: "e1" } })).toEqual({
      all: true,
    });
    expect(purgeScopeOf(undefined, null)).toEqual({ all: true });
  });
});
