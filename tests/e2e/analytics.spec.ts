import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./support/fixtures";
import { siteRoutes } from "./support/routes";

type GtagEntry = [string, string, Record<string, unknown>];

function events(page: Page): Promise<GtagEntry[]> {
  return page.evaluate(
    () =>
      (window.dataLayer ?? [])
        .map((entry) => Array.from(entry as ArrayLike<unknown>))
        .filter((entry) => entry[0] === "event") as GtagEntry[],
  );
}

test.describe("analytics", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("records a page view on load and on every in-app navigation", async ({ page }) => {
    await page.goto("/members");
    await waitForHydration(page);
    await expect.poll(async () => (await events(page)).filter(([, action]) => action === "page_view").length).toBe(1);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
    await expect
      .poll(async () =>
        (await events(page)).filter(([, action]) => action === "page_view").map(([, , params]) => params.page_path),
      )
      .toEqual(["/members", "/terms"]);
    const [, , lastView] = (await events(page)).filter(([, action]) => action === "page_view").at(-1) as GtagEntry;
    expect(lastView.page_location).toMatch(/\/terms$/);
  });

  test("records clicks on the shared button", async ({ page }) => {
    await page.goto("/members");
    await waitForHydration(page);
    await page.getByRole("main").getByRole("link", { name: "Book a Tour" }).click();
    await expect(page).toHaveURL(/\/tour$/);
    const clicks = (await events(page)).filter(([, action]) => action === "button_click");
    expect(clicks).toEqual([["event", "button_click", { event_category: "engagement", event_label: "Book a Tour" }]]);
  });

  test("redacts labels that contain an at-sign", async ({ page }) => {
    await page.goto("/members");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "hello@ozarkfoundry.example" }).click();
    const contactClicks = (await events(page)).filter(([, action]) => action === "contact_click");
    expect(contactClicks).toEqual([
      ["event", "contact_click", { event_category: "contact", event_label: "[redacted]" }],
    ]);
    expect(JSON.stringify(await events(page))).not.toContain("@");
  });

  test("sends Core Web Vitals from real visits, from a module requested after the largest paint", async ({ page }) => {
    await page.goto("/coworking");
    await waitForHydration(page);
    const vitalsModule = () =>
      page.evaluate(() => {
        const entry = performance
          .getEntriesByType("resource")
          .find((candidate) => /\/assets\/web-vitals-[^/]+\.js$/.test(new URL(candidate.name).pathname));
        return entry ? entry.startTime : null;
      });
    await expect.poll(vitalsModule).not.toBeNull();
    const largestPaint = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
            type: "largest-contentful-paint",
            buffered: true,
          });
        }),
    );
    expect(await vitalsModule()).toBeGreaterThan(largestPaint);

    // An interaction (it ends LCP and is what INP measures), then the page is hidden: the final values go.
    // The module may still be starting when it has arrived: a click it did not see leaves LCP open, so
    // the heading is clicked until LCP is sent. The page is hidden only once the browser has timed the
    // interaction (its entries come after the next paint), or INP would have nothing to report yet.
    const sent = async (action: string) => (await events(page)).some(([, name]) => name === action);
    await expect
      .poll(async () => {
        await page.getByRole("heading", { level: 1 }).click();
        return sent("LCP");
      })
      .toBe(true);
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType("first-input").length)).toBe(1);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    const vitals = async () =>
      Object.fromEntries(
        (await events(page))
          .filter(([, action]) => ["LCP", "INP", "CLS"].includes(action))
          .map(([, action, params]) => [action, params]),
      );
    await expect.poll(async () => Object.keys(await vitals()).sort()).toEqual(["CLS", "INP", "LCP"]);
    const { LCP, CLS } = await vitals();
    expect(LCP).toMatchObject({ metric_id: expect.stringMatching(/\S/), non_interaction: true });
    expect(Number(LCP?.metric_value)).toBeGreaterThan(0);
    expect(Number(CLS?.metric_value)).toBeGreaterThanOrEqual(0);
    expect(Number(CLS?.metric_value)).toBeLessThan(0.1);
  });

  test("loads no analytics script when no measurement id is configured, before or after hydration", async ({
    page,
  }) => {
    const analyticsRequests: string[] = [];
    page.on("request", (request) => {
      if (/googletagmanager|google-analytics/.test(request.url())) analyticsRequests.push(request.url());
    });
    await page.goto("/");
    await waitForHydration(page);
    // The page's last module, the Core Web Vitals reporting, is asked for once the page is hydrated and
    // the browser idle: whatever the page adds after hydration has been added by then.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .some((entry) => /\/assets\/web-vitals-[^/]+\.js$/.test(new URL(entry.name).pathname)),
        ),
      )
      .toBe(true);
    // The page does record its view (into dataLayer, which nothing sends on).
    expect((await events(page)).filter(([, action]) => action === "page_view")).toHaveLength(1);
    await expect(page.locator('script[src*="googletagmanager"], script[src*="google-analytics"]')).toHaveCount(0);
    expect(analyticsRequests).toEqual([]);
  });
});

