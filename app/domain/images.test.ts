import { describe, expect, it } from "vitest";
import { absoluteAssetUrl, contentImageUrl, HERO_AVIF_QUALITY, heroImage, responsiveContentImage } from "./images";

describe("absoluteAssetUrl", () => {
  it("prefixes https: to a protocol-relative URL", () => {
    expect(absoluteAssetUrl("//images.ctfassets.net/space/a/b/hero.webp")).toBe(
      "https://images.ctfassets.net/space/a/b/hero.webp",
    );
  });

  it("uses http: for a plain-http content service and leaves absolute URLs alone", () => {
    expect(absoluteAssetUrl("//127.0.0.1:4010/x.webp", "http:")).toBe("http://127.0.0.1:4010/x.webp");
    expect(absoluteAssetUrl("https://cdn.example/x.webp", "http:")).toBe("https://cdn.example/x.webp");
  });
});

describe("contentImageUrl", () => {
  it("adds the Images API parameters", () => {
    expect(contentImageUrl("https://img.example/a.webp", { width: 640 })).toBe(
      "https://img.example/a.webp?fm=webp&w=640&q=70",
    );
    expect(contentImageUrl("https://img.example/a.webp?x=1", { width: 320, quality: 50 })).toBe(
      "https://img.example/a.webp?x=1&fm=webp&w=320&q=50",
    );
  });

  it("leaves SVG files untouched", () => {
    expect(contentImageUrl("https://img.example/logo.svg", { width: 640 })).toBe("https://img.example/logo.svg");
  });
});

describe("responsiveContentImage", () => {
  it("builds a srcset over every width, smallest first", () => {
    const image = responsiveContentImage("https://img.example/a.webp", [1280, 640, 960]);
    expect(image.src).toBe("https://img.example/a.webp?fm=webp&w=960&q=70");
    expect(image.srcSet).toBe(
      [
        "https://img.example/a.webp?fm=webp&w=640&q=70 640w",
        "https://img.example/a.webp?fm=webp&w=960&q=70 960w",
        "https://img.example/a.webp?fm=webp&w=1280&q=70 1280w",
      ].join(", "),
    );
  });
});

describe("heroImage", () => {
  it("offers every hero width as WebP, and the same widths as AVIF at the hero's AVIF quality", () => {
    const image = heroImage("https://img.example/hero.webp");
    expect(image.src).toBe("https://img.example/hero.webp?fm=webp&w=960&q=70");
    expect(image.srcSet?.split(", ")).toHaveLength(5);
    expect(image.avifSrcSet?.split(", ")).toEqual(
      [640, 800, 960, 1280, 1920].map(
        (width) => `https://img.example/hero.webp?fm=avif&w=${width}&q=${HERO_AVIF_QUALITY} ${width}w`,
      ),
    );
  });

  it("offers an SVG as it is, with no AVIF", () => {
    expect(heroImage("https://img.example/hero.svg")).toEqual({ src: "https://img.example/hero.svg" });
  });
});
