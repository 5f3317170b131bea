import { describe, expect, it } from "vitest";
import { isExternalHref } from "~/config/site";
import { websiteUrl } from "./website-url";

describe("websiteUrl", () => {
  it("gives an address without a scheme https, and writes an upper-case scheme in lower case", () => {
    expect(websiteUrl("riverbend.example")).toBe("https://riverbend.example");
    expect(websiteUrl("https://riverbend.example")).toBe("https://riverbend.example");
    expect(websiteUrl(" www.riverbend.example/about?x=1 ")).toBe("https://www.riverbend.example/about?x=1");
    expect(websiteUrl("riverbend.example:8080/shop")).toBe("https://riverbend.example:8080/shop");
    expect(websiteUrl("//riverbend.example")).toBe("https://riverbend.example");
    expect(websiteUrl("HTTPS://Riverbend.Example/About")).toBe("https://Riverbend.Example/About");
    expect(websiteUrl("Http://riverbend.example")).toBe("http://riverbend.example");
  });

  it("refuses what is not a web address", () => {
    for (const value of [
      null,
      undefined,
      "",
      "  ",
      "javascript:alert(1)",
      "mailto:hi@riverbend.example",
      "localhost",
      "https://",
    ]) {
      expect(websiteUrl(value), String(value)).toBeNull();
    }
  });

  it("makes addresses every link treats as external, opening in a new tab", () => {
    for (const value of ["riverbend.example", "HTTPS://Riverbend.example", "HTTP://riverbend.example"]) {
      expect(isExternalHref(websiteUrl(value)!), value).toBe(true);
    }
    expect(isExternalHref("HTTPS://riverbend.example")).toBe(true);
    expect(isExternalHref("/contact")).toBe(false);
  });
});
