import { bookingOptions, limitedTimeOffer, thinkLounge } from "../../app/content/pricing";
import { coworking, eventSpaces, meetingRoomsPage } from "../../app/content/spaces";
import { expect, test, waitForHydration } from "./support/fixtures";
import { jsonLdBlocks } from "./support/json-ld";

/** The space and marketing pages (docs/pages.md): sections in order, links, FAQ, video, booking, JSON-LD. */

async function sectionHeadings(page: import("@playwright/test").Page): Promise<string[]> {
  return page
    .locator("main h2")
    .evaluateAll((headings) =>
      headings
        .filter((heading) => !heading.closest(".sr-only") && !heading.classList.contains("sr-only"))
        .map((h) => h.textContent?.trim() ?? ""),
    );
}

async function stubVideoHosts(page: import("@playwright/test").Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route(/youtube|ytimg|vimeo/, async (route) => {
    requests.push(route.request().url());
    await route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title>" });
  });
  return requests;
}

test.describe("home", () => {
  test("has the nine sections in order, with their links; View Pricing scrolls to the plans", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    expect(await sectionHeadings(page)).toEqual([
      "What brings you to the Foundry?",
      "Upcoming Events",
      "Everything you need to do your best work",
      "Simple, flexible memberships",
      "Success Stories",
      "Host it in the Think Lounge",
      "Latest News",
      "Schedule Your Tour",
    ]);
    const hero = page.locator("[data-hero-slug=home]");
    await expect(hero.getByRole("link", { name: "Book a Tour" })).toHaveAttribute("href", "/tour");
    for (const [name, href] of [
      ["Work Remotely", "/coworking"],
      ["Grow Your Business", "/private-offices"],
      ["Host or Attend Events", "/event-spaces"],
      ["Meet with Clients", "/meeting-rooms"],
    ] as const) {
      await expect(page.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", href);
    }
    const events = page.getByRole("region", { name: "Upcoming Events" }).getByRole("article");
    expect(await events.count()).toBeGreaterThan(0);
    expect(await events.count()).toBeLessThanOrEqual(3);
    const plans = page.getByRole("region", { name: "Simple, flexible memberships" });
    await expect(plans.getByRole("heading", { level: 3 })).toHaveText([
      "Coworking Membership",
      "Dedicated Desk",
      "Private Office",
    ]);
    await expect(plans.getByText("$50", { exact: true })).toBeVisible();
    await expect(plans.getByText("$250", { exact: true })).toBeVisible();
    await expect(plans.getByText("$650", { exact: true })).toBeVisible();
    await expect(plans.getByText("Most Popular")).toBeVisible();
    await expect(page.getByRole("region", { name: "Success Stories" }).getByRole("article")).toHaveCount(2);
    await expect(page.getByRole("region", { name: "Host it in the Think Lounge" }).getByRole("link")).toHaveAttribute(
      "href",
      "/event-spaces",
    );
    await expect(page.getByRole("region", { name: "Latest News" }).getByRole("article")).toHaveCount(3);
    const cta = page.getByRole("region", { name: "Schedule Your Tour" });
    await expect(cta.getByRole("link", { name: "Schedule Your Tour" })).toHaveAttribute("href", "/tour");
    await expect(cta.getByRole("link", { name: "Join Today" })).toHaveAttribute("href", "/contact");
    await expect(cta.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");

    // View Pricing scrolls to the plans.
    await page.locator("[data-hero-slug=home]").getByRole("link", { name: "View Pricing" }).click();
    await expect(page.locator("#pricing")).toBeInViewport();
    expect(page.url()).toMatch(/#pricing$/);
  });

  test("the events section is left out when the events service fails", async ({ page, isolatedSite }) => {
    isolatedSite.events.faults.add({ pathIncludes: "/events?", status: 500, body: {} });
    await page.goto(isolatedSite.url);
    await expect(page.getByRole("heading", { name: "Simple, flexible memberships" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Upcoming Events" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Latest News" })).toBeVisible();
  });

  test("with a slow content service the page arrives first and the sections stream in after", async ({
    isolatedSite,
  }) => {
    // Only what the stories section needs is held, until the page with its skeleton has arrived.
    const storiesLoad = Promise.withResolvers<void>();
    isolatedSite.content.faults.add({ pathIncludes: "content_type=successStory", until: storiesLoad.promise });
    const response = await fetch(isolatedSite.url, {
      headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36" },
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const chunks: string[] = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      chunks.push(decoder.decode(chunk.value));
      if (chunks.at(-1)!.includes("Loading success stories")) storiesLoad.resolve();
    }
    const firstWith = (text: string | RegExp) =>
      chunks.findIndex((chunk) => (typeof text === "string" ? chunk.includes(text) : text.test(chunk)));
    // The page, with its hero and a skeleton where the stories go, arrives in an earlier part of the
    // stream than the stories themselves.
    const heading = firstWith("Where Batesville gets to work");
    const skeleton = firstWith("Loading success stories");
    const stories = firstWith(/From the Kitchen Table to a Community Table|Growing from One Desk to a Team Office/);
    expect(heading).toBeGreaterThanOrEqual(0);
    expect(skeleton).toBeGreaterThanOrEqual(heading);
    expect(stories).toBeGreaterThan(skeleton);
  });

  test("a crawler gets the whole page at once", async ({ isolatedSite }) => {
    // The stories are held until the site has asked for them: the crawler's page waits for them.
    const storiesLoad = Promise.withResolvers<void>();
    isolatedSite.content.faults.add({ pathIncludes: "content_type=successStory", until: storiesLoad.promise });
    const answer = fetch(isolatedSite.url, { headers: { "User-Agent": "Googlebot/2.1" } });
    await expect
      .poll(() => isolatedSite.content.faults.requests.some((entry) => entry.url.includes("content_type=successStory")))
      .toBe(true);
    storiesLoad.resolve();
    const html = await (await answer).text();
    expect(html).not.toContain("Loading success stories");
    expect(html).toMatch(/From the Kitchen Table to a Community Table/);
  });
});

test.describe("the FAQ", () => {
  // With JavaScript: in the /coworking test below (space pages).
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("still opens one answer at a time", async ({ page }) => {
      await page.goto("/meeting-rooms");
      const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
      const [first, second] = meetingRoomsPage.faqs;
      await faq.getByText(first!.question).click();
      await expect(faq.getByText(first!.answer)).toBeVisible();
      await faq.getByText(second!.question).click();
      await expect(faq.getByText(first!.answer)).toBeHidden();
    });
  });
});

/**
 * Whether keyboard focus on a control shows: the control matches `:focus-visible`, and a focus outline
 * is drawn outside the nearest box that clips the control (a video tile's rounded frame), where
 * nothing inside covers it and the clip does not cut it: the control's own outline when nothing clips
 * it, else the frame's. (An outline inside the control was covered by its poster.)
 */
function focusOutlineShows(element: import("@playwright/test").Locator): Promise<boolean | string> {
  return element.evaluate((focused) => {
    if (!focused.matches(":focus-visible")) return "not :focus-visible";
    let clip = focused.parentElement;
    while (clip && getComputedStyle(clip).overflow === "visible") clip = clip.parentElement;
    const drawnBy = clip && clip !== document.body && clip !== document.documentElement ? clip : focused;
    const style = getComputedStyle(drawnBy);
    return (
      style.outlineStyle !== "none" &&
      Number.parseFloat(style.outlineWidth) >= 2 &&
      Number.parseFloat(style.outlineOffset) >= 0
    );
  });
}

/** Waits until a `<video>` has decoded frames and its clock runs: the clip really plays. */
async function expectPlaying(video: import("@playwright/test").Locator): Promise<void> {
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState >= 2 && element.currentTime > 0), {
      timeout: 10_000,
    })
    .toBe(true);
  expect(await video.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBeGreaterThan(0);
}

