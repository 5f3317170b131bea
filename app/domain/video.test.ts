import { describe, expect, it } from "vitest";
import { toEmbedUrl, toVideoSource, withAutoplay } from "./video";

describe("toEmbedUrl", () => {
  it("turns YouTube watch pages and short links into the privacy-enhanced embed", () => {
    const embed = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";
    expect(toEmbedUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe(embed);
    expect(toEmbedUrl("https://youtube.com/watch?v=dQw4w9WgXcQ&list=PL123")).toBe(embed);
    expect(toEmbedUrl("https://m.youtube.com/watch?v=dQw4w9WgXcQ")).toBe(embed);
    expect(toEmbedUrl("https://youtu.be/dQw4w9WgXcQ")).toBe(embed);
    expect(toEmbedUrl("https://www.youtube.com/shorts/dQw4w9WgXcQ")).toBe(embed);
    expect(toEmbedUrl("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe(embed);
    expect(toEmbedUrl(" https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ ")).toBe(embed);
  });

  it("keeps a start time", () => {
    expect(toEmbedUrl("https://youtu.be/dQw4w9WgXcQ?t=42")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42",
    );
    expect(toEmbedUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90",
    );
  });

  it("turns Vimeo pages into the Vimeo player", () => {
    expect(toEmbedUrl("https://vimeo.com/76979871")).toBe("https://player.vimeo.com/video/76979871");
    expect(toEmbedUrl("https://player.vimeo.com/video/76979871")).toBe("https://player.vimeo.com/video/76979871");
  });

  it("refuses anything else", () => {
    for (const address of [
      "",
      "not a url",
      "javascript:alert(1)",
      "https://example.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=<script>",
      "https://www.youtube.com/channel/abc",
      "https://vimeo.com/channels/staffpicks",
    ]) {
      expect(toEmbedUrl(address), address).toBeNull();
    }
  });
});

describe("withAutoplay", () => {
  it("adds the autoplay parameter", () => {
    expect(withAutoplay("https://player.vimeo.com/video/1")).toBe("https://player.vimeo.com/video/1?autoplay=1");
    expect(withAutoplay("https://www.youtube-nocookie.com/embed/a?start=4")).toBe(
      "https://www.youtube-nocookie.com/embed/a?start=4&autoplay=1",
    );
  });
});

describe("toVideoSource", () => {
  it("plays YouTube and Vimeo addresses in their players", () => {
    expect(toVideoSource("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toEqual({
      kind: "embed",
      url: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    });
    expect(toVideoSource("https://vimeo.com/76979871")).toEqual({
      kind: "embed",
      url: "https://player.vimeo.com/video/76979871",
    });
  });

  it("plays video files itself: uploaded ones, and the demo's from this site", () => {
    expect(toVideoSource("https://videos.ctfassets.net/space/id/token/tour.mp4")).toEqual({
      kind: "file",
      url: "https://videos.ctfassets.net/space/id/token/tour.mp4",
      type: "video/mp4",
    });
    expect(toVideoSource("/_demo/content/demohub/id/token/Tour.WEBM")).toEqual({
      kind: "file",
      url: "/_demo/content/demohub/id/token/Tour.WEBM",
      type: "video/webm",
    });
  });

  it("has nothing to play for no address, a page that is not a video, or another scheme", () => {
    for (const address of [null, undefined, "", "   ", "https://example.org/about", "javascript:alert(1).mp4"]) {
      expect(toVideoSource(address), String(address)).toBeNull();
    }
    expect(toVideoSource("//cdn.example/clip.mp4")).toEqual({
      kind: "file",
      url: "https://cdn.example/clip.mp4",
      type: "video/mp4",
    });
  });
});
