import { existsSync } from "node:fs";
import pg from "pg";
import { openLeadStore } from "./open-store.server.ts";
import { sqliteLeadFile } from "./sqlite-backup.server.ts";
import { loadSqlite } from "./sqlite-store.server.ts";
import { describeDatabaseUrl } from "./store.server.ts";

/**
 * Moving from one instance on SQLite to several on PostgreSQL: copies the pending leads, the spam held
 * for staff to look at and the secrets the store made (the form token's, which signed the forms open on
 * visitors' screens) from the SQLite store in DATA_DIR into the PostgreSQL store at DATABASE_URL (its
 * schema created or migrated first, as the site does), in one transaction. Each lead keeps its id (the
 * webhook's `Idempotency-Key`), its attempts and its last error; a lead already there (its id, or any
 * other unique key) is skipped, so running it again copies nothing twice. A secret PostgreSQL already
 * has (an instance started on it first) is kept, and the move says so: forms signed with the other
 * one then need both in FORM_TOKEN_SECRET. Claims are not copied: a moved lead is free for any worker.
 * The SQLite file is only read, never changed.
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
  /** Held spam in the SQLite store, and how much of it was copied (the rest was there already). */
  spam: number;
  spamCopied: number;
  /** The store's secrets (by name: `form-token`): copied, already there alike, or different there (kept). */
  secrets: { name: string; outcome: "copied" | "same" | "different" }[];
}

interface Table {
  columns: string[];
  rows: Record<string, unknown>[];
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
  let leads: Table;
  let spam: Table;
  let secrets: { key: string; value: string }[];
  try {
    sqlite.exec("PRAGMA busy_timeout = 5000");
    const read = (table: string, where: string): Table => {
      const columns = (sqlite.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map(
        ({ name }) => name,
      );
      if (columns.length === 0) return { columns, rows: [] }; // a store from before this table
      const rows = sqlite.prepare(`SELECT * FROM ${table} WHERE ${where} ORDER BY created_at`).all();
      return { columns, rows: rows as Record<string, unknown>[] };
    };
    leads = read("leads", "status = 'pending'");
    spam = read("spam_leads", "1 = 1");
    const hasSettings = sqlite
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'lead_settings'")
      .get();
    secrets = hasSettings
      ? (sqlite.prepare("SELECT key, value FROM lead_settings WHERE key LIKE 'secret:%'").all() as typeof secrets)
      : [];
  } finally {
    sqlite.close();
  }

  // The site's own schema, created or migrated exactly as an instance starting on DATABASE_URL would.
  await (await openLeadStore({ dataDir, databaseUrl })).close();

  const client = new pg.Client({ connectionString: databaseUrl, application_name: "hub-website leads move" });
  await client.connect();
  try {
    /** Copies rows into the PostgreSQL table of the same name, in the columns both tables have. */
    const copy = async (table: string, { columns: sqliteColumns, rows }: Table): Promise<number> => {
      const { rows: columnRows } = await client.query<{ column_name: string }>(
        "SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema()",
        [table],
      );
      const postgresColumns = new Set(columnRows.map((row) => row.column_name));
      const columns = sqliteColumns.filter((name) => postgresColumns.has(name) && !NOT_COPIED.has(name));
      if (rows.length > 0 && !columns.includes("id")) throw new Error(`The two ${table} tables share no id column.`);
      const insert = `INSERT INTO ${table} (${columns.map((name) => `"${name}"`).join(", ")})
        VALUES (${columns.map((_, index) => `$${index + 1}`).join(", ")})
        ON CONFLICT DO NOTHING`;
      let copied = 0;
      for (const row of rows) {
        copied +=
          (
            await client.query(
              insert,
              columns.map((name) => row[name] ?? null),
            )
          ).rowCount ?? 0;
      }
      return copied;
    };
    await client.query("BEGIN");
    let copied: number;
    let spamCopied: number;
    const secretOutcomes: MoveResult["secrets"] = [];
    try {
      copied = await copy("leads", leads);
      spamCopied = await copy("spam_leads", spam);
      for (const { key, value } of secrets) {
        const { rows } = await client.query<{ value: string }>(
          `INSERT INTO lead_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET key = excluded.key
           RETURNING value, (xmax = 0) AS inserted`,
          [key, value],
        );
        const name = key.slice("secret:".length);
        const inserted = (rows[0] as unknown as { inserted: boolean }).inserted;
        secretOutcomes.push({ name, outcome: inserted ? "copied" : rows[0]!.value === value ? "same" : "different" });
      }
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    }
    return {
      source,
      destination: describeDatabaseUrl(databaseUrl),
      pending: leads.rows.length,
      copied,
      alreadyThere: leads.rows.length - copied,
      spam: spam.rows.length,
      spamCopied,
      secrets: secretOutcomes,
    };
  } finally {
    await client.end();
  }
}
