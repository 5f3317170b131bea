import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentfulStandIn, loadDataset, startContentfulStandIn } from "../demo/contentful.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
let broken: ContentfulStandIn;

beforeAll(async () => {
  const dataset = await loadDataset(path.join(root, "demo/data/space.json"));
  const post = dataset.entries.find((entry) => entry.sys.contentType.sys.id === "blogPost")!;
  delete post.fields.slug;
  broken = await startContentfulStandIn({
    dataset,
    assetsDir: path.join(root, "demo/assets"),
    spaceId: "brokenspace",
    accessToken: "broken-token",
  });
});

afterAll(async () => {
  await broken?.close();
});

function contentCheck(env: Record<string, string>) {
  return run(process.execPath, ["scripts/content-check.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
  }).then(
    (result) => ({ code: 0, ...result }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe("npm run content:check", { timeout: 30_000 }, () => {
  it("passes the demo dataset when no space is configured", async () => {
    const { code, stdout } = await contentCheck({});
    expect(code).toBe(0);
    expect(stdout).toContain("checking the demo dataset");
    expect(stdout).toContain("0 errors, 0 warnings.");
  });

  it("lists what breaks the model and exits 1 for a configured space with errors", async () => {
    const { code, stdout } = await contentCheck({
      CONTENTFUL_SPACE_ID: broken.spaceId,
      CONTENTFUL_ACCESS_TOKEN: broken.accessToken,
      CONTENTFUL_HOST: broken.host,
      CONTENTFUL_INSECURE: "true",
    });
    expect(code).toBe(1);
    expect(stdout).toContain(`Checking Contentful space ${broken.spaceId}`);
    expect(stdout).toMatch(/^error {3}blogPost blogPost-[\w-]+: ".+" has no slug: the site leaves the post out\.$/m);
    expect(stdout).toContain("1 error, 0 warnings.");
  });

  it("says so when the space cannot be read, and exits 2", async () => {
    const { code, stderr } = await contentCheck({
      CONTENTFUL_SPACE_ID: broken.spaceId,
      CONTENTFUL_ACCESS_TOKEN: "wrong-token",
      CONTENTFUL_HOST: broken.host,
      CONTENTFUL_INSECURE: "true",
    });
    expect(code).toBe(2);
    expect(stderr).toContain("The content service could not be read");
  });
});
