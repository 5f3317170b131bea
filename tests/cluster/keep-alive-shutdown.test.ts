/**
 * An instance stopped under a load balancer's traffic (docs/operations.md): a balancer keeps one connection to it
 * alive and sends a request every 300 ms; the instance gets SIGTERM while a visitor's contact form post
 * is arriving on that connection. The instance answers that post (the lead stored, the visitor
 * thanked), tells the balancer to close the connection, drops no request it took, exits 0 within its
 * grace period and saves its content snapshot. Before this held, the busy keep-alive connection was
 * served until the grace ran out: exit code 1 and no snapshot. Run with `npm run test:cluster` (after
 * a build).
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { SHUTDOWN_GRACE_MS } from "../../server/shutdown.ts";
import { type SpawnedSite, spawnSite } from "../e2e/support/spawn-site.ts";

const REQUEST_EVERY_MS = 300;

const dataDir = mkdtempSync(path.join(tmpdir(), "hub-shutdown-"));
let site: SpawnedSite | undefined;

after(async () => {
  await site?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** What the balancer saw for one request. */
interface Exchange {
  method: string;
  sentAt: number;
  status?: number;
  connection?: string;
  reusedConnection?: boolean;
  body?: string;
  error?: string;
}

function send(
  agent: http.Agent,
  port: number,
  method: "GET" | "POST",
  target: string,
  body?: { first: string; rest: () => Promise<string> },
): Promise<Exchange> {
  const exchange: Exchange = { method: `${method} ${target}`, sentAt: Date.now() };
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: target,
        agent,
        headers: body
          ? { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.first.length * 2) }
          : {},
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({
            ...exchange,
            status: response.statusCode,
            connection: response.headers.connection,
            reusedConnection: request.reusedSocket,
            body: text,
          }),
        );
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ ...exchange, error: error.code ?? error.message }));
    if (!body) {
      request.end();
      return;
    }
    request.write(body.first);
    void body.rest().then((rest) => request.end(rest));
  });
}

/** A contact form post whose body is as long as twice its first half: the filler pads the second half. */
function contactForm(): { first: string; second: (length: number) => string } {
  const first = new URLSearchParams({
    name: "Jordan Reyes",
    email: "jordan.reyes@example.com",
    phone: "(870) 555-0199",
    referralSource: "Website",
    interests: "coworking-space",
  }).toString();
  return { first, second: (length) => `&bot-field=&filler=${"x".repeat(length - "&bot-field=&filler=".length)}` };
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(20);
  }
}

