import { expect, test } from "./support/fixtures";

/**
 * /tour: the booking calendar, and SPEC.md's fallback asking the visitor to email to schedule. The
 * fallback stands beside the frame, where every browser shows it (an iframe's own content never shows).
 */
test.describe("the tour page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows the booking calendar and, beside it, the email fallback", async ({ page }) => {
    await page.goto("/tour");
    const frame = page.getByTitle("Book a tour of Ozark Foundry");
    await expect(frame).toBeVisible();
    expect(await frame.evaluate((element) => element.childNodes.length), "content inside the iframe").toBe(0);

    const fallback = page.getByText(/Booking calendar not showing\? Please email .+ to schedule your tour\./);
    await expect(fallback).toBeVisible();
    await expect(fallback.getByRole("link", { name: "hello@ozarkfoundry.example" })).toHaveAttribute(
      "href",
      "mailto:hello@ozarkfoundry.example",
    );
    // Right below the calendar, in the same card.
    const frameBox = await frame.boundingBox();
    const fallbackBox = await fallback.boundingBox();
    expect(fallbackBox!.y).toBeGreaterThanOrEqual(frameBox!.y + frameBox!.height - 1);
    expect(fallbackBox!.y).toBeLessThan(frameBox!.y + frameBox!.height + 40);
  });
});
