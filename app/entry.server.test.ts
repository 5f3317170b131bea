import { describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";

describe("the route-error log line", () => {
  it("masks an email address in the path, also percent-encoded", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new Error("loader failed");
    for (const url of [
      "https://hub.example.org/blog/jordan%40example.com",
      "https://hub.example.org/blog/jordan@example.com",
    ]) {
      handleError(failure, { request: new Request(url), params: {}, context: undefined as never });
    }
    expect(error.mock.calls).toEqual([
      ["Route error on GET /blog/[email]:", failure],
      ["Route error on GET /blog/[email]:", failure],
    ]);
  });
});