test.describe("video tours on a live site", () => {
  const siteVideos = (items: unknown[]) => ({
    pathIncludes: "content_type=siteVideo",
    status: 200,
    body: { sys: { type: "Array" }, total: items.length, skip: 0, limit: 100, items },
  });
  const siteVideo = (key: string, fields: Record<string, string>) => ({
    sys: {
      id: `siteVideo-${key}`,
      type: "Entry",
      contentType: { sys: { type: "Link", linkType: "ContentType", id: "siteVideo" } },
    },
    fields: { key, ...fields },
  });

  test("a tour whose entry has no address shows its poster without a Play button", async ({ page, isolatedSite }) => {
    const [floor, members] = coworking.videos;
    isolatedSite.content.faults.add(
      siteVideos([
        siteVideo(floor!.key, { title: "No video yet" }),
        siteVideo(members!.key, { videoUrl: "https://vimeo.com/76979871" }),
      ]),
    );
    await page.goto(`${isolatedSite.url}/coworking`);
    await waitForHydration(page);
    const tours = page.getByRole("region", { name: "Take a look around" });
    const tiles = tours.getByRole("listitem");
    await expect(tiles).toHaveCount(2);
    // The poster is shown, and nothing to press.
    await expect(tiles.first().locator("img")).toHaveAttribute("src", /\/images\/fallback\/home-/);
    await expect(tiles.first().getByRole("button")).toHaveCount(0);
    await expect(tiles.first().getByRole("link")).toHaveCount(0);
    await expect(tiles.nth(1).getByRole("button", { name: `Play video: ${members!.title}` })).toBeVisible();
  });

  test("without a siteVideo entry a tour keeps its built-in address", async ({ page, isolatedSite }) => {
    const requests = await stubVideoHosts(page);
    isolatedSite.content.faults.add(siteVideos([]));
    await page.goto(`${isolatedSite.url}/coworking`);
    await waitForHydration(page);
    const tours = page.getByRole("region", { name: "Take a look around" });
    await tours.getByRole("button", { name: `Play video: ${coworking.videos[0]!.title}` }).click();
    await expect(tours.locator("iframe")).toHaveAttribute("src", `${coworking.videos[0]!.defaultVideoUrl}?autoplay=1`);
    await expect.poll(() => requests.length).toBe(1);
  });
});

