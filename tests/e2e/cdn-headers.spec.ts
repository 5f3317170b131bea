/**
 * What docs/deploy.md's table "What a CDN may cache" says the server sends, checked on a site of its
 * own (so nothing is in its page cache yet): each kind of answer carries the Cache-Control the table
 * gives it, and none goes without one.
 */
import { expect, test } from "./support/fixtures";

test("every kind of answer carries the Cache-Control docs/deploy.md's CDN table gives it", async ({ isolatedSite }) => {
  const ask = async (target: string, init: RequestInit = {}) => {
    const response = await fetch(`${isolatedSite.url}${target}`, { redirect: "manual", ...init });
    await response.arrayBuffer();
    return {
      status: response.status,
      cacheControl: response.headers.get("cache-control"),
      location: response.headers.get("location"),
      contentType: response.headers.get("content-type"),
    };
  };

  // A page asked with HEAD before anyone asked for it with GET (not from the page cache).
  expect(await ask("/partners", { method: "HEAD" })).toMatchObject({
    status: 200,
    cacheControl: "private, max-age=60",
    contentType: "text/html; charset=utf-8",
  });
  expect(await ask("/partners")).toMatchObject({ status: 200, cacheControl: "private, max-age=60" });
  // Kept, the page is the same bytes for everyone (its scripts allowed by their hashes): a CDN may keep it.
  await expect
    .poll(async () => {
      const kept = await fetch(`${isolatedSite.url}/partners`);
      await kept.arrayBuffer();
      return [kept.headers.get("x-page-cache"), kept.headers.get("cache-control")];
    })
    .toEqual(["hit", "public, max-age=60"]);

  // Another spelling of a page: a permanent redirect to its canonical address, with the query.
  for (const spelling of ["/Coworking?utm_source=news", "/coworking/?utm_source=news", "/blog//"]) {
    expect(await ask(spelling), spelling).toMatchObject({ status: 301, cacheControl: "public, max-age=3600" });
  }
  expect((await ask("/Coworking?utm_source=news")).location).toBe("/coworking?utm_source=news");
  // Another spelling of a value a page reads, likewise; a list's page past its last, for a minute.
  expect(await ask("/gallery?tags=EXT&page=01")).toMatchObject({
    status: 301,
    cacheControl: "public, max-age=3600",
    location: "/gallery?tags=ext",
  });
  expect(await ask("/blog?page=9")).toMatchObject({
    status: 302,
    cacheControl: "public, max-age=60",
    location: "/blog?page=2",
  });

  // Browsers that ask for /favicon.ico get the SVG icon.
  expect(await ask("/favicon.ico")).toMatchObject({
    status: 301,
    location: "/favicon.svg",
    cacheControl: "public, max-age=86400",
  });
  expect(await ask("/favicon.svg")).toMatchObject({ status: 200, cacheControl: "public, max-age=3600" });

  // An event's calendar file is the visitor's own download; one that does not exist is kept by nobody.
  const events = await (await fetch(`${isolatedSite.url}/events`)).text();
  const calendarFile = /href="(\/events\/[^"]+\.ics)"/.exec(events)?.[1];
  expect(calendarFile).toBeDefined();
  expect(await ask(calendarFile!)).toMatchObject({
    status: 200,
    cacheControl: "private, max-age=300",
    contentType: "text/calendar; charset=utf-8",
  });
  expect(await ask("/events/no-such-event.ics")).toMatchObject({ status: 404, cacheControl: "no-store" });
  expect(await ask("/event-covers/no-such-event-480.webp")).toMatchObject({ status: 404, cacheControl: "no-store" });
  expect(await ask("/event-covers/oops")).toMatchObject({ status: 404, cacheControl: "no-store" });

  // The feeds: kept for 5 minutes, then revalidated by their tag; a 304 says the same.
  for (const feed of ["/blog/feed.xml", "/blog/tag/community/feed.xml", "/events.ics"]) {
    const answer = await ask(feed);
    expect(answer, feed).toMatchObject({ status: 200, cacheControl: "public, max-age=300" });
    const response = await fetch(`${isolatedSite.url}${feed}`);
    await response.arrayBuffer();
    const etag = response.headers.get("etag")!;
    expect(await ask(feed, { headers: { "If-None-Match": etag } }), feed).toMatchObject({
      status: 304,
      cacheControl: "public, max-age=300",
    });
  }
  expect(await ask("/blog/tag/no-such-tag/feed.xml")).toMatchObject({ status: 404, cacheControl: "no-store" });

  // A page that does not exist.
  expect(await ask("/no-such-page")).toMatchObject({ status: 404, cacheControl: "no-store" });
});
