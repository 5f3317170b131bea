import { existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { IN_USE_WITHIN_MS } from "./housekeeping.server.ts";
import { sqliteLeadFile } from "./sqlite-backup.server.ts";
import { loadSqlite, openSqliteLeadStore, SQLITE_MIGRATIONS } from "./sqlite-store.server.ts";
import type { LeadStats } from "./store.server.ts";

/**
 * Restoring the SQLite lead store from a backup (`npm run leads -- restore <file>`, which
 * ops/bin/hub-site-restore runs: docs/operations.md, Restoring the leads):
 * - refused while a server uses the store (each server says so every 10 s in the store itself), and
 *   for a file that is not a lead store, is damaged, or was made by a newer version of the site;
 * - the backup is copied (VACUUM INTO, so the file itself is never changed) and migrated to this
 *   version's schema before it replaces anything;
 * - from the store it replaces, when that can still be read: leads pending in the backup but delivered
 *   since are marked delivered (so they are not posted again), leads and spam stored since the backup
 *   are kept, spam released since stays released, and the secrets it made are kept (the form token's
 *   signs the forms open on visitors' screens). What cannot be known: leads deleted or erased since
 *   the backup are back;
 * - the replaced store is never deleted: it is set aside beside it as `leads.sqlite.before-restore-<time>`.
 */

export interface RestoreReport {
  backup: string;
  target: string;
  /** Where the store that was replaced now is; null when there was none. */
  setAside: string | null;
  restored: LeadStats;
  /** What came over from the replaced store; null when there was none. */
  carriedOver:
    | { readable: true; markedDelivered: number; leadsKept: number; spamKept: number; secretsKept: number }
    | { readable: false; problem: string }
    | null;
}

/** A lead store's own columns, in order, for copying rows between two stores of one schema. */
function columns(db: import("node:sqlite").DatabaseSync, table: string): string {
  const names = (db.prepare(`PRAGMA main.table_info(${table})`).all() as { name: string }[]).map(({ name }) => name);
  return names.map((name) => `"${name}"`).join(", ");
}

export async function restoreSqliteLeads({
  dataDir,
  backup,
  now = () => new Date(),
}: {
  dataDir: string;
  backup: string;
  now?: () => Date;
}): Promise<RestoreReport> {
  const { DatabaseSync } = await loadSqlite();
  const target = sqliteLeadFile(dataDir);
  const source = path.resolve(backup);
  if (!existsSync(source)) throw new Error(`${source} does not exist.`);
  if (source === path.resolve(target)) throw new Error(`${source} is the store itself; name a backup file.`);

  // The backup: a lead store, whole, of a schema this version knows.
  const checked = new DatabaseSync(source, { readOnly: true });
  try {
    const tables = checked.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'leads'").all();
    if (tables.length === 0) throw new Error(`${source} is not a lead store (it has no leads table).`);
    const integrity = checked.prepare("PRAGMA integrity_check").get() as { integrity_check: string };
    if (integrity.integrity_check !== "ok") throw new Error(`${source} is damaged: ${integrity.integrity_check}`);
    const { user_version: version } = checked.prepare("PRAGMA user_version").get() as { user_version: number };
    if (version > SQLITE_MIGRATIONS.length) {
      throw new Error(
        `${source} was made by a newer version of the site (schema ${version}; this one knows ${SQLITE_MIGRATIONS.length}). Restore it with that version.`,
      );
    }
  } finally {
    checked.close();
  }

  // Never under a running server: it would go on writing to the file set aside.
  if (existsSync(target)) {
    const users = serversUsing(DatabaseSync, target, now());
    if (users.length > 0) {
      throw new Error(
        `a server uses ${target} (${users.join(", ")}). Stop the site first (docker stop -t 30 hub-site), then restore.`,
      );
    }
  }

  const staging = mkdtempSync(path.join(dataDir, ".restore-"));
  try {
    const staged = sqliteLeadFile(staging);
    const copy = new DatabaseSync(source, { readOnly: true });
    try {
      copy.prepare("VACUUM INTO ?").run(staged);
    } finally {
      copy.close();
    }
    // This version's schema, as the site would migrate it on start.
    await (await openSqliteLeadStore({ dataDir: staging, now })).close();

    let carriedOver: RestoreReport["carriedOver"] = null;
    if (existsSync(target)) carriedOver = await carryOver(DatabaseSync, staged, dataDir, now);

    const setAside = existsSync(target) ? setAsideStore(target, now()) : null;
    renameSync(staged, target);
    const store = await openSqliteLeadStore({ dataDir, now });
    try {
      return { backup: source, target, setAside, restored: await store.stats(), carriedOver };
    } finally {
      await store.close();
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The servers that said they use the store at `file` within `IN_USE_WITHIN_MS`. */
function serversUsing(Database: typeof import("node:sqlite").DatabaseSync, file: string, at: Date): string[] {
  let db: import("node:sqlite").DatabaseSync;
  try {
    db = new Database(file, { readOnly: true });
  } catch {
    return []; // unreadable: no server can be using it either
  }
  try {
    const since = new Date(at.getTime() - IN_USE_WITHIN_MS).toISOString();
    const rows = db
      .prepare("SELECT key, value FROM lead_settings WHERE key LIKE 'instance:%' AND value >= ?")
      .all(since) as { key: string; value: string }[];
    return rows.map(({ key, value }) => `${key.slice("instance:".length)}, seen at ${value}`);
  } catch {
    return []; // a store from before servers said so
  } finally {
    db.close();
  }
}

/**
 * Brings over, from the store about to be replaced, what happened after the backup: deliveries of
 * leads the backup has as pending, and leads and spam it does not have.
 */
async function carryOver(
  Database: typeof import("node:sqlite").DatabaseSync,
  staged: string,
  dataDir: string,
  now: () => Date,
): Promise<RestoreReport["carriedOver"]> {
  try {
    // The replaced store, at this version's schema too (and its write-ahead log folded in).
    await (await openSqliteLeadStore({ dataDir, now })).close();
  } catch (error) {
    return { readable: false, problem: (error as Error).message };
  }
  const db = new Database(staged);
  try {
    db.prepare("ATTACH DATABASE ? AS previous").run(sqliteLeadFile(dataDir));
    db.exec("BEGIN IMMEDIATE");
    try {
      const markedDelivered = db
        .prepare(
          `UPDATE leads SET status = 'delivered',
             delivered_at = (SELECT p.delivered_at FROM previous.leads p WHERE p.id = leads.id),
             last_error = NULL, claimed_by = NULL, claimed_until = NULL
           WHERE status = 'pending' AND id IN (SELECT id FROM previous.leads WHERE status = 'delivered')`,
        )
        .run().changes;
      // A submission the backup does not have, as a lead or as spam; held spam that staff released since
      // is in the backup's spam under its own id, and comes over as the lead it is now.
      const newSubmission = (table: string) => `(submission_key IS NULL OR (
        submission_key NOT IN (SELECT submission_key FROM main.leads WHERE submission_key IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM main.spam_leads s
          WHERE s.submission_key = ${table}.submission_key AND s.id <> ${table}.id)))`;
      const leadColumns = columns(db, "leads");
      const leadsKept = db
        .prepare(
          `INSERT INTO main.leads (${leadColumns}) SELECT ${leadColumns} FROM previous.leads
           WHERE id NOT IN (SELECT id FROM main.leads) AND ${newSubmission("previous.leads")}`,
        )
        .run().changes;
      const spamColumns = columns(db, "spam_leads");
      const spamKept = db
        .prepare(
          `INSERT INTO main.spam_leads (${spamColumns}) SELECT ${spamColumns} FROM previous.spam_leads
           WHERE id NOT IN (SELECT id FROM main.spam_leads) AND id NOT IN (SELECT id FROM main.leads)
             AND ${newSubmission("previous.spam_leads")}`,
        )
        .run().changes;
      // Spam in the backup that staff released since is a lead now, not both.
      db.exec("DELETE FROM main.spam_leads WHERE id IN (SELECT id FROM main.leads)");
      // The secrets the replaced store made (the form token's, which signed every form on visitors'
      // screens), over whatever the backup has: a backup from before the secret was made has none.
      const secretsKept = db
        .prepare(
          `INSERT INTO main.lead_settings (key, value) SELECT key, value FROM previous.lead_settings
           WHERE key LIKE 'secret:%' ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        )
        .run().changes;
      db.exec("COMMIT");
      return {
        readable: true,
        markedDelivered: Number(markedDelivered),
        leadsKept: Number(leadsKept),
        spamKept: Number(spamKept),
        secretsKept: Number(secretsKept),
      };
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  } catch (error) {
    return { readable: false, problem: (error as Error).message };
  } finally {
    db.close();
  }
}

/** Moves the store (and any write-ahead log beside it) aside under a name with the time, and says where. */
function setAsideStore(target: string, at: Date): string {
  const stamp = at
    .toISOString()
    .replaceAll(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  const aside = `${target}.before-restore-${stamp}`;
  for (const suffix of ["-wal", "-shm"]) {
    if (existsSync(`${target}${suffix}`)) renameSync(`${target}${suffix}`, `${aside}${suffix}`);
  }
  renameSync(target, aside);
  return aside;
}
