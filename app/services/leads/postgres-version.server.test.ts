import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase, type TestDatabase } from "../../../tests/support/postgres.ts";
import { refuseUnsupportedPostgres, unsupportedPostgresReason } from "./postgres-version.server.ts";

/** A server that answers the two version questions as one of `version` would. */
const serverOf = (versionNum: string, version: string) => async (sql: string) => ({
  rows: [sql.includes("server_version_num") ? { server_version_num: versionNum } : { server_version: version }],
});

describe("the PostgreSQL version the lead store needs", () => {
  it("accepts PostgreSQL 15 and later", () => {
    expect(unsupportedPostgresReason(150_000, "15.0")).toBeNull();
    expect(unsupportedPostgresReason(150_013, "15.13 (Debian 15.13-0+deb12u1)")).toBeNull();
    expect(unsupportedPostgresReason(180_001, "18.1")).toBeNull();
  });

  it("refuses an older server, saying which version it runs and which is needed", () => {
    expect(unsupportedPostgresReason(140_012, "14.12")).toBe(
      "PostgreSQL 15 or later is needed, and the database server runs PostgreSQL 14.12. Upgrade it, or set DATABASE_URL to a server of version 15 or later.",
    );
    expect(unsupportedPostgresReason(90_624, "9.6.24")).toMatch(/runs PostgreSQL 9\.6\.24\./);
    expect(unsupportedPostgresReason(Number.NaN, "CockroachDB")).toMatch(
      /^PostgreSQL 15 or later is needed, and the database server runs a version it does not tell \(CockroachDB\)\./,
    );
  });

  it("asks the server when the store opens, and throws for an older one", async () => {
    await expect(refuseUnsupportedPostgres(serverOf("140012", "14.12"))).rejects.toThrow(
      "PostgreSQL 15 or later is needed, and the database server runs PostgreSQL 14.12.",
    );
    await expect(refuseUnsupportedPostgres(serverOf("150004", "15.4"))).resolves.toBeUndefined();
  });

  describe("against the tests' PostgreSQL server", () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await startTestDatabase();
    }, 60_000);
    afterAll(async () => {
      await database?.stop();
    });

    it("reads a real server's version and accepts it (the tests run PostgreSQL 15, the lowest supported)", async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const versionNum = Number((await client.query("SHOW server_version_num")).rows[0].server_version_num);
        expect(versionNum).toBeGreaterThanOrEqual(150_000);
        await expect(refuseUnsupportedPostgres((sql) => client.query(sql))).resolves.toBeUndefined();
      } finally {
        await client.end();
      }
    });
  });
});
