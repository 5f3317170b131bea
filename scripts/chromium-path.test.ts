import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { describe, expect, it } from "vitest";
import { chromiumFlags, chromiumPath, playwrightChromiumFlags, playwrightDisabledFeatures } from "./chromium-path.js";

/** The features a Chromium that Playwright launched was told to turn off (its last --disable-features). */
async function disabledFeaturesOfALaunch(args: string[]): Promise<{ features: string[]; omniboxPages: string[] }> {
  const server = await chromium.launchServer({ executablePath: chromiumPath, args });
  try {
    const commandLine = readFileSync(`/proc/${server.process().pid}/cmdline`, "utf8").split("\0");
    const features = commandLine
      .filter((arg) => arg.startsWith("--disable-features="))
      .at(-1)!
      .slice("--disable-features=".length)
      .split(",");
    const browser = await chromium.connect(server.wsEndpoint());
    const context = await browser.newContext();
    await context.newPage();
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = (await session.send("Target.getTargets")) as { targetInfos: { url: string }[] };
    await browser.close();
    return { features, omniboxPages: targetInfos.map(({ url }) => url).filter((url) => url.includes("omnibox")) };
  } finally {
    await server.close();
  }
}

describe("the end-to-end tests' Chromium flags", () => {
  it("keep every feature Playwright turns off, and build no omnibox popup for each test's window", async () => {
    const playwrightOwn = await disabledFeaturesOfALaunch(chromiumFlags);
    expect(playwrightDisabledFeatures.toSorted()).toEqual(playwrightOwn.features.toSorted());
    expect(playwrightOwn.omniboxPages.length).toBeGreaterThan(0);

    const ours = await disabledFeaturesOfALaunch(playwrightChromiumFlags);
    expect(ours.features).toEqual(expect.arrayContaining(playwrightOwn.features));
    expect(ours.omniboxPages).toEqual([]);
  }, 60_000);
});
