import { AsyncLocalStorage } from "node:async_hooks";
import { formatWithOptions } from "node:util";
import pino, { type DestinationStream, type Logger } from "pino";

/**
 * The server's log (docs/operations.md#logs): one JSON object per line in production, for a collector;
 * readable lines in development. Every line written while a request is handled carries its request
 * id, through `requestLogContext`. `bridgeConsole` sends the code's `console.*` calls through it too,
 * so services and loaders need no logger of their own.
 */

export type LogFormat = "json" | "pretty";

export interface RequestLogState {
  requestId: string;
}

/** The request being handled (set by the request-logging middleware for everything the request runs). */
export const requestLogContext = new AsyncLocalStorage<RequestLogState>();

/** The format unless LOG_FORMAT says otherwise: readable lines in development, JSON elsewhere. */
export function logFormatFor(source: Record<string, string | undefined>): LogFormat {
  const chosen = source.LOG_FORMAT?.trim();
  if (chosen === "json" || chosen === "pretty") return chosen;
  return source.NODE_ENV === "development" ? "pretty" : "json";
}

/** Bearer tokens and access_token parameters, as outside services' error messages can quote them. */
const SECRET_PATTERNS: [RegExp, string][] = [
  [/(Bearer\s+)[^\s"',]+/gi, "$1[redacted]"],
  [/(access_token=)[^&\s"',]+/gi, "$1[redacted]"],
];

export function redactSecrets(text: string): string {
  return SECRET_PATTERNS.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

function serializeError(error: unknown): Record<string, unknown> {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  for (const key of ["message", "stack"]) {
    if (typeof serialized[key] === "string") serialized[key] = redactSecrets(serialized[key] as string);
  }
  return serialized;
}

export function createLogger({
  format,
  destination,
  level = "info",
}: {
  format: LogFormat;
  /**
   * Where lines go (default: errors to standard error, the rest to standard output, written
   * synchronously so lines keep their order).
   */
  destination?: DestinationStream;
  level?: string;
}): Logger {
  const formatted = (stream: DestinationStream) => (format === "pretty" ? prettyLines(stream) : stream);
  const out =
    destination !== undefined
      ? formatted(destination)
      : pino.multistream(
          [
            { level: "trace", stream: formatted(pino.destination({ dest: 1, sync: true })) },
            { level: "error", stream: formatted(pino.destination({ dest: 2, sync: true })) },
          ],
          { dedupe: true },
        );
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: serializeError },
      mixin: () => {
        const state = requestLogContext.getStore();
        return state ? { requestId: state.requestId } : {};
      },
    },
    out,
  );
}

const LEVEL_LABELS: Record<string, string> = {
  trace: "TRACE",
  debug: "DEBUG",
  info: "INFO ",
  warn: "WARN ",
  error: "ERROR",
  fatal: "FATAL",
};

/** Turns JSON lines into `12:04:05 INFO  message key=value` lines, stack traces below. */
function prettyLines(out: DestinationStream): DestinationStream {
  return {
    write(line: string) {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      // A request line's message already says method, path and status.
      const { time, level, msg, err, method: _method, path: _path, status: _status, durationMs, ...rest } = record;
      const clock = typeof time === "string" ? time.slice(11, 19) : "";
      const took = typeof durationMs === "number" ? ` ${durationMs}ms` : "";
      const extras = Object.entries(rest)
        .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
        .join(" ");
      const stack = (err as { stack?: string } | undefined)?.stack;
      out.write(
        `${clock} ${LEVEL_LABELS[String(level)] ?? String(level)} ${msg ?? ""}${took}${extras ? ` ${extras}` : ""}${stack ? `\n${stack}` : ""}\n`,
      );
    },
  };
}

type ConsoleMethod = "log" | "info" | "debug" | "warn" | "error";

const CONSOLE_LEVELS: Record<ConsoleMethod, "info" | "debug" | "warn" | "error"> = {
  log: "info",
  info: "info",
  debug: "debug",
  warn: "warn",
  error: "error",
};

/**
 * Writes `console.*` calls as log lines: the first Error among the arguments becomes `err` (message
 * and stack), the rest the message.
 */
export function bridgeConsole(logger: Logger, target: Pick<Console, ConsoleMethod> = console): () => void {
  const originals = { ...target } as Pick<Console, ConsoleMethod>;
  for (const method of Object.keys(CONSOLE_LEVELS) as ConsoleMethod[]) {
    const level = CONSOLE_LEVELS[method];
    target[method] = (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      const rest = error ? args.filter((arg) => arg !== error) : args;
      const message = redactSecrets(formatWithOptions({ breakLength: Number.POSITIVE_INFINITY }, ...rest));
      if (error) logger[level]({ err: error }, message);
      else logger[level](message);
    };
  }
  return () => Object.assign(target, originals);
}
