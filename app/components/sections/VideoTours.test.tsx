// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { VideoTours } from "./VideoTours";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("VideoTours", () => {
  it("shows the site's own poster in the width the tile needs, and a drawn poster without one", () => {
    render(
      <VideoTours
        title="Video tours"
        videos={[
          {
            key: "floor",
            title: "The floor",
            description: "A walk through.",
            video: { kind: "embed", url: "https://www.youtube-nocookie.com/embed/a" },
            poster: "home",
          },
          {
            key: "members",
            title: "The members",
            description: "Three members.",
            video: { kind: "embed", url: "https://www.youtube-nocookie.com/embed/b" },
          },
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

  it("plays a video file in the page's own player once Play is pressed, and nothing before", () => {
    // The player's frames and idle time on a clock of the test's own.
    vi.useFakeTimers();
    const { container } = render(
      <VideoTours
        title="Video tours"
        videos={[
          {
            key: "floor",
            title: "The floor",
            description: "A walk through.",
            video: { kind: "file", url: "/_demo/content/s/id/t/floor.mp4", type: "video/mp4" },
            poster: "home",
          },
        ]}
      />,
    );
    expect(container.querySelector("video, iframe")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Play video: The floor" }));
    const video = container.querySelector("video");
    expect(video?.getAttribute("src")).toBe("/_demo/content/s/id/t/floor.mp4");
    expect(video?.getAttribute("aria-label")).toBe("The floor");
    // Its controls come in the task after its first frame (VideoPlayer.tsx).
    expect(video?.hasAttribute("controls")).toBe(false);
    act(() => vi.advanceTimersByTime(1_000));
    expect(video?.hasAttribute("controls")).toBe(true);
    expect(container.querySelector("iframe")).toBeNull();
  });

  it("shows a tour without a video as its poster, with nothing to press", () => {
    const { container } = render(
      <VideoTours
        title="Video tours"
        videos={[{ key: "floor", title: "The floor", description: "A walk through.", video: null, poster: "home" }]}
      />,
    );
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("link")).toBeNull();
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/images/fallback/home-1280.webp");
    expect(screen.getByRole("heading", { name: "The floor" })).toBeTruthy();
  });
});
