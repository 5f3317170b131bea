import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { liveContentEnv, startTestContentService } from "./support/content-stand-in";
import { demoPosts } from "./support/dataset";
import { expect, test } from "./support/fixtures";
import { spawnSite } from "./support/spawn-site";

/**
 * Outages from a cold start: the last good content is kept in DATA_DIR, so a site restarted while
 * the content service is down serves the pages it served before, not their error states.
 */

test("a site restarted while the content service is down still serves a blog post", async ({
  page,
  allowConsoleErrors,
}) => {
  test.setTimeout(90_000);
  // The stopped stand-in also served the images (the real service's image CDN would still answer).
  allowConsoleErrors(/ERR_CONNECTION_REFUSED/);
  const dataDir = mkdtempSync(path.join(tmpdir(), "hub-cold-start-"));
  const content = await startTestContentService();
  const env = { ...liveContentEnv(content), DATA_DIR: dataDir };
  const post = demoPosts[1]!;
  try {
    const first = await spawnSite(env);
    try {
      const html = await (await fetch(`${first.url}/blog/${post.slug}`)).text();
      expect(html).toContain(post.title);
    } finally {
      await first.stop();
    }

    await content.close();
    const second = await spawnSite(env);
    try {
      expect(second.output()).toMatch(/Restored \d+ cached content values/);
      const response = await page.goto(`${second.url}/blog/${post.slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
      await expect(page.getByText("Error loading blog post. Please try again later.")).toHaveCount(0);
    } finally {
      for (const open of page.context().pages()) await open.close();
      await second.stop();
    }
  } finally {
    await content.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
});
