import { describe, expect, it } from "vitest";
import { isSitePath, previewKeys, previewLink, previewUrlTemplate } from "./preview.ts";

const keys = previewKeys("preview-token-of-the-space");
const now = new Date("2026-11-20T12:00:00Z");
const inAnHour = new Date(now.getTime() + 3_600_000);

describe("preview links", () => {
  it("open the path they were made for until they expire", () => {
    const secret = keys.linkSecret("/blog/holiday-makers-market", inAnHour);
    expect(keys.verifyLink(secret, "/blog/holiday-makers-market", now)).toBe(true);
    expect(keys.verifyLink(secret, "/blog/another-post", now)).toBe(false);
    expect(keys.verifyLink(secret, "/blog/holiday-makers-market", inAnHour)).toBe(false);
  });

  it("made for any path open every page (Contentful's preview URL template)", () => {
    const secret = keys.linkSecret("*", inAnHour);
    expect(keys.verifyLink(secret, "/blog/whatever", now)).toBe(true);
    expect(keys.verifyLink(secret, "/", now)).toBe(true);
  });

  it("cannot be made without the preview token, nor stretched", () => {
    const forged = previewKeys("another-token").linkSecret("/blog/x", inAnHour);
    expect(keys.verifyLink(forged, "/blog/x", now)).toBe(false);
    const [version, , scope, signature] = keys.linkSecret("/blog/x", inAnHour).split(".");
    const later = Math.floor(inAnHour.getTime() / 1000) + 86_400;
    expect(keys.verifyLink([version, later, scope, signature].join("."), "/blog/x", now)).toBe(false);
    expect(keys.verifyLink([version, later, "any", signature].join("."), "/blog/x", now)).toBe(false);
    expect(keys.verifyLink("garbage", "/blog/x", now)).toBe(false);
  });

  it("are written as the site's /preview address", () => {
    const link = new URL(previewLink("https://hub.example.org", keys, "/blog/a b", inAnHour));
    expect(link.origin + link.pathname).toBe("https://hub.example.org/preview");
    expect(link.searchParams.get("path")).toBe("/blog/a b");
    expect(keys.verifyLink(link.searchParams.get("secret")!, "/blog/a b", now)).toBe(true);
    const template = previewUrlTemplate("https://hub.example.org", keys, inAnHour);
    expect(template).toMatch(
      /^https:\/\/hub\.example\.org\/preview\?secret=v1\.\d+\.any\.[\w-]+&path=\/blog\/\{entry\.fields\.slug\}$/,
    );
  });
});

describe("the preview cookie", () => {
  it("is valid until it expires, and only as signed", () => {
    const value = keys.cookieValue(inAnHour);
    expect(keys.verifyCookie(value, now)).toBe(true);
    expect(keys.verifyCookie(value, inAnHour)).toBe(false);
    expect(keys.verifyCookie(undefined, now)).toBe(false);
    expect(keys.verifyCookie(previewKeys("another-token").cookieValue(inAnHour), now)).toBe(false);
    // A link's secret is not a cookie, nor the other way round.
    expect(keys.verifyCookie(keys.linkSecret("*", inAnHour), now)).toBe(false);
    expect(keys.verifyLink(value, "/", now)).toBe(false);
  });
});

describe("preview paths", () => {
  it("are pages of this site only", () => {
    expect(isSitePath("/blog/post?x=1")).toBe(true);
    expect(isSitePath("/")).toBe(true);
    for (const path of [
      "//evil.example/x",
      "/\\evil.example",
      "https://evil.example",
      "blog/x",
      "/a b",
      undefined,
      ["/x"],
    ]) {
      expect(isSitePath(path), String(path)).toBe(false);
    }
  });
});
