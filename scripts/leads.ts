// The hub staff's view of the lead store (the SQLite file the site writes in DATA_DIR):
//   npm run leads -- list [--status pending|delivered] [--full] [--json]
//   npm run leads -- retry <lead id>      make one pending lead due now
//   npm run leads -- retry --all-failed   make every lead that has failed due now
//   npm run leads -- export [file.csv]    every lead as CSV (to the file, or to the terminal)
// The running site picks retried leads up within a minute.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  type Lead,
  type LeadStatus,
  leadsToCsv,
  maskEmail,
  maskPhone,
  openLeadStore,
} from "../app/services/leads.server.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    status: { type: "string" },
    full: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    "all-failed": { type: "boolean", default: false },
  },
});

const dataDir = path.resolve(process.env.DATA_DIR?.trim() || "./data");
const [command, argument] = positionals;

function table(leads: Lead[], full: boolean): string {
  const rows = leads.map((lead) => [
    lead.id,
    lead.createdAt.replace("T", " ").slice(0, 19),
    lead.status,
    String(lead.attempts),
    lead.status === "pending" ? lead.nextAttemptAt.replace("T", " ").slice(0, 19) : "",
    full ? lead.name : `${lead.name.charAt(0)}.`,
    full ? lead.email : maskEmail(lead.email),
    full ? lead.phone : maskPhone(lead.phone),
    lead.lastError ?? "",
  ]);
  const header = ["id", "created (UTC)", "status", "attempts", "next attempt", "name", "email", "phone", "last error"];
  const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => row[index]!.length)));
  return [header, ...rows].map((row) => row.map((cell, index) => cell.padEnd(widths[index]!)).join("  ")).join("\n");
}

async function main(): Promise<number> {
  const store = await openLeadStore({ dataDir });
  try {
    switch (command) {
      case "list": {
        const status = values.status as LeadStatus | undefined;
        if (status && status !== "pending" && status !== "delivered") {
          console.error("--status must be pending or delivered.");
          return 2;
        }
        const leads = store.list(status);
        if (values.json) console.log(JSON.stringify(leads, null, 2));
        else {
          const stats = store.stats();
          console.log(
            `${stats.pending} pending (${stats.retrying} failed at least once), ${stats.delivered} delivered; ${dataDir}`,
          );
          if (leads.length > 0) console.log(table(leads, values.full ?? false));
        }
        return 0;
      }
      case "retry": {
        if (values["all-failed"]) {
          console.log(`${store.retry({ allFailed: true })} lead(s) due now.`);
          return 0;
        }
        if (!argument) {
          console.error("Name a lead id, or use --all-failed.");
          return 2;
        }
        const changed = store.retry(argument);
        console.log(changed ? `${argument} is due now.` : `${argument} is not a pending lead.`);
        return changed ? 0 : 1;
      }
      case "export": {
        const csv = leadsToCsv(store.list());
        if (argument) {
          writeFileSync(argument, csv);
          console.log(`Wrote ${store.list().length} lead(s) to ${argument}.`);
        } else process.stdout.write(csv);
        return 0;
      }
      default:
        console.error(
          "Usage: npm run leads -- list [--status pending|delivered] [--full] [--json] | retry <id> | retry --all-failed | export [file]",
        );
        return 2;
    }
  } finally {
    store.close();
  }
}

process.exitCode = await main();
