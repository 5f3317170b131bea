// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { VideoTours } from "./VideoTours";

afterEach(cleanup);

describe("VideoTours", () => {
  it("shows the site's own poster in the width the tile needs, and a drawn poster without one", () => {
    render(
      <VideoTours
        title="Video tours"
        videos={[
          {
            title: "The floor",
            description: "A walk through.",
            embedUrl: "https://www.youtube-nocookie.com/embed/a",
            poster: "home",
          },
          { title: "The members", description: "Three members.", embedUrl: "https://www.youtube-nocookie.com/embed/b" },
        ]}
      />,
    );
    const withPoster = screen.getByRole("button", { name: "Play video: The floor" });
    const withoutPoster = screen.getByRole("button", { name: "Play video: The members" });
    expect(withoutPoster.querySelector("img")).toBeNull();
    const posters = withPoster.querySelectorAll("img");
    expect(posters).toHaveLength(1);
    expect(posters[0]!.getAttribute("src")).toBe("/images/fallback/home-1280.webp");
    expect(posters[0]!.getAttribute("srcset")).toBe(
      "/images/fallback/home-640.webp 640w, /images/fallback/home-960.webp 960w, /images/fallback/home-1280.webp 1280w",
    );
    expect(posters[0]!.getAttribute("sizes")).toBe("(min-width: 1024px) 50vw, 100vw");
    expect(posters[0]!.getAttribute("loading")).toBe("lazy");
  });
});
