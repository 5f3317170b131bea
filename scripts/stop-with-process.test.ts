import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";

const helper = new URL("./stop-with-process.ts", import.meta.url).href;

/**
 * A script that starts a long-running child of its own, asks for it to be stopped with the script,
 * prints the child's pid and waits. Forgotten, the child is left alone.
 */
function startParent(forget = false): { parent: ChildProcess; childPid: Promise<number> } {
  const source = `
    import { spawn } from "node:child_process";
    import { stopWithProcess } from ${JSON.stringify(helper)};
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    const forget = stopWithProcess(() => child.kill("SIGTERM"));
    if (${forget}) forget();
    console.log(child.pid);
    setInterval(() => {}, 1000);
  `;
  const parent = spawn(process.execPath, ["--input-type=module", "-e", source], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const childPid = once(parent.stdout!, "data").then(([data]) => Number(String(data).trim()));
  return { parent, childPid };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilGone(pid: number): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (!isRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe("stopWithProcess", () => {
  for (const [signal, code] of [
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const) {
    it(`stops what the script started when the script gets ${signal}, then exits with ${code}`, async () => {
      const { parent, childPid } = startParent();
      const pid = await childPid;
      expect(isRunning(pid)).toBe(true);
      const exited = once(parent, "exit");
      parent.kill(signal);
      const [exitCode] = await exited;
      expect(exitCode).toBe(code);
      expect(await waitUntilGone(pid)).toBe(true);
    });
  }

  it("leaves alone what it was told to forget", async () => {
    const { parent, childPid } = startParent(true);
    const pid = await childPid;
    const exited = once(parent, "exit");
    parent.kill("SIGTERM");
    expect((await exited)[0]).toBe(143);
    try {
      expect(isRunning(pid)).toBe(true);
    } finally {
      process.kill(pid, "SIGTERM");
    }
  });
});
