import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { loadSqlite } from "./sqlite-store.server.ts";

/** The embedded store's file in DATA_DIR (as sqlite-store.server.ts names it). */
export function sqliteLeadFile(dataDir: string): string {
  return path.join(dataDir, "leads.sqlite");
}

/**
 * Copies the SQLite lead store to `target` with `VACUUM INTO`: one consistent file holding every
 * committed lead, including what is still only in the write-ahead log (`leads.sqlite-wal`), taken while
 * the site keeps running. Copying `leads.sqlite` alone could miss recent leads or tear a page.
 */
export async function backupSqliteLeads({
  dataDir,
  target,
}: {
  dataDir: string;
  target: string;
}): Promise<{ source: string; target: string; leads: number; spam: number; bytes: number }> {
  const source = sqliteLeadFile(dataDir);
  if (!existsSync(source)) throw new Error(`There is no lead store at ${source} (DATA_DIR).`);
  const destination = path.resolve(target);
  if (existsSync(destination)) throw new Error(`${destination} already exists; name a new file.`);
  if (!existsSync(path.dirname(destination)))
    throw new Error(`The folder ${path.dirname(destination)} does not exist.`);
  const { DatabaseSync } = await loadSqlite();
  const db = new DatabaseSync(source, { readOnly: true });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.prepare("VACUUM INTO ?").run(destination);
  } finally {
    db.close();
  }
  const copy = new DatabaseSync(destination, { readOnly: true });
  try {
    const { leads } = copy.prepare("SELECT COUNT(*) AS leads FROM leads").get() as { leads: number };
    const hasSpam = copy.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'spam_leads'").get();
    const { spam } = hasSpam
      ? (copy.prepare("SELECT COUNT(*) AS spam FROM spam_leads").get() as { spam: number })
      : { spam: 0 };
    // Every lead the copy holds, held spam included.
    return { source, target: destination, leads: leads + spam, spam, bytes: statSync(destination).size };
  } finally {
    copy.close();
  }
}
