import type { APIRequestContext, APIResponse } from "@playwright/test";
import { entriesOf, fieldOf } from "./support/dataset";
import { expect, test, waitForHydration } from "./support/fixtures";
import { PLANTED_SCRIPT } from "../../server/test-planted-script.ts";
import { inlineScriptsNotAllowed } from "./support/script-policy";
import { madeUpAddresses } from "../support/made-up-addresses.ts";
import { untilKept } from "../support/until-kept.ts";

/**
 * The server keeps rendered pages in memory (docs/architecture.md#the-page-cache) and sends them again as they are, compressed
 * once, their inline scripts allowed by hash (docs/decisions/031-page-cache-with-hashed-scripts.md); it never keeps a page for a preview, a data request or a page whose sections failed, and
 * parameters a page does not read neither split nor skip it (docs/decisions/034-query-keys.md; the attacker's view of it is
 * page-cache-integrity.spec.ts).
 */

const nonceOf = (response: APIResponse) =>
  /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1] ?? "";

const fromCache = (response: APIResponse) => response.headers()["x-page-cache"] === "hit";

/** Requests the address until the server answers it from memory (the first render may stream). */
async function untilCached(request: APIRequestContext, path: string): Promise<APIResponse> {
  const response = await untilKept(async () => {
    const answer = await request.get(path, { headers: { "Accept-Encoding": "gzip" } });
    expect(answer.status()).toBe(200);
    return answer;
  }, fromCache);
  if (!fromCache(response)) throw new Error(`${path} was not answered from the page cache`);
  return response;
}

