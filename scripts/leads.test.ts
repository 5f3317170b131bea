import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openLeadStore } from "../app/services/leads.server.ts";

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "leads-cli-"));
});

afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(...args: string[]) {
  return spawnSync(process.execPath, [path.resolve(import.meta.dirname, "leads.ts"), ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
  });
}

async function seed() {
  const store = await openLeadStore({ dataDir });
  const pending = store.create({
    name: "Jordan Reyes",
    email: "jordan@example.com",
    phone: "(870) 555-0199",
    interests: ["partnership"],
    referralSource: "Event",
  });
  const delivered = store.create({
    name: "Sam Lee",
    email: "sam@example.com",
    phone: "870-555-0100",
    interests: ["coworking-space"],
    referralSource: "Website",
  });
  store.markDelivered(delivered.id);
  store.recordFailure(pending.id, "webhook answered 503", new Date(Date.now() + 3_600_000));
  store.close();
  return { pending, delivered };
}

describe("npm run leads", () => {
  it("lists leads with personal data masked unless asked", async () => {
    const { pending } = await seed();
    const masked = cli("list");
    expect(masked.status).toBe(0);
    expect(masked.stdout).toContain("1 pending (1 failed at least once), 1 delivered");
    expect(masked.stdout).toContain(pending.id);
    expect(masked.stdout).toContain("j***@e***.com");
    expect(masked.stdout).not.toContain("jordan@example.com");
    expect(cli("list", "--full").stdout).toContain("jordan@example.com");
    const json = JSON.parse(cli("list", "--status", "pending", "--json").stdout);
    expect(json.map((lead: { id: string }) => lead.id)).toEqual([pending.id]);
  });

  it("makes failed leads due again", async () => {
    const { pending } = await seed();
    expect(cli("retry", "--all-failed").stdout).toContain("1 lead(s) due now.");
    const store = await openLeadStore({ dataDir });
    expect(store.due().map((lead) => lead.id)).toEqual([pending.id]);
    store.close();
    expect(cli("retry", "lead_nope").status).toBe(1);
  });

  it("exports every lead as CSV", async () => {
    await seed();
    const file = path.join(dataDir, "leads.csv");
    expect(cli("export", file).status).toBe(0);
    const lines = readFileSync(file, "utf8").trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^id,created_at,name,email,phone/);
    expect(readFileSync(file, "utf8")).toContain("jordan@example.com");
  });
});
