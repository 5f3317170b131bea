// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PublicConfig } from "~/domain/public-config";
import type { ImageAsset } from "~/domain/cms-types";
import { SiteConfigProvider } from "~/browser/site-config";
import { PageHero, type PageHeroProps } from "./PageHero";

const config: PublicConfig = {
  siteUrl: "https://hub.example",
  contentSiteId: "cchub",
  timeZone: "America/Chicago",
  gaMeasurementId: null,
  bookingWidgetUrl: "https://booking.example",
  eventsPublicUrl: "https://events.example",
};

const background: ImageAsset = {
  id: "hero-press",
  url: "https://images.ctfassets.net/space/hero-press/token/press.webp",
  title: "Press hero",
  description: "",
  width: 1920,
  height: 1080,
  contentType: "image/webp",
};

const fallbackImage = { src: "/images/fallback/company-1280.webp", srcSet: "/images/fallback/company-640.webp 640w" };

function renderHero(props: Partial<PageHeroProps> = {}) {
  return render(
    <SiteConfigProvider config={config}>
      <PageHero
        slug="press"
        title="Press"
        description="News and media resources."
        fallbackImage={fallbackImage}
        background={null}
        site="cchub"
        {...props}
      >
        <a href="/contact">Contact</a>
      </PageHero>
    </SiteConfigProvider>,
  );
}

afterEach(cleanup);

describe("PageHero", () => {
  it("shows the title, description and children over the content service's background", () => {
    const { container } = renderHero({ background });
    expect(screen.getByRole("heading", { level: 1, name: "Press" })).toBeTruthy();
    expect(screen.getByText("News and media resources.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Contact" })).toBeTruthy();
    const image = container.querySelector("img");
    expect(image?.getAttribute("src")).toBe(`${background.url}?fm=webp&w=960&q=70`);
    expect(image?.getAttribute("srcset")).toContain(`${background.url}?fm=webp&w=1920&q=70 1920w`);
    expect(image?.getAttribute("fetchpriority")).toBe("high");
    expect(image?.getAttribute("alt")).toBe("");
    // AVIF first, for browsers that take it, at the same widths; the image itself is the WebP.
    const avif = container.querySelector('picture > source[type="image/avif"]');
    expect(avif?.nextElementSibling).toBe(image);
    expect(avif?.getAttribute("srcset")).toContain(`${background.url}?fm=avif&w=800&q=45 800w`);
    expect(avif?.getAttribute("sizes")).toBe("100vw");
  });

  it("offers only the page's own WebP, with no AVIF source, when the content has no background", () => {
    const { container } = renderHero();
    expect(container.querySelector("picture > source")).toBeNull();
    expect(container.querySelector("picture > img")?.getAttribute("srcset")).toBe(fallbackImage.srcSet);
  });

  it("uses the fallback image when the content has no background", () => {
    const { container } = renderHero();
    expect(container.querySelector("img")?.getAttribute("src")).toBe(fallbackImage.src);
  });

  it("pulses until its image has loaded", () => {
    const { container } = renderHero({ background });
    const frame = container.querySelector("[aria-busy]");
    expect(frame?.getAttribute("aria-busy")).toBe("true");
    expect(frame?.querySelector(".animate-pulse")).not.toBeNull();
    fireEvent.load(container.querySelector("img") as HTMLImageElement);
    expect(frame?.getAttribute("aria-busy")).toBe("false");
    expect(frame?.querySelector(".animate-pulse")).toBeNull();
  });

  it("swaps to the page's own image when the background fails to load, then stops pulsing", () => {
    const { container } = renderHero({ background });
    fireEvent.error(container.querySelector("img") as HTMLImageElement);
    const image = container.querySelector("img");
    expect(image?.getAttribute("src")).toBe(fallbackImage.src);
    const frame = container.querySelector("[aria-busy]");
    expect(frame?.getAttribute("aria-busy")).toBe("true");
    fireEvent.load(image as HTMLImageElement);
    expect(frame?.getAttribute("aria-busy")).toBe("false");
  });

  it("stops pulsing and hides the broken image when even the fallback image fails", () => {
    const { container } = renderHero({ background });
    fireEvent.error(container.querySelector("img") as HTMLImageElement);
    expect(container.querySelector("img")?.classList.contains("invisible")).toBe(false);
    fireEvent.error(container.querySelector("img") as HTMLImageElement);
    expect(container.querySelector("[aria-busy]")?.getAttribute("aria-busy")).toBe("false");
    expect(container.querySelector(".animate-pulse")).toBeNull();
    expect(container.querySelector("img")?.classList.contains("invisible")).toBe(true);
  });

  it("renders nothing and logs when the hero belongs to another site", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { container } = renderHero({ site: "another-site", background });
    expect(container.innerHTML).toBe("");
    expect(error).toHaveBeenCalledWith("Invalid site configuration", expect.objectContaining({ site: "another-site" }));
  });
});
