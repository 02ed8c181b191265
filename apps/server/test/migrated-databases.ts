/**
 * A repository's tests on both databases: `tests` runs in a describe block on SQLite (a temporary
 * DATA_DIR) and in one on PostgreSQL (a fresh schema, dropped afterwards), each with its
 * migrations applied before the first test. Without PostgreSQL its block is skipped with a
 * warning, and under CI the file fails instead (see postgresFor).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe } from "vitest";
import { openDatabase, type DatabaseHandle } from "../src/db/database";
import type { Database } from "../src/db/schema";
import { freshPgSchema, PG_URL, postgresFor } from "./helpers";

/** The migrated database of the running block; read it in a hook or a test, not at collection. */
export interface MigratedDatabase {
  readonly db: Kysely<Database>;
}

interface Opened {
  handle: DatabaseHandle;
  close(): Promise<void>;
}

function migrated(open: () => Promise<Opened>): MigratedDatabase {
  let opened: Opened | undefined;
  beforeAll(async () => {
    opened = await open();
    await opened.handle.migrate();
  });
  afterAll(async () => opened?.close());
  return {
    get db() {
      if (!opened) throw new Error("the database is opened before the first test");
      return opened.handle.db;
    },
  };
}

export async function onBothDatabases(
  what: string,
  tests: (database: MigratedDatabase) => void,
): Promise<void> {
  const pgUp = await postgresFor(what);
  describe(`${what} on SQLite`, () => {
    tests(
      migrated(async () => {
        const dir = mkdtempSync(join(tmpdir(), "hourline-repository-"));
        const handle = openDatabase({ dataDir: dir });
        return {
          handle,
          async close() {
            await handle.close();
            rmSync(dir, { recursive: true, force: true });
          },
        };
      }),
    );
  });
  describe.runIf(pgUp)(`${what} on PostgreSQL`, () => {
    tests(
      migrated(async () => {
        const { schema, drop } = await freshPgSchema();
        const handle = openDatabase({ dataDir: "unused", databaseUrl: PG_URL, pgSchema: schema });
        return {
          handle,
          async close() {
            await handle.close();
            await drop();
          },
        };
      }),
    );
  });
}
