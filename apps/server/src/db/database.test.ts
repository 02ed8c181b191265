/**
 * The one set of migrations runs on SQLite and on the PostgreSQL of this machine, is idempotent, and
 * leaves tables that accept and return the same values on both.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrations } from "../../migrations/index";
import { freshPgSchema, PG_URL, postgresFor, testApp } from "../../test/helpers";
import { loadSqlite } from "./sqlite-binding";
import { openDatabase, type DatabaseHandle } from "./database";

const pgUp = await postgresFor("the migration tests");

async function exercise(handle: DatabaseHandle) {
  await handle.migrate();
  expect(await handle.pendingMigrations()).toEqual([]);
  // Running again is a no-op.
  await handle.migrate();
  const now = Date.now();
  await handle.db
    .insertInto("app_settings")
    .values({ key: "probe", value: "ok", updated_at: now })
    .execute();
  const row = await handle.db
    .selectFrom("app_settings")
    .selectAll()
    .where("key", "=", "probe")
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ key: "probe", value: "ok", updated_at: now });
  expect(typeof row.updated_at).toBe("number");
}

describe("migrations on SQLite", () => {
  const dir = mkdtempSync(join(tmpdir(), "hourline-db-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("apply in order, are idempotent and use WAL", async () => {
    const handle = openDatabase({ dataDir: dir });
    try {
      expect(handle.dialect).toBe("sqlite");
      expect(await handle.pendingMigrations()).toEqual(Object.keys(migrations).sort());
      await exercise(handle);
    } finally {
      await handle.close();
    }
    const SQLite = loadSqlite();
    const raw = new SQLite(join(dir, "hourline.sqlite"));
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    raw.close();
  });
});

describe.skipIf(!pgUp)("migrations on PostgreSQL", () => {
  it("apply in order, are idempotent and read BIGINT back as numbers", async () => {
    const { schema, drop } = await freshPgSchema();
    const handle = openDatabase({ dataDir: "unused", databaseUrl: PG_URL, pgSchema: schema });
    try {
      expect(handle.dialect).toBe("postgres");
      await exercise(handle);
    } finally {
      await handle.close();
      await drop();
    }
  });

  it("serves /readyz from an app on PostgreSQL", async () => {
    const { schema, drop } = await freshPgSchema();
    const app = await testApp({ DATABASE_URL: PG_URL }, { pgSchema: schema });
    try {
      expect(app.database.dialect).toBe("postgres");
      expect((await app.inject({ url: "/readyz" })).json()).toEqual({ status: 200 });
    } finally {
      await app.close();
      await drop();
    }
  });
});

describe("readiness", () => {
  it("answers 503 when the database is gone", async () => {
    const app = await testApp();
    try {
      await app.database.close();
      const res = await app.inject({ url: "/readyz" });
      expect(res.statusCode).toBe(503);
      expect(res.json().status).toBe(503);
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
