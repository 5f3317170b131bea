import { entriesOf, fieldOf } from "./support/dataset";
import { expect, test, waitForHydration } from "./support/fixtures";

/** /partners: the partners, ordered, with their details (docs/pages.md). */

const partners = entriesOf("partners")
  .map((entry) => ({
    name: fieldOf(entry, "name"),
    type: fieldOf(entry, "type"),
    order: fieldOf<number>(entry, "order"),
    partnerSince: String(fieldOf<string | number>(entry, "partnerSince")),
    website: fieldOf(entry, "website"),
    benefits: fieldOf<string[]>(entry, "benefits"),
  }))
  .map((partner) => ({ ...partner, since: partner.partnerSince.slice(0, 4) }))
  .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));

test("lists every partner in order with logo, badge, location, year and website; Learn More shows the details", async ({
  page,
}) => {
  await page.goto("/partners");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Community Partners");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(partners.length);
  await expect(cards.getByRole("heading", { level: 3 })).toHaveText(partners.map((partner) => partner.name));
  const first = partners[0]!;
  const card = cards.first();
  const type = `${first.type.charAt(0).toUpperCase()}${first.type.slice(1)}`;
  await expect(card.getByText(`${type} Partner`, { exact: true })).toBeVisible();
  await expect(card.getByText(`Partner since ${first.since}`)).toBeVisible();
  await expect(card.getByRole("img", { name: `${first.name} logo` })).toBeVisible();
  const website = card.getByRole("link", { name: /^Visit Website/ });
  await expect(website).toHaveAttribute("href", first.website);
  await expect(website).toHaveAttribute("target", "_blank");
  await expect(website).toHaveAttribute("rel", "noopener noreferrer");
  // A date (not only a year) gives its year.
  const dated = partners.find((partner) => /^\d{4}-\d{2}-\d{2}/.test(partner.partnerSince));
  expect(dated, "the demo has a partner whose start is a date").toBeDefined();
  await expect(
    cards.filter({ hasText: dated!.name }).getByText(`Partner since ${dated!.since}`, { exact: true }),
  ).toBeVisible();

  // Learn More reveals the details and Show Less hides them, by mouse and keyboard.
  const details = card.getByText("Partnership Benefits");
  await expect(details).toBeHidden();
  await card.getByText("Learn More").click();
  await expect(details).toBeVisible();
  await expect(card.getByText("Joint Initiatives")).toBeVisible();
  await expect(card.getByText(partners[0]!.benefits[0]!)).toBeVisible();
  await expect(card.getByText("Show Less")).toBeVisible();
  await card.getByText("Show Less").click();
  await expect(details).toBeHidden();
  await card.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(details).toBeVisible();
  await expect(card.locator("summary")).toHaveText(/Show Less/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the details still open", async ({ page }) => {
    await page.goto("/partners");
    const card = page.getByRole("article").first();
    await card.getByText("Learn More").click();
    await expect(card.getByText("Partnership Benefits")).toBeVisible();
  });
});

test.describe("states driven through the content service", () => {
  test("three skeletons while loading", async ({ page, isolatedSite }) => {
    const partnersLoad = Promise.withResolvers<void>();
    isolatedSite.content.faults.add({ pathIncludes: "content_type=partners", until: partnersLoad.promise });
    await page.goto(`${isolatedSite.url}/partners`, { waitUntil: "commit" });
    const skeleton = page.locator('[aria-busy="true"][aria-label="Loading partners"]');
    await expect(skeleton).toBeVisible();
    await expect(skeleton.locator("li")).toHaveCount(3);
    partnersLoad.resolve();
    await expect(page.getByRole("article")).toHaveCount(partners.length, { timeout: 10_000 });
  });

  test("the error message", async ({ page, isolatedSite }) => {
    isolatedSite.content.faults.add({ pathIncludes: "content_type=partners", status: 400, body: { message: "x" } });
    await page.goto(`${isolatedSite.url}/partners`);
    await expect(page.getByRole("alert")).toHaveText("Error loading partners. Please try again later.");
  });

  test("the empty message, also when every entry is malformed", async ({ page, isolatedSite }) => {
    isolatedSite.content.faults.add({
      pathIncludes: "content_type=partners",
      status: 200,
      body: {
        sys: { type: "Array" },
        total: 1,
        skip: 0,
        limit: 100,
        items: [{ sys: { id: "bad", type: "Entry" }, fields: { name: 7 } }],
      },
    });
    await page.goto(`${isolatedSite.url}/partners`);
    await expect(page.getByText("No partners available at this time.")).toBeVisible();
  });
});
