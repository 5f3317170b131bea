import { describe, expect, it, vi } from "vitest";
import { documentStream, handleError } from "./entry.server";

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

describe("the document stream", () => {
  const read = (stream: import("node:stream").Transform) => {
    const pieces: string[] = [];
    stream.on("data", (piece: Buffer) => pieces.push(piece.toString("utf8")));
    return pieces;
  };
  const nextMacrotask = () => new Promise((resolve) => setImmediate(resolve));

  it("sends what is written in one go as one piece, and what comes later as another", async () => {
    const stream = documentStream("n0nce", () => {});
    const pieces = read(stream);
    for (const part of ["<!DOCTYPE html><html><head><title>T</title>", "</head><body>", "<p>one</p>", "<p>two</p>"]) {
      stream.write(part);
    }
    await nextMacrotask();
    expect(pieces).toHaveLength(1);
    expect(pieces[0]).toContain("<p>one</p><p>two</p>");

    stream.write('<div hidden id="S:0"><p>late</p></div>');
    stream.write("<script>/* put in place */</script>");
    await nextMacrotask();
    expect(pieces).toHaveLength(2);
    expect(pieces[1]).toBe('<div hidden id="S:0"><p>late</p></div><script>/* put in place */</script>');

    stream.end("</body></html>");
    await new Promise((resolve) => stream.on("end", resolve));
    expect(pieces.join("")).toMatch(/<\/body><\/html>$/);
  });

  it("loses nothing written just before the end", async () => {
    let ended = 0;
    const stream = documentStream("n0nce", () => {
      ended += 1;
    });
    const pieces = read(stream);
    stream.write("<!DOCTYPE html><html><head></head><body><p>first</p>");
    stream.end("<p>last</p></body></html>");
    await new Promise((resolve) => stream.on("end", resolve));
    await nextMacrotask();
    expect(ended).toBe(1);
    expect(pieces.join("")).toMatch(/<p>first<\/p><p>last<\/p><\/body><\/html>$/);
  });
});
