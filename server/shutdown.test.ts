import { once } from "node:events";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { gracefulClose } from "./shutdown.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A server with keep-alive as long as the site's (65 s), whose handler the test decides. */
async function startServer(handler: http.RequestListener) {
  const server = http.createServer(handler);
  server.keepAliveTimeout = 65_000;
  const graceful = gracefulClose(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  cleanups.push(() => server.closeAllConnections());
  return { server, graceful, port: (server.address() as AddressInfo).port };
}

interface Answer {
  status: number;
  connection: string | null;
}

/** One raw keep-alive connection, as a load balancer keeps them: what it received, and whether the server ended it. */
async function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  cleanups.push(() => socket.destroy());
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
  let ended = false;
  const endedByServer = once(socket, "end").then(() => {
    ended = true;
  });
  const answers = (): Answer[] =>
    [...received.matchAll(/HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n/g)].map((match) => ({
      status: Number(match[1]),
      connection: /^connection: (.*)$/im.exec(match[2] ?? "")?.[1]?.trim() ?? null,
    }));
  return {
    socket,
    answers,
    endedByServer,
    ended: () => ended,
    async waitForAnswers(count: number) {
      while (answers().length < count) await once(socket, "data");
    },
  };
}

const request = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

describe("gracefulClose", () => {
  it("answers a request under way with Connection: close and ends its connection, then stops", async () => {
    const pending: http.ServerResponse[] = [];
    const { server, graceful, port } = await startServer((_request, response) => {
      pending.push(response);
    });
    const client = await connect(port);
    client.socket.write(request);
    while (pending.length === 0) await once(server, "request");

    const closed = graceful.close(5_000);
    pending[0]!.end("ok");
    await client.waitForAnswers(1);
    await client.endedByServer;
    await closed;

    expect(client.answers()).toEqual([{ status: 200, connection: "close" }]);
    expect(server.listening).toBe(false);
  });

  it("answers a request whose headers were still arriving at the shutdown (the balancer's next one) with Connection: close", async () => {
    const { server, graceful, port } = await startServer((_request, response) => response.end("ok"));
    const client = await connect(port);
    client.socket.write(request);
    await client.waitForAnswers(1);
    client.socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");

    const closed = graceful.close(5_000);
    client.socket.write("Accept: */*\r\n\r\n");
    await client.waitForAnswers(2);
    await client.endedByServer;
    await closed;

    expect(client.answers()).toEqual([
      { status: 200, connection: "keep-alive" },
      { status: 200, connection: "close" },
    ]);
    expect(server.listening).toBe(false);
  });

  it("keeps listening while connections drain, and answers a new connection with Connection: close", async () => {
    const { server, graceful, port } = await startServer((_request, response) => response.end("ok"));
    const idle = await connect(port);
    const closed = graceful.close(5_000);
    // The idle connection holds the drain open: a client connecting now is still served.
    const latecomer = await connect(port);
    latecomer.socket.write(request);
    await latecomer.waitForAnswers(1);
    expect(latecomer.answers()).toEqual([{ status: 200, connection: "close" }]);
    expect(idle.ended()).toBe(false);

    idle.socket.write(request);
    await idle.waitForAnswers(1);
    await idle.endedByServer;
    await closed;
    expect(idle.answers()).toEqual([{ status: 200, connection: "close" }]);
    expect(server.listening).toBe(false);
  });

  it("ends a connection whose answer was already streaming as keep-alive once that answer is complete", async () => {
    const streaming: http.ServerResponse[] = [];
    const { server, graceful, port } = await startServer((_request, response) => {
      response.writeHead(200, { "Content-Type": "text/plain" });
      response.write("first part");
      streaming.push(response);
    });
    const client = await connect(port);
    client.socket.write(request);
    await client.waitForAnswers(1);
    while (streaming.length === 0) await once(server, "request");

    // No drain: the server stops listening with the answer still streaming.
    const closed = graceful.close(0);
    while (server.listening) await new Promise((resolve) => setImmediate(resolve));
    streaming[0]!.end("last part");
    await client.endedByServer;
    await closed;
    expect(client.answers()).toEqual([{ status: 200, connection: "keep-alive" }]);
    expect(server.listening).toBe(false);
  });

  it("closes a connection that stays idle through the drain, and stops", async () => {
    const { server, graceful, port } = await startServer((_request, response) => response.end("ok"));
    const client = await connect(port);
    client.socket.write(request);
    await client.waitForAnswers(1);

    const startedAt = Date.now();
    await graceful.close(300);
    await client.endedByServer;
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(250);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(server.listening).toBe(false);
  });

  it("does not change answers before the shutdown", async () => {
    const { port } = await startServer((_request, response) => response.end("ok"));
    const client = await connect(port);
    client.socket.write(request);
    client.socket.write(request);
    await client.waitForAnswers(2);
    expect(client.answers()).toEqual([
      { status: 200, connection: "keep-alive" },
      { status: 200, connection: "keep-alive" },
    ]);
    expect(client.ended()).toBe(false);
  });
});
