// A Chromium driven over the DevTools protocol on a pipe, with nothing enabled but what the caller
// sends. Playwright, Puppeteer and Lighthouse enable the Runtime domain on every page; with it enabled,
// V8 records a detailed stack trace for every error the page creates, which needs the source positions
// of each function on the stack. React DOM creates four such errors as it starts, inside the one
// function that holds all of React DOM, and V8 then parses that whole function again on the main thread
// (docs/performance.md: about 70 ms of a 4x slowed CPU in one task). A visitor's browser does none of this.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";

export interface CdpMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
  sessionId?: string;
}

export interface PipeBrowser {
  /** Sends a command (to a page's session when `sessionId` is given) and resolves with its result. */
  send(method: string, params?: Record<string, unknown>, sessionId?: string): Promise<Record<string, unknown>>;
  /** Calls `listener` with every event until the returned function is called. */
  onEvent(listener: (message: CdpMessage) => void): () => void;
  close(): Promise<void>;
}

/** Starts Chromium with `--remote-debugging-pipe` (the protocol on its file descriptors 3 and 4). */
export function launchPipeBrowser(executablePath: string, flags: readonly string[]): PipeBrowser {
  const profile = mkdtempSync(path.join(tmpdir(), "hub-cdp-"));
  const child: ChildProcess = spawn(
    executablePath,
    [...flags, "--headless", "--remote-debugging-pipe", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] },
  );
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  const pending = new Map<
    number,
    { resolve: (result: Record<string, unknown>) => void; reject: (error: Error) => void }
  >();
  const listeners = new Set<(message: CdpMessage) => void>();
  let nextId = 0;
  let buffered = "";

  fromBrowser.setEncoding("utf8");
  fromBrowser.on("data", (chunk: string) => {
    buffered += chunk;
    let end = buffered.indexOf("\0");
    while (end !== -1) {
      const message = JSON.parse(buffered.slice(0, end)) as CdpMessage;
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf("\0");
      if (message.id !== undefined) {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(`${message.error.message}`));
        else waiting?.resolve(message.result ?? {});
      } else {
        for (const listener of listeners) listener(message);
      }
    }
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.once("exit", (code) => {
    for (const waiting of pending.values()) waiting.reject(new Error(`Chromium exited (${code}).`));
    pending.clear();
    // Closed or crashed, its profile goes with it.
    rmSync(profile, { recursive: true, force: true });
  });

  return {
    send(method, params = {}, sessionId) {
      nextId += 1;
      const id = nextId;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
      });
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
