/**
 * The oldest PostgreSQL the lead store supports: 15, the version its tests run on (and the oldest the
 * PostgreSQL project still maintains). The store asks the server's version when it opens and refuses
 * an older server with a message that says which it is, rather than failing later on some statement.
 */
export const MINIMUM_POSTGRES = { versionNum: 150_000, name: "15" } as const;

/** Why a server of this version cannot hold the lead store, or null when it can. */
export function unsupportedPostgresReason(versionNum: number, version: string): string | null {
  if (Number.isInteger(versionNum) && versionNum >= MINIMUM_POSTGRES.versionNum) return null;
  const runs = Number.isInteger(versionNum) ? `PostgreSQL ${version}` : `a version it does not tell (${version})`;
  return `PostgreSQL ${MINIMUM_POSTGRES.name} or later is needed, and the database server runs ${runs}. Upgrade it, or set DATABASE_URL to a server of version ${MINIMUM_POSTGRES.name} or later.`;
}

/** Throws when the server `query` reaches is older than the minimum. */
export async function refuseUnsupportedPostgres(
  query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<void> {
  const versionNum = Number((await query("SHOW server_version_num")).rows[0]?.server_version_num);
  const version = String((await query("SHOW server_version")).rows[0]?.server_version ?? "unknown");
  const reason = unsupportedPostgresReason(versionNum, version);
  if (reason) throw new Error(reason);
}
