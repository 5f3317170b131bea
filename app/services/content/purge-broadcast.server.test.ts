import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestDatabase, type TestDatabase } from "../../../tests/support/postgres.ts";
import { startTcpProxy, type TcpProxy } from "../../../tests/support/tcp-proxy.ts";
import type { PurgeScope } from "./caches.server";
import { PURGE_CHANNEL, type PurgeBroadcast, startPurgeBroadcast } from "./purge-broadcast.server";

let database: TestDatabase;
const open: PurgeBroadcast[] = [];
const proxies: TcpProxy[] = [];
const quiet = { info: vi.fn(), warn: vi.fn() };

beforeAll(async () => {
  database = await startTestDatabase();
}, 60_000);

afterEach(async () => {
  for (const proxy of proxies.splice(0)) proxy.drop();
  await Promise.all(open.splice(0).map((broadcast) => broadcast.close()));
  for (const proxy of proxies.splice(0)) await proxy.close();
});

afterAll(async () => {
  await database?.stop();
});

async function proxyToDatabase(): Promise<TcpProxy> {
  const target = new URL(database.url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
  proxies.push(proxy);
  return proxy;
}

function instance(
  instanceId: string,
  log: Pick<Console, "info" | "warn"> = quiet,
  options: { databaseUrl?: string; heartbeatMs?: number; queryTimeoutMs?: number } = {},
) {
  const heard: PurgeScope[] = [];
  const broadcast = startPurgeBroadcast({
    databaseUrl: database.url,
    instanceId,
    onPurge: (scope) => heard.push(scope),
    log,
    maxRetryMs: 200,
    ...options,
  });
  open.push(broadcast);
  return { broadcast, heard };
}

describe("purges between instances", () => {
  it("reach every other instance on the database, not the sender", async () => {
    const a = instance("a");
    const b = instance("b");
    const c = instance("c");
    await vi.waitFor(() => expect([a, b, c].every(({ broadcast }) => broadcast.state().listening)).toBe(true));

    await a.broadcast.publish({ contentTypes: ["blogPost"] });
    await vi.waitFor(() => expect(b.heard).toEqual([{ contentTypes: ["blogPost"] }]));
    await vi.waitFor(() => expect(c.heard).toEqual([{ contentTypes: ["blogPost"] }]));
    expect(a.heard).toEqual([]);
    expect(a.broadcast.state()).toMatchObject({ channel: "postgres", listening: true, sent: 1, received: 0 });
    expect(b.broadcast.state()).toMatchObject({ received: 1 });
  });

  it("ignore messages that are not purges", async () => {
    const b = instance("b");
    await vi.waitFor(() => expect(b.broadcast.state().listening).toBe(true));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      for (const payload of ["not json", '{"from":"x"}', '{"from":"x","scope":{"contentTypes":[1]}}']) {
        await client.query("SELECT pg_notify($1, $2)", [PURGE_CHANNEL, payload]);
      }
      await client.query("SELECT pg_notify($1, $2)", [PURGE_CHANNEL, '{"from":"x","scope":{"all":true}}']);
    } finally {
      await client.end();
    }
    await vi.waitFor(() => expect(b.heard).toEqual([{ all: true }]));
  });

  it("reconnect after the connection is lost, and purge everything they may have missed", async () => {
    const log = { info: vi.fn(), warn: vi.fn() };
    const b = instance("b", log);
    await vi.waitFor(() => expect(b.broadcast.state().listening).toBe(true));
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'",
      );
    } finally {
      await admin.end();
    }
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalledWith(expect.stringContaining("are not arriving")));
    await vi.waitFor(() => expect(b.heard).toEqual([{ all: true }]), { timeout: 5_000 });
    expect(b.broadcast.state().listening).toBe(true);

    const a = instance("a");
    await vi.waitFor(() => expect(a.broadcast.state().listening).toBe(true));
    await a.broadcast.publish({ contentTypes: ["partners"] });
    await vi.waitFor(() => expect(b.heard.at(-1)).toEqual({ contentTypes: ["partners"] }));
  });

  it("find out that a listening connection went quiet without closing, reconnect and purge everything", async () => {
    const log = { info: vi.fn(), warn: vi.fn() };
    const proxy = await proxyToDatabase();
    const b = instance("b", log, { databaseUrl: proxy.via(database.url), heartbeatMs: 200, queryTimeoutMs: 300 });
    await vi.waitFor(() => expect(b.broadcast.state().listening).toBe(true));
    // Half-open: the connection stays open, nothing gets through either way, nothing reports an error.
    proxy.stall("both");
    await vi.waitFor(() => expect(b.broadcast.state().listening).toBe(false), { timeout: 3_000 });
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining("no answer to the heartbeat"));
    expect(b.heard).toEqual([]);
    proxy.drop();
    await vi.waitFor(() => expect(b.heard).toEqual([{ all: true }]), { timeout: 5_000 });
    expect(b.broadcast.state().listening).toBe(true);
  });

  it("send a purge once more on a fresh connection when the listening one does not answer", async () => {
    const proxy = await proxyToDatabase();
    const a = instance("a", quiet, { databaseUrl: proxy.via(database.url), heartbeatMs: 60_000, queryTimeoutMs: 500 });
    const b = instance("b");
    await vi.waitFor(() => expect([a, b].every(({ broadcast }) => broadcast.state().listening)).toBe(true));
    proxy.stall("both", { newConnections: false });
    await a.broadcast.publish({ contentTypes: ["partners"] });
    await vi.waitFor(() => expect(b.heard).toEqual([{ contentTypes: ["partners"] }]));
    expect(a.broadcast.state().sent).toBe(1);
  });

  it("keep trying when the database cannot be reached at start", async () => {
    const log = { info: vi.fn(), warn: vi.fn() };
    const broadcast = startPurgeBroadcast({
      databaseUrl: "postgres://nobody@127.0.0.1:9/none",
      instanceId: "x",
      onPurge: () => {},
      log,
      maxRetryMs: 200,
    });
    open.push(broadcast);
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalledTimes(2));
    expect(broadcast.state()).toMatchObject({ listening: false, lastError: expect.any(String) });
    await broadcast.publish({ all: true });
    // Once on no connection, once more on a fresh one: the database is still not there.
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining("could not be sent"), expect.any(Error));
  });
});
