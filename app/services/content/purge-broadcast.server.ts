import pg from "pg";
import type { PurgeScope } from "./caches.server";

/**
 * Several instances on one DATABASE_URL: a purge on one (the publish webhook reached it) reaches the
 * others through PostgreSQL's LISTEN/NOTIFY. Each instance keeps one connection that listens on
 * `content_purge` and also sends its own purges there; it ignores its own. A lost connection is
 * reopened with growing waits, and since purges may have been missed meanwhile, everything is
 * purged once it is back.
 *
 * A connection can also go quiet without closing (a half-open TCP connection: the server or a proxy
 * went away without a word), and a listener only listens, so nothing would fail: TCP keepalive and a
 * round trip every `heartbeatMs` (answered within `queryTimeoutMs`) find it out, within half a minute
 * by default. A purge sent on a connection that fails is sent once more on a fresh connection.
 */

export const PURGE_CHANNEL = "content_purge";

export interface PurgeBroadcastState {
  channel: "postgres";
  listening: boolean;
  sent: number;
  received: number;
  lastError: string | null;
}

export interface PurgeBroadcast {
  /** Tells the other instances (never throws: the local purge has happened either way). */
  publish(scope: PurgeScope): Promise<void>;
  state(): PurgeBroadcastState;
  close(): Promise<void>;
}

interface Message {
  from: string;
  scope: PurgeScope;
}

function parseMessage(payload: string | undefined): Message | null {
  try {
    const message = JSON.parse(payload ?? "") as Partial<Message>;
    const scope = message.scope as Partial<{ all: true; contentTypes: unknown }> | undefined;
    if (typeof message.from !== "string" || !scope) return null;
    if (scope.all === true) return { from: message.from, scope: { all: true } };
    if (Array.isArray(scope.contentTypes) && scope.contentTypes.every((type) => typeof type === "string")) {
      return { from: message.from, scope: { contentTypes: scope.contentTypes as string[] } };
    }
    return null;
  } catch {
    return null;
  }
}

export function startPurgeBroadcast({
  databaseUrl,
  instanceId,
  onPurge,
  log = console,
  maxRetryMs = 30_000,
  heartbeatMs = 20_000,
  queryTimeoutMs = 10_000,
}: {
  databaseUrl: string;
  /** This instance's own id: its own messages come back and are ignored. */
  instanceId: string;
  /** A purge from another instance (or everything, after the connection was lost). */
  onPurge: (scope: PurgeScope) => void;
  log?: Pick<Console, "info" | "warn">;
  maxRetryMs?: number;
  /** How often the listening connection makes a round trip, to find out it went quiet. */
  heartbeatMs?: number;
  /** How long connecting, and any query, may take on these connections. */
  queryTimeoutMs?: number;
}): PurgeBroadcast {
  const state: PurgeBroadcastState = { channel: "postgres", listening: false, sent: 0, received: 0, lastError: null };
  const connectionConfig: pg.ClientConfig = {
    connectionString: databaseUrl,
    connectionTimeoutMillis: queryTimeoutMs,
    query_timeout: queryTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: Math.min(10_000, heartbeatMs),
    application_name: "hub-website purges",
  };
  let client: pg.Client | null = null;
  let closed = false;
  const firstRetryMs = Math.min(1_000, maxRetryMs);
  let retryMs = firstRetryMs;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let everConnected = false;

  /** Closes a connection without waiting for it: a half-open one would never answer the goodbye. */
  const discard = (connection: pg.Client) => {
    connection.removeAllListeners();
    connection.on("error", () => {});
    connection.end().catch(() => {});
    connection.connection.stream.destroy();
  };

  const lost = (error: Error | null) => {
    if (closed) return;
    state.listening = false;
    if (error) state.lastError = error.message;
    clearInterval(heartbeat);
    if (client) discard(client);
    client = null;
    log.warn(
      `Content purges from other instances are not arriving (${error?.message ?? "connection closed"}); reconnecting in ${Math.round(retryMs / 1000)} s.`,
    );
    retryTimer = setTimeout(connect, retryMs);
    retryTimer.unref?.();
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client(connectionConfig);
    // Errors while connecting are handled below; afterwards, a lost connection is reopened.
    next.on("error", (error) => {
      if (client === next) lost(error);
    });
    next.on("end", () => {
      if (client === next) lost(null);
    });
    next.on("notification", ({ channel, payload }) => {
      if (channel !== PURGE_CHANNEL) return;
      const message = parseMessage(payload);
      if (!message || message.from === instanceId) return;
      state.received += 1;
      onPurge(message.scope);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${PURGE_CHANNEL}`);
    } catch (error) {
      discard(next);
      lost(error as Error);
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    state.listening = true;
    state.lastError = null;
    retryMs = firstRetryMs;
    let beating = false;
    heartbeat = setInterval(() => {
      if (beating || client !== next) return;
      beating = true;
      next
        .query("SELECT 1")
        .catch((error: Error) => {
          if (client === next) lost(new Error(`no answer to the heartbeat (${error.message})`));
        })
        .finally(() => {
          beating = false;
        });
    }, heartbeatMs);
    heartbeat.unref?.();
    if (everConnected) {
      log.info("Listening for content purges again; purging everything, since some may have been missed.");
      onPurge({ all: true });
    }
    everConnected = true;
  }

  const ready = connect();

  return {
    async publish(scope) {
      await ready;
      const payload = JSON.stringify({ from: instanceId, scope } satisfies Message);
      const send = (connection: pg.Client) => connection.query("SELECT pg_notify($1, $2)", [PURGE_CHANNEL, payload]);
      if (client) {
        try {
          await send(client);
          state.sent += 1;
          return;
        } catch {
          // The listening connection failed (the heartbeat will replace it): once more on a fresh one.
        }
      }
      const fresh = new pg.Client(connectionConfig);
      fresh.on("error", () => {});
      try {
        await fresh.connect();
        await send(fresh);
        state.sent += 1;
      } catch (error) {
        log.warn("A content purge could not be sent to the other instances.", error);
      } finally {
        await fresh.end().catch(() => {});
      }
    },
    state: () => ({ ...state }),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      await ready;
      const open = client;
      client = null;
      state.listening = false;
      open?.removeAllListeners();
      await open?.end().catch(() => {});
    },
  };
}