/**
 * Every control of every page, at both widths (the header's menus at 1280 px, the mobile menu at
 * 375 px): each click records one button click whose label says what was clicked. Controls are
 * buttons and disclosure summaries wherever they are, and the links that act as buttons (marked
 * `data-analytics`). The clicks are dispatched with their default action cancelled, so the walk
 * stays on the page: what is checked is what analytics records, not where a control leads.
 */
test.describe("every control records a button click with its label", () => {
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

  const walkedPaths = [...siteRoutes.map(({ path }) => path), "/gallery?tags=ext"];
  for (const path of walkedPaths) {
    // One load for both widths: every control visible at 1280 px is clicked there, then the page is
    // narrowed to 375 px and the controls that only show there (the mobile menu's) are clicked too. A
    // label does not depend on the width (it is the control's text or aria-label).
    test(path, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(path);
      await waitForHydration(page);
      // Streamed sections have arrived (images below the fold may still be loading lazily).
      await expect(page.locator("[aria-busy='true']:not(:has(img))")).toHaveCount(0, { timeout: 15_000 });
      await page.evaluate(() => window.addEventListener("click", (event) => event.preventDefault(), true));

      const walked: Record<number, string[]> = {};
      let end = 0;
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        // The visible controls not clicked yet, numbered on from those clicked at the wider width (some
        // of which a click replaced: a video tile's player).
        const first = end;
        end = await page.evaluate(
          ({ selector, start }) => {
            const visible = [...document.querySelectorAll<HTMLElement>(selector)].filter(
              (element) =>
                !element.hasAttribute("data-walk") &&
                element.checkVisibility() &&
                element.getBoundingClientRect().width > 0,
            );
            visible.forEach((element, index) => {
              element.dataset.walk = String(start + index);
            });
            return start + visible.length;
          },
          { selector: controls, start: first },
        );
        expect(end - first, `${path} at ${width} px has controls of its own`).toBeGreaterThan(0);

        const recorded: string[] = [];
        for (let index = first; index < end; index++) {
          // One round trip per control: what dataLayer held, the control, the click (the event that
          // Playwright's dispatchEvent sends), then what was added once the page has rendered twice.
          const { description, added: addedEvents } = await page
            .locator(`[data-walk="${index}"]`)
            .evaluate(async (element) => {
              const recorded = () =>
                (window.dataLayer ?? [])
                  .map((entry) => Array.from(entry as ArrayLike<unknown>))
                  .filter((entry) => entry[0] === "event") as GtagEntry[];
              const before = recorded().length;
              const description = element.outerHTML.slice(0, 160);
              element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, composed: true }));
              await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
              return { description, added: recorded().slice(before) };
            });
          const added = addedEvents.filter(([, action]) => action === "button_click");
          expect(added, `one button click for ${description}`).toHaveLength(1);
          const label = String(added[0]?.[2].event_label ?? "");
          expect(label.trim(), `a label for ${description}`).not.toBe("");
          expect(label, `a label of its own for ${description}`).not.toMatch(/^(button|link)$/i);
          recorded.push(label);
        }
        walked[width] = recorded;
      }
      expect(walked[1280]).toEqual(expect.arrayContaining(["Spaces", "Community"]));
      expect(walked[375]).toEqual(expect.arrayContaining(["Menu"]));
      expect([...walked[1280]!, ...walked[375]!]).toEqual(expect.arrayContaining(pageLabels[path] ?? []));
    });
  }
});
