import type { LeadStore } from "./store.server.ts";

/** SQLite in `dataDir` by default; PostgreSQL when `databaseUrl` is set. */
export async function openLeadStore({
  dataDir,
  databaseUrl,
  now,
}: {
  dataDir: string;
  databaseUrl?: string | null;
  now?: () => Date;
}): Promise<LeadStore> {
  if (databaseUrl) {
    const { openPostgresLeadStore } = await import("./postgres-store.server.ts");
    return openPostgresLeadStore({ url: databaseUrl, now });
  }
  const { openSqliteLeadStore } = await import("./sqlite-store.server.ts");
  return openSqliteLeadStore({ dataDir, now });
}