test.describe("space pages", () => {
  for (const { path, sections, cta } of [
    {
      path: "/private-offices",
      sections: [
        "An office of your own, inside a community",
        "See the offices",
        "Choose the right size",
        "Success Stories",
        "Included with every office",
        "Frequently Asked Questions",
        "Find the right office for your team",
      ],
      cta: "/tour",
    },
    {
      path: "/meeting-rooms",
      sections: [
        "Rooms that make a good impression",
        "See the rooms",
        "Two rooms, booked by the hour",
        "Success Stories",
        "Everything a meeting needs",
        "Frequently Asked Questions",
        "Need a room for your next meeting?",
      ],
      cta: "/contact",
    },
  ]) {
    test(`${path} has its sections in order and its call to action`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      expect(await sectionHeadings(page)).toEqual(sections);
      const last = page.getByRole("region", { name: sections.at(-1) });
      await expect(last.getByRole("link").first()).toHaveAttribute("href", cta);
      await expect(page.getByRole("region", { name: "Success Stories" }).getByRole("article").first()).toBeVisible();
    });
  }

  // One load of /coworking for its sections, its FAQ and a video tour.
  test("/coworking has its sections in order and its call to action; the FAQ; a video tour", async ({ page }) => {
    const hostRequests = await stubVideoHosts(page);
    const clipRequests: string[] = [];
    page.on("request", (request) => {
      if (/\.mp4(\?|$)/.test(request.url())) clipRequests.push(request.url());
    });
    await page.goto("/coworking");
    await waitForHydration(page);
    expect(await sectionHeadings(page)).toEqual([
      "A better place to get work done",
      "Take a look around",
      "Coworking memberships",
      "Success Stories",
      "Everything you need, included",
      "Frequently Asked Questions",
      "Come work with us for a day",
    ]);
    await expect(
      page.getByRole("region", { name: "Come work with us for a day" }).getByRole("link").first(),
    ).toHaveAttribute("href", "/tour");
    await expect(page.getByRole("region", { name: "Success Stories" }).getByRole("article").first()).toBeVisible();

    await test.step("the FAQ opens one answer at a time; the open one closes when clicked; keyboard works", async () => {
      const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
      const [first, second] = coworking.faqs;
      const firstAnswer = faq.getByText(first!.answer);
      const secondAnswer = faq.getByText(second!.answer);
      await expect(firstAnswer).toBeHidden();
      await faq.getByText(first!.question).click();
      await expect(firstAnswer).toBeVisible();
      await faq.getByText(second!.question).click();
      await expect(secondAnswer).toBeVisible();
      await expect(firstAnswer).toBeHidden();
      await faq.getByText(second!.question).click();
      await expect(secondAnswer).toBeHidden();
      await faq.locator("summary").first().focus();
      await page.keyboard.press("Enter");
      await expect(firstAnswer).toBeVisible();
      await page.keyboard.press("Space");
      await expect(firstAnswer).toBeHidden();
    });

    await test.step("a video tour loads nothing until played, then plays the demo's own clip inline", async () => {
      const tours = page.getByRole("region", { name: "Take a look around" });
      await expect(tours.getByRole("button", { name: /^Play video: / })).toHaveCount(2);
      await expect(page.locator("iframe, video")).toHaveCount(0);
      expect(clipRequests).toEqual([]);
      // From the keyboard: Play shows its focus, is replaced by the player, and focus goes on to the
      // player, which shows it too (around the tile's frame, which clips what is inside it).
      const play = tours.getByRole("button", { name: `Play video: ${coworking.videos[0]!.title}` });
      await play.focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      await expect(play).toBeFocused();
      expect(await focusOutlineShows(play)).toBe(true);
      await page.keyboard.press("Enter");
      const video = tours.locator("video");
      await expect(video).toHaveAttribute("src", /^\/_demo\/content\/.+\/video-tour-coworking-floor\.mp4$/);
      await expect(video).toHaveAccessibleName(coworking.videos[0]!.title);
      // Its controls come in the task after its first frame (VideoPlayer.tsx), and focus with them.
      await expect(video).toHaveJSProperty("controls", true);
      await expect(video).toBeFocused();
      expect(await focusOutlineShows(video)).toBe(true);
      await expectPlaying(video);
      expect(clipRequests.length).toBeGreaterThan(0);
      // Offline: nothing was asked of an outside video host.
      expect(hostRequests).toEqual([]);
    });
  });

  test("meeting rooms has 'Inquire About Membership' to /contact, in the server's HTML", async ({ request }) => {
    const html = await (await request.get("/meeting-rooms")).text();
    expect(html).toMatch(/<a[^>]*href="\/contact"[^>]*>(?:(?!<\/a>)[\s\S])*Inquire About Membership/);
  });

  test("a page without stories says so", async ({ page, isolatedSite }) => {
    isolatedSite.content.faults.add({
      pathIncludes: "content_type=successStory",
      status: 200,
      body: { sys: { type: "Array" }, total: 0, skip: 0, limit: 2, items: [] },
    });
    await page.goto(`${isolatedSite.url}/coworking`);
    await expect(page.getByText("No success stories available at this time.")).toBeVisible();
  });
});