test("SIGTERM under a keep-alive balancer's traffic: every request answered, exit 0 within the grace, snapshot saved", async () => {
  const instance = await spawnSite({ DATA_DIR: dataDir }, { timeoutMs: 60_000 });
  site = instance;
  const { port } = instance;
  const snapshotFile = path.join(dataDir, "content-cache.json");
  // Pages that load content, so the instance has something to keep in its snapshot.
  for (const target of ["/", "/blog", "/events", "/partners"]) {
    const response = await fetch(`${instance.url}${target}`);
    await response.arrayBuffer();
    assert.equal(response.status, 200, target);
  }

  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const exchanges: Exchange[] = [];
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let exitedAt = 0;
  void instance.exited.then((result) => {
    exit = result;
    exitedAt = Date.now();
  });

  // The balancer: a request every 300 ms on its kept-alive connection, until well after the exit.
  const targets = ["/", "/coworking", "/blog", "/healthz"];
  let balancing = true;
  const balancer = (async () => {
    for (let index = 0; balancing; index += 1) {
      exchanges.push(await send(agent, port, "GET", targets[index % targets.length]!));
      await sleep(REQUEST_EVERY_MS);
    }
  })();
  await waitFor(() => exchanges.length >= 4, "the balancer's first requests");

  // A visitor's post on the balancer's connection, its body half sent when SIGTERM arrives.
  const form = contactForm();
  let sigtermAt = 0;
  const post = send(agent, port, "POST", "/contact", {
    first: form.first,
    rest: async () => {
      // The server has had the headers and half the body for a moment (or is still reading them:
      // either way the post is under way on a connection the balancer keeps alive).
      await sleep(200);
      sigtermAt = Date.now();
      process.kill(instance.pid, "SIGTERM");
      await waitFor(() => instance.output().includes("SIGTERM received"), "the server to begin stopping");
      return form.second(form.first.length);
    },
  });
  const posted = await post;
  exchanges.push(posted);

  const giveUp = new AbortController();
  await Promise.race([
    instance.exited,
    sleep(SHUTDOWN_GRACE_MS + 5_000, undefined, { signal: giveUp.signal }).then(() =>
      assert.fail("the server did not exit within its grace period"),
    ),
  ]);
  giveUp.abort();
  // A few more of the balancer's requests after the exit: each is refused at connect.
  const afterExit = exchanges.length;
  await waitFor(() => exchanges.length >= afterExit + 2, "the balancer's requests after the exit");
  balancing = false;
  await balancer;
  agent.destroy();

  const fromSigterm = exchanges.filter((exchange) => exchange.sentAt >= sigtermAt);
  console.log(
    [
      `exit: code ${exit?.code}, ${exitedAt - sigtermAt} ms after SIGTERM (grace ${SHUTDOWN_GRACE_MS} ms)`,
      `the post under way: ${posted.status} Connection: ${posted.connection}`,
      `the balancer's requests from SIGTERM on: ${fromSigterm.map((exchange) => exchange.error ?? `${exchange.status}/${exchange.connection}`).join(" ")}`,
    ].join("\n"),
  );

  const beforeSigterm = exchanges.filter((exchange) => exchange !== posted && exchange.sentAt < sigtermAt);
  assert.ok(
    beforeSigterm.length >= 4 &&
      beforeSigterm.every((exchange) => exchange.status === 200 && exchange.connection === "keep-alive") &&
      beforeSigterm.slice(1).every((exchange) => exchange.reusedConnection),
    `before SIGTERM the balancer's requests share one kept-alive connection: ${JSON.stringify(beforeSigterm.map(({ body: _, ...rest }) => rest))}`,
  );
  assert.equal(posted.status, 200, `the post under way is answered: ${posted.error ?? posted.status}`);
  assert.ok(posted.body?.includes("Thank you for your submission!"), "the visitor is thanked");
  assert.equal(posted.connection, "close", "the answer tells the balancer to close its connection");
  assert.deepEqual(
    exchanges.filter((exchange) => exchange.error !== undefined && exchange.error !== "ECONNREFUSED"),
    [],
    "no request is dropped on a connection the server had taken (only refused connections after it stopped listening)",
  );
  assert.ok(
    exchanges.slice(-2).every((exchange) => exchange.error === "ECONNREFUSED"),
    "after the exit, connections are refused",
  );

  assert.deepEqual(exit, { code: 0, signal: null }, instance.output().slice(-2_000));
  assert.ok(exitedAt - sigtermAt < SHUTDOWN_GRACE_MS, `exited ${exitedAt - sigtermAt} ms after SIGTERM`);
  assert.ok(existsSync(snapshotFile), "the content snapshot is saved");
  assert.ok(statSync(snapshotFile).mtimeMs >= sigtermAt, "the snapshot was written at the shutdown");
  const snapshot = readFileSync(snapshotFile, "utf8");
  assert.ok(JSON.parse(snapshot) && snapshot.length > 1_000, "the snapshot holds the content the pages loaded");

  // The post answered during the shutdown is stored.
  const { stdout } = await promisify(execFile)(process.execPath, ["scripts/leads.ts", "list", "--json"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
  assert.equal((JSON.parse(stdout) as unknown[]).length, 1, "the lead posted during the shutdown is stored");
});
