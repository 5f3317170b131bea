import { createConnection, createServer, type Socket } from "node:net";

/**
 * A TCP proxy for tests that need a bad network between a client and a server (PostgreSQL): it
 * forwards bytes both ways until told to stall, when it holds them instead (a network that stopped
 * delivering, the connections still open), and drops every connection when told to.
 */

export interface TcpProxy {
  port: number;
  /** `url` with the proxy's host and port in place of the server's. */
  via(url: string): string;
  /**
   * Holds the bytes of every connection open now, and of those opened later unless `newConnections` is
   * false, until `resume` or `drop`: `answers` holds only what the server sends (requests still
   * arrive, their answers do not).
   */
  stall(direction?: Holding, options?: { newConnections?: boolean }): void;
  /**
   * Stalls every connection (as `stall`) the moment one client has sent bytes holding each of `texts` in
   * turn (queries), after letting the last of them through: e.g. a transaction's insert and then its
   * commit reach the database, and the commit's answer does not come back. Resolves when it stalled.
   */
  stallWhenSent(texts: string[], direction?: Holding): Promise<void>;
  /** Delivers what was held and forwards again. */
  resume(): void;
  /** Closes every connection (what was held is lost); new connections are forwarded again. */
  drop(): void;
  /** Connections open now. */
  readonly connections: number;
  close(): Promise<void>;
}

type Holding = "both" | "answers";

interface Pair {
  client: Socket;
  server: Socket;
  holding: Holding | null;
  held: { requests: Buffer[]; answers: Buffer[] };
  /** How many of the trigger's texts this client has sent, in turn. */
  sentOfTrigger: number;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  /** What a new connection holds from the start. */
  let newConnections: Holding | null = null;
  let trigger: { texts: string[]; direction: Holding; stalled: () => void } | null = null;
  const stallAll = (direction: Holding, options: { newConnections?: boolean } = {}) => {
    for (const pair of pairs) pair.holding = direction;
    if (options.newConnections !== false) newConnections = direction;
  };
  const holdsRequests = (pair: Pair) => pair.holding === "both";
  const holdsAnswers = (pair: Pair) => pair.holding !== null;

  const server = createServer((client) => {
    const upstream = createConnection(target);
    const pair: Pair = {
      client,
      server: upstream,
      holding: newConnections,
      held: { requests: [], answers: [] },
      sentOfTrigger: 0,
    };
    pairs.add(pair);
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("data", (chunk: Buffer) => {
      if (holdsRequests(pair)) {
        pair.held.requests.push(chunk);
        return;
      }
      upstream.write(chunk);
      if (trigger && chunk.includes(trigger.texts[pair.sentOfTrigger]!)) pair.sentOfTrigger += 1;
      if (trigger && pair.sentOfTrigger === trigger.texts.length) {
        const { direction, stalled } = trigger;
        trigger = null;
        stallAll(direction);
        stalled();
      }
    });
    upstream.on("data", (chunk: Buffer) => {
      if (holdsAnswers(pair)) pair.held.answers.push(chunk);
      else client.write(chunk);
    });
    // A side that closes while its bytes are held stays open until they would have arrived.
    client.on("end", () => (holdsRequests(pair) ? undefined : close()));
    upstream.on("end", () => (holdsAnswers(pair) ? undefined : close()));
    client.on("error", close);
    upstream.on("error", close);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const drop = () => {
    newConnections = null;
    trigger = null;
    for (const pair of [...pairs]) {
      pairs.delete(pair);
      pair.client.destroy();
      pair.server.destroy();
    }
  };
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    port,
    via(url) {
      const proxied = new URL(url);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(port);
      return proxied.toString();
    },
    stall(direction = "both", options = {}) {
      stallAll(direction, options);
    },
    stallWhenSent(texts, direction = "both") {
      return new Promise((resolve) => {
        for (const pair of pairs) pair.sentOfTrigger = 0;
        trigger = { texts, direction, stalled: resolve };
      });
    },
    resume() {
      newConnections = null;
      for (const pair of pairs) {
        pair.holding = null;
        for (const chunk of pair.held.requests.splice(0)) pair.server.write(chunk);
        for (const chunk of pair.held.answers.splice(0)) pair.client.write(chunk);
        if (pair.client.readableEnded || pair.server.readableEnded) {
          pair.client.end();
          pair.server.end();
        }
      }
    },
    drop,
    get connections() {
      return pairs.size;
    },
    async close() {
      drop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