test.describe("the Think Lounge", () => {
  test("has its sections, benefits and features, and scrolls to the tour and booking", async ({ page }) => {
    await page.goto("/event-spaces");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Think Lounge");
    expect(await sectionHeadings(page)).toEqual([
      "The perfect event space",
      "Space configurations",
      "Book The Think Lounge",
      "Success Stories",
      "Everything your event needs",
      "Frequently Asked Questions",
      "Planning an event?",
    ]);
    const benefits = page.getByRole("region", { name: "The perfect event space" });
    await expect(benefits.getByRole("heading", { level: 3 })).toHaveText([
      "Flexible capacity",
      "Premium AV",
      "Full service",
    ]);
    await expect(benefits.getByText(`Up to ${thinkLounge.theaterCapacity} people`)).toBeVisible();
    const features = page.getByRole("region", { name: "Everything your event needs" });
    await expect(features.getByRole("heading", { level: 3 })).toHaveText(
      eventSpaces.features.map((feature) => feature.title),
    );
    await expect(features.getByRole("heading", { level: 3 })).toHaveCount(8);
    await expect(
      page.getByRole("region", { name: "Planning an event?" }).getByRole("link", { name: "Schedule Consultation" }),
    ).toHaveAttribute("href", "/tour");

    await page.getByRole("link", { name: "Virtual Tour" }).click();
    await expect(page.locator("#showcase")).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("link", { name: "Book Now" }).click();
    await expect(page.locator("#booking")).toBeInViewport();
  });

  test("the server HTML carries LocalBusiness and FAQPage data", async ({ request }) => {
    const html = await (await request.get("/event-spaces")).text();
    const blocks = jsonLdBlocks(html);
    const business = blocks.find((block) => block["@type"] === "LocalBusiness");
    expect(business).toMatchObject({ priceRange: "$150-$550", address: { addressRegion: "AR", postalCode: "72501" } });
    const faq = blocks.find((block) => block["@type"] === "FAQPage");
    expect(faq?.mainEntity).toHaveLength(eventSpaces.faqs.length);
    expect(faq?.mainEntity[0]).toMatchObject({ "@type": "Question", acceptedAnswer: { "@type": "Answer" } });
  });

  test("stories are left out when none exist for the page", async ({ page, isolatedSite }) => {
    isolatedSite.content.faults.add({
      pathIncludes: "content_type=successStory",
      status: 200,
      body: { sys: { type: "Array" }, total: 0, skip: 0, limit: 2, items: [] },
    });
    await page.goto(`${isolatedSite.url}/event-spaces`);
    await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Success Stories" })).toHaveCount(0);
    await expect(page.getByText("No success stories available at this time.")).toHaveCount(0);
  });
});

