import { existsSync } from "node:fs";
import pg from "pg";
import { openLeadStore } from "./open-store.server.ts";
import { sqliteLeadFile } from "./sqlite-backup.server.ts";
import { loadSqlite } from "./sqlite-store.server.ts";
import { describeDatabaseUrl } from "./store.server.ts";

/**
 * Moving from one instance on SQLite to several on PostgreSQL: copies the pending leads of the SQLite
 * store in DATA_DIR into the PostgreSQL store at DATABASE_URL (its schema created or migrated first,
 * as the site does), in one transaction. Each lead keeps its id (the webhook's `Idempotency-Key`), its
 * attempts and its last error; a lead already there (its id, or any other unique key) is skipped, so running it again copies
 * nothing twice. Claims are not copied: a moved lead is free for any worker. The SQLite file is only
 * read, never changed.
 *
 * The columns copied are those both tables have, so a column either store gains later comes along
 * when the other has it too.
 */

/** A worker's claim belongs to the instance that made it, not to the new store. */
const NOT_COPIED = new Set(["claimed_by", "claimed_until"]);

export interface MoveResult {
  source: string;
  destination: string;
  pending: number;
  copied: number;
  alreadyThere: number;
}

export async function moveLeadsToPostgres({
  dataDir,
  databaseUrl,
}: {
  dataDir: string;
  databaseUrl: string;
}): Promise<MoveResult> {
  const source = sqliteLeadFile(dataDir);
  if (!existsSync(source)) throw new Error(`There is no SQLite lead store at ${source} (DATA_DIR).`);
  const { DatabaseSync } = await loadSqlite();
  const sqlite = new DatabaseSync(source, { readOnly: true });
  let rows: Record<string, unknown>[];
  let sqliteColumns: string[];
  try {
    sqlite.exec("PRAGMA busy_timeout = 5000");
    sqliteColumns = (sqlite.prepare("PRAGMA table_info(leads)").all() as { name: string }[]).map(({ name }) => name);
    const pending = sqlite.prepare("SELECT * FROM leads WHERE status = 'pending' ORDER BY created_at");
    rows = pending.all() as Record<string, unknown>[];
  } finally {
    sqlite.close();
  }

  // The site's own schema, created or migrated exactly as an instance starting on DATABASE_URL would.
  await (await openLeadStore({ dataDir, databaseUrl })).close();

  const client = new pg.Client({ connectionString: databaseUrl, application_name: "hub-website leads move" });
  await client.connect();
  try {
    const { rows: columnRows } = await client.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'leads' AND table_schema = current_schema()",
    );
    const postgresColumns = new Set(columnRows.map((row) => row.column_name));
    const columns = sqliteColumns.filter((name) => postgresColumns.has(name) && !NOT_COPIED.has(name));
    if (!columns.includes("id")) throw new Error("The two lead tables share no id column.");
    const insert = `INSERT INTO leads (${columns.map((name) => `"${name}"`).join(", ")})
      VALUES (${columns.map((_, index) => `$${index + 1}`).join(", ")})
      ON CONFLICT DO NOTHING`;
    let copied = 0;
    await client.query("BEGIN");
    try {
      for (const row of rows) {
        const values = columns.map((name) => row[name] ?? null);
        copied += (await client.query(insert, values)).rowCount ?? 0;
      }
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    }
    return {
      source,
      destination: describeDatabaseUrl(databaseUrl),
      pending: rows.length,
      copied,
      alreadyThere: rows.length - copied,
    };
  } finally {
    await client.end();
  }
}
