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
   * Holds the bytes of every connection, open now or opened later, until `resume` or `drop`:
   * `answers` holds only what the server sends (requests still arrive, their answers do not).
   */
  stall(direction?: "both" | "answers"): void;
  /** Delivers what was held and forwards again. */
  resume(): void;
  /** Closes every connection (what was held is lost); new connections are forwarded again. */
  drop(): void;
  /** Connections open now. */
  readonly connections: number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  server: Socket;
  held: { requests: Buffer[]; answers: Buffer[] };
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let stalled: "none" | "both" | "answers" = "none";
  const holdsRequests = () => stalled === "both";
  const holdsAnswers = () => stalled !== "none";

  const server = createServer((client) => {
    const upstream = createConnection(target);
    const pair: Pair = { client, server: upstream, held: { requests: [], answers: [] } };
    pairs.add(pair);
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("data", (chunk: Buffer) => {
      if (holdsRequests()) pair.held.requests.push(chunk);
      else upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (holdsAnswers()) pair.held.answers.push(chunk);
      else client.write(chunk);
    });
    // A side that closes while its bytes are held stays open until they would have arrived.
    client.on("end", () => (holdsRequests() ? undefined : close()));
    upstream.on("end", () => (holdsAnswers() ? undefined : close()));
    client.on("error", close);
    upstream.on("error", close);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const drop = () => {
    stalled = "none";
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
    stall(direction = "both") {
      stalled = direction;
    },
    resume() {
      stalled = "none";
      for (const pair of pairs) {
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