test.describe("booking the Think Lounge", () => {
  test("options, promo prices, selecting, replacing and closing the form", async ({ page }) => {
    await page.goto("/event-spaces");
    await waitForHydration(page);
    const booking = page.getByRole("region", { name: "Book The Think Lounge" });
    await expect(booking.getByText(limitedTimeOffer)).toBeVisible();
    await expect(booking.getByRole("heading", { level: 3 })).toContainText([
      "Two-Hour Event",
      "Full Day",
      "Half Day",
      "Ready to Book?",
    ]);
    const full = bookingOptions.fullDay;
    const fullCard = booking.locator("li").filter({ hasText: full.title });
    await expect(fullCard.getByText("PROMO")).toBeVisible();
    await expect(fullCard.locator("s")).toHaveText(`$${full.originalPrice}`);
    await expect(fullCard.getByText("Regular:")).toBeVisible();
    await expect(fullCard.getByText(`SAVE ${full.originalPrice! - full.price}$`)).toBeVisible();
    await expect(booking.locator("li").filter({ hasText: "Two-Hour Event" }).getByText("PROMO")).toHaveCount(0);
    for (const claim of ["Instant confirmation", "Secure payment", "24/7 support"])
      await expect(booking.getByText(claim)).toBeVisible();

    // The choice is a radio group; its labels are what a visitor taps.
    const option = (title: string) => booking.getByRole("radio", { name: `Select: ${title}` });
    const choose = (title: string) => option(title).locator("xpath=..").click();
    await choose(full.title);
    await expect(option(full.title)).toBeChecked();
    const form = booking.getByRole("region", { name: `Book the Think Lounge: ${full.title}` });
    const frame = form.locator("iframe");
    await expect(frame).toHaveAttribute("src", "/_demo/booking/widget/booking/think-lounge-full-day");
    await expect(form.getByRole("link", { name: "Open in New Tab" })).toHaveAttribute(
      "href",
      "/_demo/booking/widget/booking/think-lounge-full-day",
    );
    await expect(form.getByRole("link", { name: "Open in New Tab" })).toHaveAttribute("target", "_blank");
    await expect(page.frameLocator("iframe").getByRole("heading", { level: 1 })).toHaveText(/Full Day/);
    await expect(form.getByText("Loading booking form...")).toHaveCount(0);
    await expect(booking.getByText("Ready to Book?")).toBeHidden();

    await choose("Half Day");
    await expect(
      booking.getByRole("region", { name: "Book the Think Lounge: Half Day" }).locator("iframe"),
    ).toHaveAttribute("src", "/_demo/booking/widget/booking/think-lounge-half-day");
    await expect(option(full.title)).not.toBeChecked();
    await booking.getByRole("button", { name: "Close booking form" }).click();
    await expect(booking.locator("iframe")).toHaveCount(0);
    await expect(booking.getByText("Ready to Book?")).toBeVisible();
    await expect(option("Half Day")).not.toBeChecked();
  });

  test("a frame that does not load: the message after five seconds, then Retry", async ({ page }) => {
    // The page's clock, moved on by hand: five seconds pass at once.
    await page.clock.install();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    await page.route("**/_demo/booking/widget/booking/think-lounge-two-hour", async (route) => {
      calls += 1;
      if (calls === 1) await held;
      await route.continue().catch(() => {});
    });
    await page.goto("/event-spaces");
    await waitForHydration(page);
    const booking = page.getByRole("region", { name: "Book The Think Lounge" });
    await booking.getByRole("radio", { name: "Select: Two-Hour Event" }).locator("xpath=..").click();
    await expect(booking.getByRole("status")).toHaveText("Loading booking form...");
    const alert = booking.getByRole("alert");
    await expect(alert).toHaveCount(0);
    await page.clock.fastForward(5_000);
    await expect(alert).toContainText("There was an issue loading the booking form.");
    await expect(alert).toContainText("Open in New Tab");
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(booking.getByText("There was an issue loading the booking form.")).toHaveCount(0);
    await expect(page.frameLocator("iframe").getByRole("heading", { level: 1 })).toHaveText(/Two-Hour Event/);
    expect(calls).toBe(2);
    release();
    // Staff see which option was picked and what was retried.
    const clickLabels = await page.evaluate(() =>
      (window.dataLayer ?? [])
        .map((entry) => Array.from(entry as ArrayLike<unknown>))
        .filter((entry) => entry[1] === "button_click")
        .map((entry) => (entry[2] as { event_label?: string }).event_label),
    );
    expect(clickLabels).toEqual(["Select: Two-Hour Event", "Retry: booking form (Two-Hour Event)"]);
  });

  test("the frame's height follows the window: 80% of its height less the header, 400 to 600 px", async ({ page }) => {
    // One load: the frame's height is set by a script that follows resizes, from the first width on.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/event-spaces");
    await waitForHydration(page);
    await page.getByRole("radio", { name: "Select: Half Day" }).locator("xpath=..").click();
    const frameHeight = async () => Math.round((await page.locator("iframe").boundingBox())?.height ?? 0);
    for (const { viewport, expected } of [
      { viewport: { width: 375, height: 812 }, expected: Math.max(400, Math.round(812 * 0.8 - 120)) },
      { viewport: { width: 375, height: 560 }, expected: 400 },
      { viewport: { width: 1280, height: 800 }, expected: 600 },
    ]) {
      await page.setViewportSize(viewport);
      await expect.poll(frameHeight, `at ${viewport.width}×${viewport.height}`).toBe(expected);
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("each option links to its calendar", async ({ page }) => {
      await page.goto("/event-spaces");
      const link = page.getByRole("link", { name: /^Book Full Day/ });
      await expect(link).toHaveAttribute("href", "/_demo/booking/widget/booking/think-lounge-full-day");
      await expect(link).toHaveAttribute("target", "_blank");
    });
  });
});

test("the tour page has the booking widget, the email fallback below it and the contact cards", async ({ page }) => {
  await page.goto("/tour");
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book Your Free Tour");
  const frame = page.getByTitle("Book a tour of Ozark Foundry");
  await expect(frame).toHaveAttribute("src", "/_demo/booking/widget/booking/tour");
  await expect(page.frameLocator("iframe").getByRole("heading", { level: 1 })).toHaveText("Tour of Ozark Foundry");

  // The fallback for browsers without frames stands right below the frame, where every browser shows
  // it (an iframe's own content never shows).
  expect(await frame.evaluate((element) => element.childNodes.length), "content inside the iframe").toBe(0);
  const fallback = main.getByText(/^Booking calendar not showing\? Please email .+ to schedule your tour\.$/);
  await expect(fallback).toBeVisible();
  await expect(fallback.getByRole("link", { name: "hello@ozarkfoundry.example" })).toHaveAttribute(
    "href",
    "mailto:hello@ozarkfoundry.example",
  );
  const frameBox = await frame.boundingBox();
  const fallbackBox = await fallback.boundingBox();
  expect(fallbackBox!.y - (frameBox!.y + frameBox!.height)).toBeGreaterThanOrEqual(0);
  expect(fallbackBox!.y - (frameBox!.y + frameBox!.height)).toBeLessThan(40);

  const cards = main.getByRole("listitem");
  await expect(cards.getByRole("link", { name: "(870) 555-0142" })).toHaveAttribute("href", "tel:+18705550142");
  await expect(cards.getByRole("link", { name: "hello@ozarkfoundry.example" })).toHaveAttribute(
    "href",
    "mailto:hello@ozarkfoundry.example",
  );
  await expect(cards.getByText("118 Foundry Lane")).toBeVisible();
});
