// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { SuccessStory } from "~/domain/cms-types";
import { SuccessStories } from "./SuccessStories";

afterEach(cleanup);

const story: SuccessStory = {
  id: "story-1",
  title: "A Sold-Out Workshop Series",
  description: "Sixty small-business owners, six weeks.",
  image: null,
  videoUrl: null,
  quote: "Everything else was already done.",
  authorName: "Renee Castillo",
  authorRole: "Founder",
  companyName: "Delta Bloom Marketing",
  benefits: [],
  pageSlugs: ["event-spaces"],
};

const image = { id: "story-1", url: "https://images.example/story-1.webp", title: "", description: "Workshop tables" };

function renderStories(stories: SuccessStory[]) {
  return render(<SuccessStories section={{ status: "ok", data: stories }} />);
}

describe("SuccessStories", () => {
  it("gives a story without an image or video a designed placeholder, not an empty block", () => {
    const { container } = renderStories([story]);
    const placeholder = container.querySelector("[data-story-placeholder]");
    expect(placeholder).not.toBeNull();
    expect(placeholder?.getAttribute("aria-hidden")).toBe("true");
    expect(placeholder?.textContent).toContain("Delta Bloom Marketing");
    expect(placeholder?.querySelector("svg")).not.toBeNull();
    expect(container.querySelector("img")).toBeNull();
  });

  it("shows the story's image when it has one, and the placeholder when that image fails", () => {
    const { container } = renderStories([
      { ...story, image: { ...image, width: 1200, height: 800, contentType: "image/webp" } },
    ]);
    const img = container.querySelector("img");
    expect(img?.getAttribute("alt")).toBe("Workshop tables");
    expect(container.querySelector("[data-story-placeholder]")).toBeNull();
    fireEvent.error(img!);
    expect(container.querySelector("[data-story-placeholder]")).not.toBeNull();
  });

  it("plays a story's uploaded video file", () => {
    const { container } = renderStories([{ ...story, videoUrl: "/_demo/content/s/v/t/story.mp4" }]);
    fireEvent.click(screen.getByRole("button", { name: `Play video: ${story.title}` }));
    expect(container.querySelector("video")?.getAttribute("src")).toBe("/_demo/content/s/v/t/story.mp4");
  });
});
