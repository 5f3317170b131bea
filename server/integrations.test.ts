import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/services/env.server";
import { DemoFilesMissingError, resolveIntegrations } from "./integrations.ts";

/**
 * Demo mode where the demo's files are not (the production image leaves demo/ out): one line that
 * says how to run the demo, instead of a file-not-found stack trace from inside a stand-in.
 */

const checkout = path.resolve(import.meta.dirname, "..");
const folders: string[] = [];

function installationWithout(...kept: string[]): string {
  const root = mkdtempSync(path.join(tmpdir(), "hub-no-demo-"));
  folders.push(root);
  for (const relative of kept) {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    cpSync(path.join(checkout, relative), path.join(root, relative), { recursive: true });
  }
  return root;
}

async function refusal(env: Record<string, string>, projectRoot: string): Promise<Error> {
  const outcome = await resolveIntegrations(parseEnv(env), { projectRoot }).then(
    async (integrations) => {
      await integrations.close();
      return null;
    },
    (error: unknown) => error as Error,
  );
  if (!outcome) throw new Error("resolveIntegrations started although demo files were missing");
  return outcome;
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

// The last test starts the demo stand-ins: seconds on a busy machine.
describe("demo mode without the demo's files", { timeout: 30_000 }, () => {
  it("stops before any stand-in starts, with one line naming the dataset and how to run the demo", async () => {
    const error = await refusal({ SITE_MODE: "demo" }, installationWithout());
    expect(error).toBeInstanceOf(DemoFilesMissingError);
    expect(error.message).toMatch(/^Cannot start: SITE_MODE=demo /);
    expect(error.message).toContain("demo/data/space.json");
    expect(error.message).toContain("npm ci && npm run build && npm start");
    expect(error.message).not.toContain("\n");
  });

  it("names the events stand-in's covers when only the events are unconfigured", async () => {
    const error = await refusal(
      {
        SITE_MODE: "demo",
        CONTENTFUL_SPACE_ID: "space",
        CONTENTFUL_ACCESS_TOKEN: "token",
      },
      installationWithout(),
    );
    expect(error).toBeInstanceOf(DemoFilesMissingError);
    expect(error.message).toContain("demo/assets/events");
  });

  it("starts the stand-ins when the files are there", async () => {
    const root = installationWithout("demo/data/space.json", "demo/assets/events");
    const integrations = await resolveIntegrations(parseEnv({ SITE_MODE: "demo" }), { projectRoot: root });
    try {
      expect(integrations.content.mode).toBe("demo");
      expect(integrations.events.mode).toBe("demo");
    } finally {
      await integrations.close();
    }
  });
});
