import type { APIRequestContext } from "@playwright/test";
import { expect, type IsolatedSite, test } from "./support/fixtures";
import { siteRoutes } from "./support/routes";

/**
 * When the content service rejects the token or fails, the SDK's error text (request URL, space,
 * `Authorization: Bearer ...` with the token's last characters, user agent) goes to the server log
 * only: no page and no data response carries any of it.
 */
async function everyResponse(request: APIRequestContext, site: IsolatedSite): Promise<Map<string, string>> {
  const paths = siteRoutes.map((route) => route.path);
  const urls = paths.flatMap((path) => [path, path === "/" ? "/_.data" : `${path}.data`]);
  const bodies = await Promise.all(
    urls.map(async (url) => {
      const response = await request.get(`${site.url}${url}`);
      // A page whose own content failed may answer 503 (with its message); never a 500 error page.
      expect([200, 503], url).toContain(response.status());
      return [url, await response.text()] as const;
    }),
  );
  return new Map(bodies);
}

function expectNothingLeaked({ content }: IsolatedSite, bodies: Map<string, string>) {
  const forbidden = [
    content.accessToken.slice(-6),
    "Bearer",
    content.host,
    `:${new URL(content.url).port}`,
    "contentful.js",
    "AccessTokenInvalid",
    "X-Contentful",
  ];
  for (const [url, body] of bodies) {
    for (const text of forbidden) expect(body.includes(text), `"${text}" in ${url}`).toBe(false);
  }
}

test("a rejected token leaks nothing into pages or data responses", async ({ request, isolatedSite }) => {
  isolatedSite.content.faults.add({
    pathIncludes: "/spaces/",
    status: 401,
    body: {
      sys: { type: "Error", id: "AccessTokenInvalid" },
      message: "The access token you sent could not be found or is invalid.",
      requestId: "leak-test",
    },
  });
  const bodies = await everyResponse(request, isolatedSite);
  expectNothingLeaked(isolatedSite, bodies);
  expect(bodies.get("/press")).toContain("Press");
  await expect.poll(() => isolatedSite.output()).toContain("Error loading page hero:");
  // The details are in the server's log, where an operator can read them.
  expect(isolatedSite.output()).toContain("AccessTokenInvalid");
});

test("a failing content service leaks nothing into pages or data responses", async ({ request, isolatedSite }) => {
  test.setTimeout(60_000);
  isolatedSite.content.faults.add({
    pathIncludes: "/spaces/",
    status: 500,
    body: { message: "internal upstream detail" },
  });
  const bodies = await everyResponse(request, isolatedSite);
  expectNothingLeaked(isolatedSite, bodies);
  for (const body of bodies.values()) expect(body).not.toContain("internal upstream detail");
});
