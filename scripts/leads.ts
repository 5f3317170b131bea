// The hub staff's view of the lead store: the SQLite file the site writes in DATA_DIR, or the PostgreSQL
// database named by DATABASE_URL (the same variables the site reads).
//   npm run leads -- list [--status pending|delivered|spam] [--full] [--json]   contact details masked unless --full
//   npm run leads -- retry <lead id>      make one pending lead due now
//   npm run leads -- retry --all-failed   make every lead that has failed due now
//   npm run leads -- release <lead id>    deliver a lead held as suspected spam (it becomes pending)
//   npm run leads -- export [file.csv]    every lead as CSV (to the file, or to the terminal)
//   npm run leads -- delete <lead id>     delete one lead
//   npm run leads -- erase <email>        delete every lead of that person (a deletion request), in the
//                                         store and in the older copies kept in DATA_DIR (docs/leads.md)
//   npm run leads -- purge --delivered-before <YYYY-MM-DD>   delete leads delivered before that day
//   npm run leads -- backup <file>        a consistent copy of the SQLite store (VACUUM INTO), site running
//   npm run leads -- restore <file>       replace the SQLite store with a backup (the site stopped)
//   npm run leads -- move-to-postgres     copy the SQLite store's pending leads and held spam into DATABASE_URL's
// Destructive commands ask for confirmation unless given --yes. The running site picks retried and
// released leads up within seconds. In the image, /app is not writable: export to standard output
// (`npm run --silent leads -- export > leads.csv`) and back up into DATA_DIR (/data).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import {
  IN_USE_WITHIN_MS,
  type Lead,
  type LeadStatus,
  leadsToCsv,
  maskEmail,
  maskPhone,
  openLeadStore,
} from "../app/services/leads/index.ts";
import { eraseInLeftoverStores, findLeftoverStores } from "../app/services/leads/leftover-stores.server.ts";
import { moveLeadsToPostgres } from "../app/services/leads/move-to-postgres.server.ts";
import { backupSqliteLeads } from "../app/services/leads/sqlite-backup.server.ts";
import { restoreSqliteLeads } from "../app/services/leads/sqlite-restore.server.ts";
import { parseCommandLine } from "./command-line.ts";

const USAGE =
  "Usage: npm run leads -- list [--status pending|delivered|spam] [--full] [--json] | retry <id> | retry --all-failed | release <id> | export [file] | delete <id> | erase <email> | purge --delivered-before <YYYY-MM-DD> | backup <file> | restore <file> | move-to-postgres  (add --yes to skip the confirmation)";

const STATUSES: readonly LeadStatus[] = ["pending", "delivered", "spam"];

const { values, positionals } = parseCommandLine(import.meta.filename, {
  allowPositionals: true,
  options: {
    status: { type: "string" },
    full: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    "all-failed": { type: "boolean", default: false },
    "delivered-before": { type: "string" },
    yes: { type: "boolean", default: false },
  },
});

const dataDir = path.resolve(process.env.DATA_DIR?.trim() || "./data");
const databaseUrl = process.env.DATABASE_URL?.trim() || null;
const [command, argument] = positionals;

/** A lead as staff see it: contact details masked unless they asked for them in full. */
function shown(lead: Lead, full: boolean): Lead {
  if (full) return lead;
  return { ...lead, name: `${lead.name.charAt(0)}.`, email: maskEmail(lead.email), phone: maskPhone(lead.phone) };
}

/** The last column: why a lead is held, why its last post failed, or what the visitor confirmed to send it. */
function whyNoted(lead: Lead): string {
  if (lead.status === "spam") return `held: ${lead.spamReason}`;
  const notes = [
    lead.lastError,
    lead.spamReason ? `released, was held: ${lead.spamReason}` : null,
    lead.confirmedReasons ? `confirmed by the visitor: ${lead.confirmedReasons}` : null,
  ];
  return notes.filter(Boolean).join("; ");
}

