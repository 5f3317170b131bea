import { existsSync, readdirSync, rmSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { sqliteLeadFile } from "./sqlite-backup.server.ts";
import { loadSqlite } from "./sqlite-store.server.ts";

/**
 * The copies of the SQLite lead store the site leaves in DATA_DIR beside its own (docs/leads.md,
 * Retention): the store a restore replaced (`leads.sqlite.before-restore-<time>`), and, once the leads
 * live in PostgreSQL, the SQLite store they were moved from (`leads.sqlite`, last written when the
 * SQLite site stopped). Erasures and the retention reach them while they are kept, and each is deleted
 * `LEFTOVER_STORE_DAYS` after it was left.
 */

export const LEFTOVER_STORE_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;
const SET_ASIDE = /^leads\.sqlite\.before-restore-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

export interface LeftoverStore {
  file: string;
  why: "set aside by a restore" | "left by the move to PostgreSQL";
  leftAt: Date;
  deleteAfter: Date;
}

export function findLeftoverStores({
  dataDir,
  usesPostgres,
}: {
  dataDir: string;
  usesPostgres: boolean;
}): LeftoverStore[] {
  if (!existsSync(dataDir)) return [];
  const found: LeftoverStore[] = [];
  const left = (file: string, why: LeftoverStore["why"], leftAt: Date) =>
    found.push({ file, why, leftAt, deleteAfter: new Date(leftAt.getTime() + LEFTOVER_STORE_DAYS * DAY_MS) });
  for (const name of readdirSync(dataDir).sort()) {
    const stamp = SET_ASIDE.exec(name);
    if (stamp) {
      const [, year, month, day, hour, minute, second] = stamp;
      left(
        path.join(dataDir, name),
        "set aside by a restore",
        new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`),
      );
    }
  }
  const moved = sqliteLeadFile(dataDir);
  if (usesPostgres && existsSync(moved)) left(moved, "left by the move to PostgreSQL", statSync(moved).mtime);
  return found;
}

/**
 * Runs `change` on a leftover store in one transaction (given the tables it has: an old store may lack
 * some), keeping its time stamps: the move's leftover is dated by its own.
 */
async function changeLeftover(
  file: string,
  change: (db: import("node:sqlite").DatabaseSync, has: (table: string) => boolean) => number,
): Promise<number> {
  const { DatabaseSync } = await loadSqlite();
  const { atime, mtime } = statSync(file);
  const db = new DatabaseSync(file);
  let changed = 0;
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        ({ name }) => name,
      ),
    );
    db.exec("BEGIN IMMEDIATE");
    try {
      changed = change(db, (table) => tables.has(table));
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  } finally {
    db.close();
  }
  utimesSync(file, atime, mtime);
  return changed;
}

/** `DELETE FROM table WHERE …` in a leftover store, when it has that table; how many rows went. */
function deleteWhere(
  db: import("node:sqlite").DatabaseSync,
  has: (table: string) => boolean,
  table: "leads" | "spam_leads",
  where: string,
  value: string,
): number {
  return has(table) ? Number(db.prepare(`DELETE FROM ${table} WHERE ${where}`).run(value).changes) : 0;
}

/** Deletes every lead of one person (held spam included) from each leftover store. */
export async function eraseInLeftoverStores(
  where: { dataDir: string; usesPostgres: boolean },
  email: string,
): Promise<{ store: LeftoverStore; erased: number }[]> {
  const results: { store: LeftoverStore; erased: number }[] = [];
  for (const store of findLeftoverStores(where)) {
    const erased = await changeLeftover(
      store.file,
      (db, has) =>
        deleteWhere(db, has, "leads", "lower(email) = lower(?)", email.trim()) +
        deleteWhere(db, has, "spam_leads", "lower(email) = lower(?)", email.trim()),
    );
    results.push({ store, erased });
  }
  return results;
}

/**
 * What every server does for the leftover stores in its own DATA_DIR (not only the instance that runs
 * the day's retention: each has its own folder): deletes those kept `LEFTOVER_STORE_DAYS`, and applies
 * the retention to the rest (delivered leads older than `retentionDays`, spam older than `spamDays`).
 */
export async function sweepLeftoverStores({
  dataDir,
  usesPostgres,
  retentionDays,
  spamDays,
  now = new Date(),
}: {
  dataDir: string;
  usesPostgres: boolean;
  retentionDays: number;
  spamDays: number;
  now?: Date;
}): Promise<{ deleted: LeftoverStore[]; purged: { store: LeftoverStore; leads: number }[] }> {
  const deleted: LeftoverStore[] = [];
  const purged: { store: LeftoverStore; leads: number }[] = [];
  for (const store of findLeftoverStores({ dataDir, usesPostgres })) {
    if (store.deleteAfter <= now) {
      for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${store.file}${suffix}`, { force: true });
      deleted.push(store);
      continue;
    }
    const deliveredBefore = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
    const spamBefore = new Date(now.getTime() - spamDays * DAY_MS).toISOString();
    const leads = await changeLeftover(
      store.file,
      (db, has) =>
        deleteWhere(db, has, "leads", "status = 'delivered' AND delivered_at < ?", deliveredBefore) +
        deleteWhere(db, has, "spam_leads", "created_at < ?", spamBefore),
    );
    if (leads > 0) purged.push({ store, leads });
  }
  return { deleted, purged };
}