test("a page is rendered once with a nonce, then sent from memory as the same bytes to all, its scripts allowed by hash", async ({
  request,
  isolatedSite,
}) => {
  const rendered = await request.get(`${isolatedSite.url}/privacy`, { headers: { "Accept-Encoding": "gzip" } });
  expect(fromCache(rendered)).toBe(false);
  const renderedPolicy = rendered.headers()["content-security-policy"] ?? "";
  expect(nonceOf(rendered)).toBeTruthy();
  expect(rendered.headers()["cache-control"]).toBe("private, max-age=60");
  expect(inlineScriptsNotAllowed(await rendered.text(), renderedPolicy)).toEqual({ allowedBy: "nonce", refused: [] });

  await untilCached(request, `${isolatedSite.url}/privacy`);
  const answers = [];
  for (const encoding of ["br", "gzip", "gzip, deflate, br", "identity", ""]) {
    const response = await request.get(`${isolatedSite.url}/privacy`, { headers: { "Accept-Encoding": encoding } });
    expect(fromCache(response), encoding).toBe(true);
    answers.push({ encoding, response, html: await response.text() });
  }
  expect(answers.map(({ response }) => response.headers()["content-encoding"])).toEqual([
    "br",
    "gzip",
    "br",
    undefined,
    undefined,
  ]);
  const [first] = answers;
  const policy = first!.response.headers()["content-security-policy"] ?? "";
  expect(/script-src[^;]*(?:nonce|unsafe-inline)/.test(policy)).toBe(false);
  expect(inlineScriptsNotAllowed(first!.html, policy)).toEqual({ allowedBy: "hashes", refused: [] });
  expect(first!.html).not.toMatch(/<[a-z]+\s[^>]*\bnonce="/);
  expect(first!.html).toContain("Privacy Policy");
  for (const { encoding, response, html } of answers) {
    // The same page, headers and all, whoever asks: a CDN may keep it (docs/deploy.md).
    expect(html, encoding).toBe(first!.html);
    expect(response.headers()["content-security-policy"], encoding).toBe(policy);
    expect(response.headers()["cache-control"], encoding).toBe("public, max-age=60");
    expect(response.headers().vary, encoding).toBe("Cookie, Accept-Encoding");
  }
});

test("a page sent from memory hydrates in the browser under its hash policy, and then navigates on the client", async ({
  page,
  request,
  isolatedSite,
}) => {
  await untilCached(request, `${isolatedSite.url}/blog`);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto(`${isolatedSite.url}/blog`);
  expect(response?.headers()["x-page-cache"]).toBe("hit");
  expect(
    /script-src[^;]*'sha256-[^;]*'strict-dynamic'/.test(response?.headers()["content-security-policy"] ?? ""),
  ).toBe(true);
  await waitForHydration(page);
  // The module scripts the page's first script added ran under the policy's 'strict-dynamic'.
  expect(await page.locator('script[type="module"][src]').count()).toBeGreaterThan(0);
  // A mark that only a navigation on the client (the same document) keeps.
  await page.evaluate(() => document.documentElement.setAttribute("data-same-document", ""));
  await page.getByRole("link", { name: "Privacy Policy" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-same-document"))).toBe(true);
  expect(violations).toEqual([]);
});

test("list pages are kept per page number they read; other parameters are the page without them; data requests and previews are never kept", async ({
  request,
}) => {
  await untilCached(request, "/blog?page=2");
  const terms = await untilCached(request, "/terms");
  const tagged = await request.get("/terms?utm_source=newsletter&gclid=abc");
  expect(fromCache(tagged)).toBe(true);
  const taggedHtml = await tagged.text();
  expect(taggedHtml.replaceAll(nonceOf(tagged), "")).toBe((await terms.text()).replaceAll(nonceOf(terms), ""));
  expect(taggedHtml).not.toContain("newsletter");
  for (let attempt = 0; attempt < 3; attempt += 1) {
    expect(fromCache(await request.get("/terms", { headers: { Cookie: "preview=signed-preview-token" } }))).toBe(false);
    const data = await request.get("/terms.data");
    expect(data.status()).toBe(200);
    expect(fromCache(data)).toBe(false);
  }
});

test("a page whose section failed is not kept, and is kept once the section loads", async ({
  request,
  isolatedSite,
}) => {
  const coworkingStory = entriesOf("successStory").find((entry) =>
    fieldOf<string[]>(entry, "pageSlugs").includes("coworking"),
  );
  const storyTitle = fieldOf(coworkingStory!, "title");
  // One failed answer: the renders after it meet the failure answered from memory (negative caching),
  // and none of them is kept either.
  isolatedSite.content.faults.add({
    pathIncludes: "content_type=successStory",
    status: 400,
    body: { message: "no" },
    times: 1,
  });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const response = await request.get(`${isolatedSite.url}/coworking`);
    expect(response.status()).toBe(200);
    expect(fromCache(response)).toBe(false);
    expect(await response.text()).not.toContain(storyTitle);
  }
  const storyLookups = () =>
    isolatedSite.content.faults.requests.filter((entry) => entry.url.includes("content_type=successStory")).length;
  expect(storyLookups(), "the failure was answered from memory after the first").toBe(1);
  // The failure is kept for 15 s (cache.server.test.ts); rather than wait, the test forgets it through
  // the site's test reset (which empties the page cache too): the page is kept once a render has the section.
  expect((await request.post(`${isolatedSite.url}/__test/reset`)).status()).toBe(200);
  const kept = await untilCached(request, `${isolatedSite.url}/coworking`);
  expect(await kept.text()).toContain(storyTitle);
});

test("a page sent from memory is logged like a rendered one: one line with its route, status, bytes and request id", async ({
  request,
  isolatedSite,
}) => {
  await untilCached(request, `${isolatedSite.url}/privacy`);
  const hit = await request.get(`${isolatedSite.url}/privacy`, { headers: { "X-Request-Id": "page-cache-hit-1" } });
  expect(fromCache(hit)).toBe(true);
  expect(hit.headers()["x-request-id"]).toBe("page-cache-hit-1");
  const linesOf = () =>
    isolatedSite
      .output()
      .split("\n")
      .filter((line) => line.includes('"requestId":"page-cache-hit-1"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  await expect.poll(() => linesOf().length).toBe(1);
  const [line] = linesOf();
  expect(line).toMatchObject({ method: "GET", route: "/privacy", path: "/privacy", status: 200, pageCache: "hit" });
  expect(line!.bytes).toBeGreaterThan(1_000);
});

/** The request log's lines a site wrote after `from` characters of its output. */
function logLinesAfter(output: string, from: number): Record<string, unknown>[] {
  return output
    .slice(from)
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

test("200 requests with made-up parameters render only the few pages they name, and push no kept page out", async ({
  request,
  isolatedSite,
}) => {
  test.setTimeout(120_000);
  const site = isolatedSite.url;
  // The pages they name, and two list pages with a query string, kept first.
  const named = ["/gallery", "/gallery?page=2", "/gallery?page=3", "/gallery?tags=ext", "/blog", "/blog?page=2"];
  for (const path of named) await untilCached(request, `${site}${path}`);
  const from = isolatedSite.output().length;

  const targets = madeUpAddresses(200);
  expect(new Set(targets).size).toBeGreaterThan(150);
  const landedOn = new Set<string>();
  for (let start = 0; start < targets.length; start += 10) {
    await Promise.all(
      targets.slice(start, start + 10).map(async (target) => {
        // Followed as a browser would: each ends on the page it names.
        const response = await fetch(`${site}${target}`, { headers: { "Accept-Encoding": "gzip" } });
        expect(response.status, target).toBe(200);
        await response.arrayBuffer();
        landedOn.add(new URL(response.url).pathname + new URL(response.url).search.replace(/&?utm_content=\d+/, ""));
      }),
    );
  }
  const elsewhere = [...landedOn].filter((address) => !named.includes(address));
  expect(elsewhere.length, `landed elsewhere: ${elsewhere.slice(0, 5).join(" ")}`).toBe(0);

  // Work counted in the request log: a page rendered is a `miss` (or `refresh`) answered 200; a redirect
  // decided from a list's length runs its loaders only (`miss`, 302); the rest are redirects the server
  // answers before any route runs, and pages sent from memory.
  const requestLines = () => logLinesAfter(isolatedSite.output(), from).filter((line) => "status" in line);
  // Each address's redirects end in one page answered 200.
  await expect.poll(() => requestLines().filter((line) => line.status === 200).length).toBe(targets.length);
  const lines = requestLines();
  // No page rendered for them: every page answered was sent from memory, but for the re-render a kept
  // page gets when it is 30 s old (a slow machine may outlast that), once per page at most.
  const pagesRendered = lines.filter((line) => line.status === 200 && line.pageCache !== "hit");
  expect(pagesRendered.filter((line) => line.pageCache !== "refresh")).toEqual([]);
  expect(pagesRendered.length).toBeLessThanOrEqual(named.length);
  // The other `miss`es are a list's page past its last: its loaders ran, and answered with a redirect.
  const loadersOnly = lines.filter((line) => line.pageCache === "miss");
  expect(loadersOnly.every((line) => line.status === 302)).toBe(true);

  // Every page kept before is kept still.
  for (const path of named) {
    const response = await request.get(`${site}${path}`);
    expect(fromCache(response), path).toBe(true);
  }
});

test.describe("an inline script its render did not write", () => {
  // A site of its own with the tests' hooks: the log's one warning per route is this test's to see.
  test.use({ isolatedSiteFresh: true, isolatedSiteEnv: { TEST_RESET_ROUTE: "true" } });

  test("is refused on every visit, not only the first: the page is never kept, and the log says so once", async ({
    page,
    request,
    isolatedSite,
    allowConsoleErrors,
  }) => {
    // Chromium's words for it ("Executing inline script violates … Content Security Policy …").
    const refused = /inline script.*Content Security Policy/i;
    allowConsoleErrors(refused);
    const address = `${isolatedSite.url}/privacy`;
    const planted = await request.post(`${isolatedSite.url}/__test/planted-script?path=/privacy`);
    expect(planted.status()).toBe(200);
    const rendered = await request.get(address);
    expect(await rendered.text()).toContain(PLANTED_SCRIPT);
    const warning = /The page of \/privacy \(\/privacy\) holds an inline script its render did not write/;
    // Settled: either kept (and sent from memory), or not kept and said so.
    await expect
      .poll(async () => {
        const response = await request.get(address);
        await response.body();
        return fromCache(response) || warning.test(isolatedSite.output());
      })
      .toBe(true);

    const refusals: string[] = [];
    page.on("console", (message) => {
      if (refused.test(message.text())) refusals.push(message.text());
    });
    for (let visit = 1; visit <= 3; visit += 1) {
      const response = await page.goto(address);
      await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
      const scripts = await page.locator("head script:not([src])").evaluateAll((all) => all.map((s) => s.textContent));
      expect(scripts).toContain('document.documentElement.setAttribute("data-planted-script","ran")');
      // It did not run (the head's scripts ran before the heading was parsed), and Chromium says why.
      const ran = await page.evaluate(() => document.documentElement.getAttribute("data-planted-script"));
      expect(ran, `visit ${visit} (${response?.headers()["x-page-cache"] ?? "rendered"}): the script ran`).toBeNull();
      await expect.poll(() => refusals.length, `visit ${visit}: Chromium refused the script`).toBe(visit);
      // Rendered for this visit, under its own nonce: never a kept page.
      expect(response?.headers()["x-page-cache"], `visit ${visit}`).not.toBe("hit");
      expect(response?.headers()["content-security-policy"], `visit ${visit}`).toMatch(/script-src[^;]*'nonce-/);
    }
    // The page's own scripts run: it hydrates.
    await waitForHydration(page);
    expect(isolatedSite.output().match(new RegExp(warning, "g"))).toHaveLength(1);
    // Another page, without it, is kept as ever.
    await untilCached(request, `${isolatedSite.url}/terms`);
  });
});