function table(leads: Lead[]): string {
  const rows = leads.map((lead) => [
    lead.id,
    lead.createdAt.replace("T", " ").slice(0, 19),
    lead.status,
    String(lead.attempts),
    lead.status === "pending" ? lead.nextAttemptAt.replace("T", " ").slice(0, 19) : "",
    lead.name,
    lead.email,
    lead.phone,
    whyNoted(lead),
  ]);
  const header = [
    "id",
    "created (UTC)",
    "status",
    "attempts",
    "next attempt",
    "name",
    "email",
    "phone",
    "last error / why held / confirmed",
  ];
  const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => row[index]!.length)));
  return [header, ...rows].map((row) => row.map((cell, index) => cell.padEnd(widths[index]!)).join("  ")).join("\n");
}

/** Asks before a deletion; `--yes` answers for the operator (scripts, cron). */
async function confirmed(question: string): Promise<boolean> {
  if (values.yes) return true;
  if (!process.stdin.isTTY) {
    console.error(`${question}\nNot confirmed: run it again with --yes to confirm without a prompt.`);
    return false;
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await prompt.question(`${question} [y/N] `)).trim());
  } finally {
    prompt.close();
  }
}

async function backup(): Promise<number> {
  if (databaseUrl) {
    console.error(
      "DATABASE_URL is set: the leads are in PostgreSQL. Back them up with the database's own tools (pg_dump, or the provider's backups).",
    );
    return 2;
  }
  if (!argument) {
    console.error("Name the backup file, e.g. npm run leads -- backup /data/leads-2026-11-24.sqlite");
    return 2;
  }
  try {
    const copy = await backupSqliteLeads({ dataDir, target: argument });
    const held = copy.spam > 0 ? `, ${copy.spam} of them held as suspected spam,` : "";
    console.log(`Backed up ${copy.leads} lead(s)${held} from ${copy.source} to ${copy.target} (${copy.bytes} bytes).`);
    return 0;
  } catch (error) {
    console.error(`No backup made: ${(error as Error).message}`);
    return 1;
  }
}

async function restore(): Promise<number> {
  if (databaseUrl) {
    console.error(
      "DATABASE_URL is set: the leads are in PostgreSQL. Restore them with pg_restore, as ops/bin/hub-site-restore does (docs/operations.md, Restoring the leads).",
    );
    return 2;
  }
  if (!argument) {
    console.error("Name the backup file, e.g. npm run leads -- restore /data/leads-2026-11-24.sqlite");
    return 2;
  }
  const question = `Replace the lead store in ${dataDir} with ${path.resolve(argument)}? The current store is kept beside it.`;
  if (!(await confirmed(question))) return 1;
  try {
    const report = await restoreSqliteLeads({ dataDir, backup: argument });
    const { pending, delivered, spam } = report.restored;
    console.log(
      `Restored ${report.backup} into ${report.target}: ${pending} pending, ${delivered} delivered, ${spam} held as spam.`,
    );
    if (report.setAside) console.log(`The store it replaced is kept as ${report.setAside}.`);
    const carried = report.carriedOver;
    if (carried?.readable) {
      console.log(
        `From the store it replaced: ${carried.markedDelivered} lead(s) pending in the backup but delivered since are marked delivered (not posted again); ${carried.leadsKept} lead(s) and ${carried.spamKept} held spam stored or released since the backup are kept, and its ${carried.secretsKept} secret(s) (the form token's: forms open on visitors' screens still send).`,
      );
    } else {
      const why = carried
        ? `The store it replaced could not be read (${carried.problem})`
        : "There was no store to compare with";
      console.log(
        `${why}: any of the ${pending} pending lead(s) delivered after the backup was made would be posted again when the site starts. Before starting it, check them against the CRM (npm run leads -- list --status pending --full) and delete the ones it has (npm run leads -- delete <id>); a receiver that drops a webhook-id / Idempotency-Key it has seen (the lead's id) takes each once anyway.`,
      );
    }
    console.log(
      "Leads deleted or erased since the backup are back: run again every erase (deletion request) made since it.",
    );
    return 0;
  } catch (error) {
    console.error(`Nothing restored: ${(error as Error).message}`);
    return 1;
  }
}

