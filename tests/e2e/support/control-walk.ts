import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Every control of a page, at both widths (the header's menus at 1280 px, the mobile menu at 375 px):
 * each click records one button click whose label says what was clicked. Controls are buttons and
 * disclosure summaries wherever they are, and the links that act as buttons (marked `data-analytics`).
 * The clicks are dispatched with their default action cancelled, so the walk stays on the page: what
 * is checked is what analytics records, not where a control leads. (routes.spec.ts walks every route
 * in the load it checks with axe; analytics.spec.ts walks the addresses beyond them.)
 */

const controls = "button, summary, [data-analytics]";

/** Labels the hub's staff look for, named after what each control acts on. */
const pageLabels: Record<string, string[]> = {
  "/": ["Book a Tour", "View Pricing"],
  "/coworking": ["Play video: A morning on the coworking floor", "How much does coworking cost?"],
  "/event-spaces": ["Select: Two-Hour Event", "Select: Full Day", "Select: Half Day"],
  "/blog": ["Load More"],
  "/partners": ["Learn More"],
  "/gallery": ["Workspaces", "Event Spaces", "Exterior", "Construction"],
  "/gallery?tags=ext": ["Clear Filters"],
  "/events": ["Show Past Events"],
  "/contact": ["Contact form: Send"],
};

interface Walked {
  description: string;
  added: [string, string, Record<string, unknown>][];
}

/**
 * Walks the loaded page's controls, first at 1280 px, then (narrowed) at 375 px the ones that only
 * show there. A label does not depend on the width (it is the control's text or aria-label), so one
 * load serves both widths. Leaves the page at 375 px, its controls clicked.
 */
export async function expectEveryControlRecordsItsClick(page: Page, path: string): Promise<void> {
  // Streamed sections have arrived (images below the fold may still be loading lazily).
  // (A booking option's form, hidden until its radio is checked, is busy loading nothing.)
  await expect(page.locator("[aria-busy='true']:not(:has(img))").filter({ visible: true })).toHaveCount(0, {
    timeout: 15_000,
  });
  await page.evaluate(() => window.addEventListener("click", (event) => event.preventDefault(), true));

  const walked: Record<number, string[]> = {};
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    // The visible controls not clicked yet (some of those clicked at the wider width were replaced by
    // their click: a video tile's player), each clicked in turn in one round trip: what dataLayer held,
    // the click (the event Playwright's dispatchEvent sends), then what was added once the page has
    // rendered twice.
    const results = await page.evaluate(async (selector) => {
      const recorded = () =>
        (window.dataLayer ?? [])
          .map((entry) => Array.from(entry as ArrayLike<unknown>))
          .filter((entry) => entry[0] === "event") as Walked["added"];
      const visible = [...document.querySelectorAll<HTMLElement>(selector)].filter(
        (element) =>
          !element.hasAttribute("data-walk") && element.checkVisibility() && element.getBoundingClientRect().width > 0,
      );
      for (const element of visible) element.dataset.walk = "";
      const walkedHere: Walked[] = [];
      for (const element of visible) {
        const before = recorded().length;
        const description = element.outerHTML.slice(0, 160);
        element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, composed: true }));
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        walkedHere.push({ description, added: recorded().slice(before) });
      }
      return walkedHere;
    }, controls);
    expect(results.length, `${path} at ${width} px has controls of its own`).toBeGreaterThan(0);

    const labels: string[] = [];
    for (const { description, added: addedEvents } of results) {
      const added = addedEvents.filter(([, action]) => action === "button_click");
      expect(added, `one button click for ${description}`).toHaveLength(1);
      const label = String(added[0]?.[2].event_label ?? "");
      expect(label.trim(), `a label for ${description}`).not.toBe("");
      expect(label, `a label of its own for ${description}`).not.toMatch(/^(button|link)$/i);
      labels.push(label);
    }
    walked[width] = labels;
  }
  expect(walked[1280]).toEqual(expect.arrayContaining(["Spaces", "Community"]));
  expect(walked[375]).toEqual(expect.arrayContaining(["Menu"]));
  expect([...walked[1280]!, ...walked[375]!]).toEqual(expect.arrayContaining(pageLabels[path] ?? []));
}
