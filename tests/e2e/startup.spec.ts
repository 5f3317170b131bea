import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { networkInterfaces } from "node:os";
import { expect, test } from "./support/fixtures";
import { spawnSite } from "./support/spawn-site";

/** Start-up problems stop the server with one clear line, instead of a server that seems up. */

function occupyPort(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve({ server, port: typeof address === "object" && address ? address.port : 0 });
    });
  });
}

test("a port already in use stops the server with a message naming the port", async () => {
  const { server, port } = await occupyPort();
  try {
    const child = spawn(process.execPath, ["server.js"], {
      env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain(`Cannot start: port ${port} is already in use (127.0.0.1:${port}).`);
    expect(output).not.toContain("listening on");
  } finally {
    server.close();
  }
});

/** The addresses a process listens on at `port` over TCP (IPv4 and IPv6), as Linux lists them. */
function listeningAddresses(port: number): string[] {
  const addresses: string[] = [];
  for (const [file, decode] of [
    [
      "/proc/net/tcp",
      (hex: string) =>
        hex
          .match(/../g)!
          .reverse()
          .map((byte) => Number.parseInt(byte, 16))
          .join("."),
    ],
    ["/proc/net/tcp6", (hex: string) => (/^0+$/.test(hex) ? "::" : /^0{24}01000000$/.test(hex) ? "::1" : hex)],
  ] as const) {
    for (const line of readFileSync(file, "utf8").trim().split("\n").slice(1)) {
      const [, local = "", , state] = line.trim().split(/\s+/);
      const [address = "", portHex = ""] = local.split(":");
      if (state === "0A" && Number.parseInt(portHex, 16) === port) addresses.push(decode(address));
    }
  }
  return addresses;
}

test("a demo started without HOST listens on the machine itself only, and answers at localhost", async () => {
  // HOST and SITE_URL blank are unset: as `npm start` on a laptop.
  const site = await spawnSite({ HOST: "", SITE_URL: "" });
  try {
    expect(site.output()).toMatch(/listening on http:\/\/localhost:\d+ \(127\.0\.0\.1:\d+\)/);
    expect(listeningAddresses(site.port)).toEqual(["127.0.0.1"]);
    const health = await fetch(`http://localhost:${site.port}/healthz`);
    expect(health.status).toBe(200);
    // Every other address of the machine is refused.
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry !== undefined && !entry.internal && entry.family === "IPv4")
      .map((entry) => entry!.address);
    for (const address of others) {
      await expect(fetch(`http://${address}:${site.port}/healthz`), address).rejects.toThrow();
    }
  } finally {
    await site.stop();
  }
});
