import { privacyPolicy, termsOfService } from "../../app/content/legal.ts";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./support/fixtures";

/**
 * The legal pages' texts belong to the hub (`legalText` entries in the content service); the site's
 * built-in texts are the fallback. /privacy shows its policy (docs/decisions/010-privacy-and-terms-from-the-content.md).
 */

const legalEntry = (slug: string, fields: Record<string, unknown>) => ({
  sys: {
    id: `legalText-${slug}`,
    type: "Entry",
    contentType: { sys: { type: "Link", linkType: "ContentType", id: "legalText" } },
  },
  fields: { slug, ...fields },
});
const paragraph = (value: string) => ({
  nodeType: "paragraph",
  data: {},
  content: [{ nodeType: "text", value, marks: [], data: {} }],
});
const heading = (value: string) => ({ ...paragraph(value), nodeType: "heading-2" });

test("the demo's pages show the texts its content service holds, with their contents", async ({ page }) => {
  for (const [path, text] of [
    ["/terms", termsOfService],
    ["/privacy", privacyPolicy],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(text.dateLine)).toBeVisible();
    const contents = page.getByRole("navigation", { name: "Contents" }).getByRole("link");
    await expect(contents).toHaveText(text.sections.map((section) => section.heading));
    await expect(page.getByRole("heading", { level: 2, name: text.sections[0]!.heading })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Analytics" })).toHaveAttribute("href", "#analytics");
});

test("an edited text in the content service replaces the built-in one", async ({ page, isolatedSite }) => {
  isolatedSite.content.faults.add({
    pathIncludes: "content_type=legalText",
    status: 200,
    body: {
      sys: { type: "Array" },
      total: 1,
      skip: 0,
      limit: 1,
      items: [
        legalEntry("terms", {
          title: "Terms of Service",
          dateLine: "Effective January 5, 2027",
          introduction: "Our counsel rewrote these terms.",
          body: {
            nodeType: "document",
            data: {},
            content: [
              heading("1. Who we are"),
              paragraph("Ozark Foundry runs the building."),
              heading("2. Arkansas law"),
              paragraph("Arkansas law governs these terms."),
            ],
          },
        }),
      ],
    },
  });
  await page.goto(`${isolatedSite.url}/terms`);
  await waitForHydration(page);
  await expect(page.getByText("Effective January 5, 2027")).toBeVisible();
  await expect(page.getByText("Our counsel rewrote these terms.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Contents" }).getByRole("link")).toHaveText([
    "1. Who we are",
    "2. Arkansas law",
  ]);
  await expect(page.getByText(termsOfService.dateLine)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("when the content service cannot give the text, the built-in one is shown", async ({ page, isolatedSite }) => {
  isolatedSite.content.faults.add({
    pathIncludes: "content_type=legalText",
    status: 400,
    body: { sys: { type: "Error", id: "BadRequest" }, message: "The query is invalid" },
  });
  await page.goto(`${isolatedSite.url}/privacy`);
  await expect(page.getByText(privacyPolicy.dateLine)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: privacyPolicy.sections[0]!.heading })).toBeVisible();
  expect(isolatedSite.output()).toContain("Error loading the privacy text; showing the built-in one");
});
