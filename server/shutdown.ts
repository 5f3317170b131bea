import type http from "node:http";
import type { Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** From SIGTERM to a forced exit: longer than the lead worker's wait, so a clean stop is never cut short. */
export const SHUTDOWN_GRACE_MS = 25_000;

/**
 * After SIGTERM, how long the server still answers on connections (each answer saying `Connection:
 * close`) before it stops listening and closes the idle ones. A load balancer that sends on its
 * keep-alive connections every few hundred milliseconds is told to close each of them in that time,
 * rather than finding one closed under a request it is sending.
 */
export const SHUTDOWN_DRAIN_MS = 2_000;

export interface GracefulClose {
  /**
   * Tells every client to close its connection after its next answer, waits until none is open (at
   * most `drainMs`), then stops listening and resolves once the last open request has been answered.
   */
  close(drainMs?: number): Promise<void>;
}

/**
 * Node's `server.close()` alone closes the connections idle at that moment and leaves the busy ones
 * open as keep-alive: a client that keeps sending on one (a balancer's pool) is served on it until
 * the keep-alive timeout, longer than any grace period, and the process is killed instead of stopping.
 * Call this before the server takes requests.
 */
export function gracefulClose(server: http.Server): GracefulClose {
  let closing = false;
  const unanswered = new Set<http.ServerResponse>();

  // Before the app's own listener, so the header is there whatever the app sends.
  server.prependListener("request", (_request: http.IncomingMessage, response: http.ServerResponse) => {
    if (closing) response.setHeader("Connection", "close");
    const socket: Socket | null = response.socket;
    unanswered.add(response);
    response.once("close", () => unanswered.delete(response));
    response.once("finish", () => {
      // Headers sent as keep-alive before the shutdown began (a streamed page): end the connection
      // once its answer is complete, as nothing else would.
      if (closing && response.getHeader("Connection") !== "close") socket?.end();
    });
  });

  return {
    async close(drainMs = SHUTDOWN_DRAIN_MS) {
      closing = true;
      for (const response of unanswered) {
        if (!response.headersSent) response.setHeader("Connection", "close");
      }
      const deadline = Date.now() + drainMs;
      while (Date.now() < deadline && (await openConnections(server)) > 0) await sleep(50);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function openConnections(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
}
