import { describe, expect, it } from "vitest";
import { bridgeConsole, createLogger, logFormatFor, redactSecrets, requestLogContext } from "./logger.ts";

function capture(format: "json" | "pretty" = "json") {
  const lines: string[] = [];
  const logger = createLogger({ format, destination: { write: (line: string) => void lines.push(line) } });
  return { logger, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe("log lines", () => {
  it("are one JSON object per line with an ISO time, a level name and the message", () => {
    const { logger, records, lines } = capture();
    logger.info({ route: "/blog/:slug" }, "GET /blog/x 200");
    expect(lines[0]!.endsWith("\n")).toBe(true);
    const [record] = records();
    expect(record).toMatchObject({ level: "info", msg: "GET /blog/x 200", route: "/blog/:slug" });
    expect(new Date(String(record!.time)).toISOString()).toBe(record!.time);
  });

  it("carry the request id of the request being handled", () => {
    const { logger, records } = capture();
    requestLogContext.run({ requestId: "req-1234" }, () => logger.warn("inside"));
    logger.warn("outside");
    expect(records().map((record) => record.requestId)).toEqual(["req-1234", undefined]);
  });

  it("give an error's message and stack, with bearer tokens redacted", () => {
    const { logger, records } = capture();
    const error = new Error('{"headers":{"Authorization":"Bearer abcdef123456"},"url":"/x?access_token=zzz999"}');
    logger.error({ err: error }, "failed");
    const err = records()[0]!.err as { message: string; stack: string; type: string };
    expect(err.type).toBe("Error");
    expect(err.stack).toContain("logger.test.ts");
    expect(JSON.stringify(err)).not.toMatch(/abcdef123456|zzz999/);
    expect(err.message).toContain("Bearer [redacted]");
  });

  it("are readable lines in the pretty format, stack below", () => {
    const { logger, lines } = capture("pretty");
    logger.error(
      { err: new Error("boom"), status: 500, method: "GET", path: "/", durationMs: 12, route: "/" },
      "GET / 500",
    );
    logger.info({ id: "e1" }, "Skipping an entry");
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d ERROR GET \/ 500 12ms route=\/\nError: boom\n {4}at /);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d INFO {2}Skipping an entry id=e1\n$/);
  });
});

describe("the format", () => {
  it("is readable in development and JSON elsewhere, unless LOG_FORMAT says otherwise", () => {
    expect(logFormatFor({ NODE_ENV: "development" })).toBe("pretty");
    expect(logFormatFor({ NODE_ENV: "production" })).toBe("json");
    expect(logFormatFor({})).toBe("json");
    expect(logFormatFor({ NODE_ENV: "production", LOG_FORMAT: "pretty" })).toBe("pretty");
    expect(logFormatFor({ NODE_ENV: "development", LOG_FORMAT: "json" })).toBe("json");
  });
});

describe("console calls", () => {
  it("become log lines at the matching level, the first Error as err", () => {
    const { logger, records } = capture();
    const target = { log() {}, info() {}, debug() {}, warn() {}, error() {} } as unknown as Console;
    const restore = bridgeConsole(logger, target);
    target.log("Leads stored; %d waiting.", 3);
    target.warn("Skipping a malformed entry", { id: "e1", problems: ["fields.title"] });
    target.error("Error loading page hero:", new Error("upstream 500"));
    restore();
    target.error("not logged");
    const [info, warn, error, ...rest] = records();
    expect(rest).toEqual([]);
    expect(info).toMatchObject({ level: "info", msg: "Leads stored; 3 waiting." });
    expect(warn).toMatchObject({
      level: "warn",
      msg: "Skipping a malformed entry { id: 'e1', problems: [ 'fields.title' ] }",
    });
    expect(error).toMatchObject({ level: "error", msg: "Error loading page hero:", err: { message: "upstream 500" } });
  });

  it("redact tokens in their text", () => {
    expect(redactSecrets("Authorization: Bearer secret-token-1, next")).toBe("Authorization: Bearer [redacted], next");
  });
});