async function moveToPostgres(): Promise<number> {
  if (!databaseUrl) {
    console.error(
      "Set DATABASE_URL to the PostgreSQL database the leads should move to (and DATA_DIR to the SQLite store's).",
    );
    return 2;
  }
  try {
    const moved = await moveLeadsToPostgres({ dataDir, databaseUrl });
    console.log(
      `${moved.pending} pending lead(s) in ${moved.source}: ${moved.copied} copied to ${moved.destination}, ${moved.alreadyThere} already there; ${moved.spamCopied} of ${moved.spam} held spam copied. The SQLite file is unchanged; do not start a site on it again, or its pending leads are delivered twice.`,
    );
    for (const { name, outcome } of moved.secrets) {
      if (outcome === "copied")
        console.log(`The ${name} secret was copied: forms rendered before the move still send.`);
      if (outcome === "different") {
        console.log(
          `PostgreSQL already has another ${name} secret, kept. Forms rendered by the SQLite instance were signed with the other one and would be held as forged: unless FORM_TOKEN_SECRET is set (the same on every instance), set it to both, the PostgreSQL one first (docs/operations.md).`,
        );
      }
    }
    return 0;
  } catch (error) {
    console.error(`Nothing moved: ${(error as Error).message}`);
    return 1;
  }
}

