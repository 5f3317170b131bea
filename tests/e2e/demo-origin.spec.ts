import { expect, test, waitForHydration } from "./support/fixtures";
import { siteRoutes } from "./support/routes";
import { DEMO_SITE } from "./support/servers";

/**
 * The demo serves what a browser loads from the embedded stand-ins (asset files, event covers and
 * pages, booking calendars) through the site's own origin, so it works from any device: no page may
 * point a browser at this machine's loopback address.
 */

const LOOPBACK = /127\.0\.0\.1|localhost:|\[::1\]/;

test("no page, header or data response carries a loopback address", async ({ request }) => {
  for (const path of [...siteRoutes.map((route) => route.path), "/no-such-page"]) {
    const response = await request.get(path);
    const html = await response.text();
    expect(html.match(LOOPBACK)?.[0], `loopback address in ${path}`).toBeUndefined();
    expect(html).toContain(`href="${DEMO_SITE.siteUrl}${path === "/" ? "/" : path}"`);
    const policy = response.headers()["content-security-policy"] ?? "";
    expect(policy.match(LOOPBACK)?.[0], `loopback origin in the CSP of ${path}`).toBeUndefined();
    const data = await request.get(path === "/" ? "/_.data" : `${path}.data`);
    expect((await data.text()).match(LOOPBACK)?.[0], `loopback address in ${path}.data`).toBeUndefined();
  }
});

test("hero images come through the site's own origin, resized like the Images API", async ({ page, request }) => {
  await page.goto("/coworking");
  await waitForHydration(page);
  const hero = page.locator('[data-hero-slug="coworking"] img');
  await expect(hero).toHaveAttribute("src", /^\/_demo\/content\/demohub\/hero-coworking\//);
  await expect(hero).toHaveJSProperty("complete", true);
  expect(await hero.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  const src = (await hero.getAttribute("src")) ?? "";
  const file = src.split("?")[0] ?? "";
  const narrow = await request.get(`${file}?fm=webp&w=640&q=70`);
  const wide = await request.get(`${file}?fm=webp&w=1920&q=70`);
  expect(narrow.status()).toBe(200);
  expect(narrow.headers()["content-type"]).toBe("image/webp");
  expect(narrow.headers()["cache-control"]).toContain("immutable");
  expect((await narrow.body()).length).toBeLessThan((await wide.body()).length);

  // A browser that takes AVIF shows the AVIF, the stand-in's own encoding of the same photograph.
  expect(await hero.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/fm=avif&w=\d+&q=45$/);
  const avif = await request.get(`${file}?fm=avif&w=640&q=45`);
  expect(avif.headers()["content-type"]).toBe("image/avif");
  expect((await avif.body()).length).toBeLessThan((await narrow.body()).length);
});

test("the stand-ins' APIs are not reachable through the site", async ({ request }) => {
  for (const path of [
    "/_demo/content/spaces/demohub/environments/master/entries?content_type=blogPost",
    "/_demo/content/__control/requests",
    "/_demo/events/v1/spaces/ozark-foundry/events?withEnded=true",
    "/_demo/booking/__control/requests",
    "/_demo/nothing/here",
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  const token = await request.post("/_demo/events/v1/authenticate", {
    data: { client_id: "demo-events-client", client_secret: "demo-events-secret" },
  });
  expect(token.status()).toBe(404);
  expect(await token.text()).not.toContain("access_token");
});

test("a demo booking calendar works through the site, framed or not", async ({ page }) => {
  const response = await page.goto("/_demo/booking/widget/booking/tour");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("default-src 'none'");
  await page.getByRole("radio").first().check();
  await page.getByLabel("Name").fill("Jordan Tester");
  await page.getByLabel("Email").fill("jordan@example.com");
  await page.getByRole("button", { name: /book/i }).click();
  await expect(page.getByRole("heading", { name: "Demo booking received" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/_demo/booking/widget/booking/tour");
  await page.getByRole("link", { name: "Choose another time" }).click();
  await expect(page.getByLabel("Name")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/_demo/booking/widget/booking/tour");
});
