import { spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import { expect, test } from "./support/fixtures";

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
