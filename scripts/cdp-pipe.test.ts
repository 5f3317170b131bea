import { afterEach, describe, expect, it } from "vitest";
import { launchPipeBrowser, type PipeBrowser } from "./cdp-pipe.ts";
import { chromiumFlags, chromiumPath } from "./chromium-path.js";

// Starting Chromium takes seconds on a busy 2-core machine.
describe("launchPipeBrowser", { timeout: 60_000 }, () => {
  let browser: PipeBrowser | null = null;
  afterEach(async () => {
    await browser?.close();
    browser = null;
  });

  it("answers commands and passes on a page's events, with the page's session", async () => {
    browser = launchPipeBrowser(chromiumPath, chromiumFlags);
    const { product } = await browser.send("Browser.getVersion");
    expect(product).toMatch(/Chrome/);

    const { targetId } = await browser.send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = (await browser.send("Target.attachToTarget", { targetId, flatten: true })) as {
      sessionId: string;
    };
    const loaded = new Promise<string | undefined>((resolve) => {
      const stop = browser?.onEvent((message) => {
        if (message.method === "Page.loadEventFired") {
          stop?.();
          resolve(message.sessionId);
        }
      });
    });
    await browser.send("Page.enable", {}, sessionId);
    await browser.send(
      "Page.navigate",
      { url: `data:text/html,<title>piped</title><p>${"x".repeat(70_000)}` },
      sessionId,
    );
    expect(await loaded).toBe(sessionId);

    // The page's state can be read without enabling the Runtime domain (the point of this browser), and
    // an answer larger than a pipe's buffer arrives whole.
    const { result } = (await browser.send(
      "Runtime.evaluate",
      { expression: "document.title + ':' + document.body.textContent", returnByValue: true },
      sessionId,
    )) as { result: { value: unknown } };
    expect(result.value).toBe(`piped:${"x".repeat(70_000)}`);
  });

  it("rejects a command the browser refuses, with its message", async () => {
    browser = launchPipeBrowser(chromiumPath, chromiumFlags);
    await expect(browser.send("No.suchMethod")).rejects.toThrow(/wasn't found|not found/i);
  });
});
