import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestDatabase, type TestDatabase } from "../../../tests/support/postgres.ts";
import type { PurgeScope } from "./caches.server";
import { PURGE_CHANNEL, type PurgeBroadcast, startPurgeBroadcast } from "./purge-broadcast.server";

let database: TestDatabase;
const open: PurgeBroadcast[] = [];
const quiet = { info: vi.fn(), warn: vi.fn() };

beforeAll(async () => {
  database = await startTestDatabase();
}, 60_000);

afterEach(async () => {
  await Promise.all(open.splice(0).map((broadcast) => broadcast.close()));
});

afterAll(async () => {
  await database?.stop();
});

function instance(instanceId: string, log: Pick<Console, "info" | "warn"> = quiet) {
  const heard: PurgeScope[] = [];
  const broadcast = startPurgeBroadcast({
    databaseUrl: database.url,
    instanceId,
    onPurge: (scope) => heard.push(scope),
    log,
    maxRetryMs: 200,
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
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining("could not be sent"));
  });
});
