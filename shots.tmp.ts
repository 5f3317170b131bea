import { chromium } from "@playwright/test";
import { chromiumFlags, headlessShellPath } from "./scripts/chromium-path.js";
const base = process.argv[2] ?? "http://127.0.0.1:4390";
const browser = await chromium.launch({ executablePath: headlessShellPath, args: chromiumFlags });
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
  await page.goto(`${base}/events`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("heading", { name: "Upcoming Events" }).evaluate((element) => element.scrollIntoView({ block: "start" }));
  await page.evaluate(() => window.scrollBy(0, -120));
  await page.screenshot({ path: `/work/screens/feeds-events-${width}.png` });
  await page.goto(`${base}/`);
  await page.waitForLoadState("networkidle");
  const heading = page.getByRole("heading", { name: "Upcoming Events" });
  await heading.evaluate((element) => element.scrollIntoView({ block: "start" }));
  await page.evaluate(() => window.scrollBy(0, -120));
  await page.screenshot({ path: `/work/screens/feeds-home-${width}.png` });
  await page.close();
}
await browser.close();