async function main(): Promise<number> {
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  if (command === "backup") return backup();
  if (command === "restore") return restore();
  if (command === "move-to-postgres") return moveToPostgres();
  const store = await openLeadStore({ dataDir, databaseUrl });
  try {
    switch (command) {
      case "list": {
        const status = values.status as LeadStatus | undefined;
        if (status && !STATUSES.includes(status)) {
          console.error("--status must be pending, delivered or spam.");
          return 2;
        }
        const leads = (await store.list(status)).map((lead) => shown(lead, values.full ?? false));
        if (values.json) console.log(JSON.stringify(leads, null, 2));
        else {
          const stats = await store.stats();
          console.log(
            `${stats.pending} pending (${stats.retrying} failed at least once), ${stats.delivered} delivered, ${stats.spam} held as suspected spam; ${store.location}`,
          );
          if (leads.length > 0) console.log(table(leads));
        }
        return 0;
      }
      case "release": {
        if (!argument) {
          console.error("Name the lead id to release (npm run leads -- list --status spam lists them).");
          return 2;
        }
        const released = await store.release(argument);
        if (!released) {
          console.error(`${argument} is not held as spam.`);
          return 1;
        }
        const { lead } = released;
        if (released.alreadyStored) {
          console.log(
            `${argument}'s submission was stored as lead ${lead.id} (${lead.status}) meanwhile: that is the lead; the held copy is dropped.`,
          );
          return 0;
        }
        const running = await store.activeInstances(IN_USE_WITHIN_MS);
        console.log(
          `Released ${lead.id} (${maskEmail(lead.email)}), held as: ${lead.spamReason}. It is pending now; ${
            running.length > 0
              ? "the running site delivers it within seconds."
              : "no site uses this store right now: it is delivered when one starts."
          }`,
        );
        return 0;
      }
      case "retry": {
        if (values["all-failed"]) {
          console.log(`${await store.retry({ allFailed: true })} lead(s) due now.`);
          return 0;
        }
        if (!argument) {
          console.error("Name a lead id, or use --all-failed.");
          return 2;
        }
        const changed = await store.retry(argument);
        console.log(changed ? `${argument} is due now.` : `${argument} is not a pending lead.`);
        return changed ? 0 : 1;
      }
      case "export": {
        const leads = await store.list();
        const csv = leadsToCsv(leads);
        if (argument) {
          try {
            writeFileSync(argument, csv);
          } catch (error) {
            console.error(
              `Cannot write ${argument}: ${(error as Error).message}. Export to standard output instead (npm run --silent leads -- export > leads.csv), or name a file in a folder you can write (DATA_DIR).`,
            );
            return 1;
          }
          console.log(`Wrote ${leads.length} lead(s) to ${argument}.`);
        } else process.stdout.write(csv);
        return 0;
      }
      case "delete": {
        if (!argument) {
          console.error("Name the lead id to delete.");
          return 2;
        }
        const lead = await store.get(argument);
        if (!lead) {
          console.error(`${argument} is not a stored lead.`);
          return 1;
        }
        const pending = lead.status === "pending" ? " It has not been delivered yet." : "";
        if (!(await confirmed(`Delete lead ${lead.id} (${maskEmail(lead.email)})?${pending}`))) return 1;
        console.log(`Deleted ${await store.delete(argument)} lead.`);
        return 0;
      }
      case "erase": {
        if (!argument?.includes("@")) {
          console.error("Name the email address whose leads to erase.");
          return 2;
        }
        const matching = (await store.list()).filter((lead) => lead.email.toLowerCase() === argument.toLowerCase());
        const leftovers = findLeftoverStores({ dataDir, usesPostgres: databaseUrl !== null });
        if (matching.length === 0 && leftovers.length === 0) {
          console.log(`No lead has the email ${maskEmail(argument)}.`);
          return 0;
        }
        const andKept =
          leftovers.length > 0 ? ` and any in the ${leftovers.length} older cop(ies) of the store in ${dataDir}` : "";
        if (
          !(await confirmed(
            `Erase ${matching.length} lead(s) of ${maskEmail(argument)}${andKept}? This cannot be undone.`,
          ))
        ) {
          return 1;
        }
        const delivered = matching.filter((lead) => lead.status === "delivered" || lead.deliveredAt !== null).length;
        const mirrored = matching.filter((lead) => lead.mirrorStatus !== null).length;
        console.log(`Erased ${await store.erase(argument)} lead(s) of ${maskEmail(argument)} from ${store.location}.`);
        for (const { store: kept, erased } of await eraseInLeftoverStores(
          { dataDir, usesPostgres: databaseUrl !== null },
          argument,
        )) {
          console.log(
            `Erased ${erased} from ${kept.file} (${kept.why}; deleted on ${kept.deleteAfter.toISOString().slice(0, 10)}).`,
          );
        }
        console.log(
          [
            "This does not reach:",
            `- the CRM behind LEAD_WEBHOOK_URL: ${delivered} of them were delivered there; erase them there too;`,
            `- the mirror (LEAD_MIRROR_URL): ${mirrored} cop${mirrored === 1 ? "y was" : "ies were"} sent there; ask its owner;`,
            "- backups of the lead store (and database snapshots): they keep these leads until they expire, and a restore brings them back; erase again after any restore.",
          ].join("\n"),
        );
        return 0;
      }
      case "purge": {
        const day = values["delivered-before"];
        if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day))) {
          console.error("Give the day as --delivered-before YYYY-MM-DD.");
          return 2;
        }
        const before = new Date(`${day}T00:00:00.000Z`);
        const count = (await store.list("delivered")).filter(
          (lead) => lead.deliveredAt !== null && lead.deliveredAt < before.toISOString(),
        ).length;
        if (count === 0) {
          console.log(`No lead was delivered before ${day}.`);
          return 0;
        }
        if (!(await confirmed(`Delete ${count} lead(s) delivered before ${day} (UTC)? This cannot be undone.`)))
          return 1;
        console.log(`Purged ${await store.purgeDelivered(before)} lead(s) delivered before ${day}.`);
        return 0;
      }
      default:
        console.error(USAGE);
        return 2;
    }
  } finally {
    await store.close();
  }
}

process.exitCode = await main();
