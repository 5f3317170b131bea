import { expect, test } from "./support/fixtures";

/**
 * A content space that is not the demo's: no siteImage entries (the pictures editors choose for the
 * space and home pages). The pages show their places without pictures, and the content service is
 * asked once, not at every view; nothing asks for an asset id that only the demo dataset has.
 */

test("space and home pages ask a space without site images once, and for no demo asset", async ({
  page,
  isolatedSite,
}) => {
  const { content } = isolatedSite;
  for (const entry of ["coworking", "private-offices", "meeting-rooms", "event-spaces"].flatMap((pageSlug) =>
    [1, 2, 3].map((n) => `siteImage-benefit-${pageSlug}-${n}`),
  )) {
    content.removeEntry(entry);
  }
  content.removeEntry("siteImage-home-think-lounge");

  for (let view = 0; view < 3; view++) {
    for (const path of ["/coworking", "/event-spaces", "/"]) {
      expect((await fetch(`${isolatedSite.url}${path}`)).status, path).toBe(200);
    }
  }
  const requests = content.faults.requests.map((request) => decodeURIComponent(request.url));
  expect(requests.filter((url) => url.includes("content_type=siteImage"))).toHaveLength(1);
  expect(requests.filter((url) => /\/assets\/[^/?]+(\?|$)/.test(url))).toEqual([]);

  await page.goto(`${isolatedSite.url}/coworking`);
  const benefits = page.getByRole("region", { name: "A better place to get work done" });
  await expect(benefits.getByRole("heading", { level: 3 })).toHaveCount(3);
  await expect(benefits.locator("img")).toHaveCount(0);
});

test("a missing post costs one call to the content service, not one per view", async ({ isolatedSite }) => {
  for (let view = 0; view < 4; view++) {
    const response = await fetch(`${isolatedSite.url}/blog/a-post-that-was-never-written`);
    expect(response.status).toBe(404);
  }
  const lookups = isolatedSite.content.faults.requests.filter((request) =>
    decodeURIComponent(request.url).includes("fields.slug=a-post-that-was-never-written"),
  );
  expect(lookups).toHaveLength(1);
});
