/**
 * The one set of migrations runs on SQLite and on the PostgreSQL of this machine, is idempotent, and
 * leaves tables that accept and return the same values on both.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { migrations } from "../../migrations/index";
import { freshPgSchema, PG_URL, postgresFor, testApp } from "../../test/helpers";
import type Database from "better-sqlite3";
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

  /** Migrates, then opens the file directly, for what only SQLite's own catalogue shows. */
  async function withMigratedFile(check: (raw: Database.Database) => void): Promise<void> {
    const handle = openDatabase({ dataDir: dir });
    await handle.migrate();
    await handle.close();
    const SQLite = loadSqlite();
    const raw = new SQLite(join(dir, "hourline.sqlite"));
    try {
      check(raw);
    } finally {
      raw.close();
    }
  }

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

  // With a partial index on a table, SQLite prepares every statement comparing a column of the
  // index's WHERE with a parameter again at each run (migration 0032, decision 0064).
  it("leave no partial index, and still one open conversation per visitor", async () => {
    await withMigratedFile((raw) => {
      const partial = raw
        .prepare("select name, sql from sqlite_master where type = 'index' and sql like '%where%'")
        .all();
      expect(partial).toEqual([]);
      const open = raw.prepare(
        "insert into chat_conversations (visitor_id, visitor_email, visitor_name, state, started_at) values (1, ?, 'Ana', ?, 1)",
      );
      open.run("ana@example.com", "ended");
      open.run("ana@example.com", "ended");
      const first = open.run("ana@example.com", "open");
      expect(() => open.run("ana@example.com", "open")).toThrow(
        expect.objectContaining({ code: "SQLITE_CONSTRAINT_UNIQUE" }),
      );
      open.run("bo@example.com", "open");
      raw
        .prepare("update chat_conversations set state = 'ended' where id = ?")
        .run(first.lastInsertRowid);
      open.run("ana@example.com", "open");
    });
  });

  // Every index a message is written to costs about a third of its time in the database
  // (migration 0033, decision 0066): one index by conversation serves every per-conversation read.
  it("keep one index of the messages by conversation, which every per-conversation read seeks", async () => {
    await withMigratedFile((raw) => {
      const indexes = raw
        .prepare(
          "select name from sqlite_master where type = 'index' and tbl_name = 'chat_messages' order by name",
        )
        .pluck()
        .all();
      expect(indexes).toEqual(["chat_messages_client_id", "chat_messages_conversation"]);
      const plan = (query: string) =>
        (raw.prepare(`explain query plan ${query}`).all() as { detail: string }[])
          .map((step) => step.detail)
          .join("; ");
      // The reports' facts: read from the index alone.
      for (const fact of [
        "select min(created_at) from chat_messages where conversation_id = 7 and sender_type = 'visitor'",
        "select min(agent_id) from chat_messages where conversation_id = 7 and sender_type = 'agent' and created_at = 5",
        "select 1 from chat_messages where conversation_id = 7 and sender_type = 'agent'",
      ]) {
        expect(plan(fact), fact).toMatch(
          /USING COVERING INDEX chat_messages_conversation \(conversation_id=\?\)/,
        );
      }
      // The previous message of a new one, and a page of history in order, without sorting.
      expect(
        plan("select max(id) from chat_messages where conversation_id = 7 and id < 90"),
      ).toMatch(/USING COVERING INDEX chat_messages_conversation \(conversation_id=\? AND id<\?\)/);
      const history = plan(
        "select * from chat_messages where conversation_id = 7 and id < 90 order by id desc limit 50",
      );
      expect(history).toMatch(
        /USING INDEX chat_messages_conversation \(conversation_id=\? AND id<\?\)/,
      );
      expect(history).not.toMatch(/TEMP B-TREE/);
    });
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

  it("starts while another client creates and drops schemas in the same database", async () => {
    const { schema, drop } = await freshPgSchema();
    const handle = openDatabase({ dataDir: "unused", databaseUrl: PG_URL, pgSchema: schema });
    const churner = new pg.Client({ connectionString: PG_URL });
    await churner.connect();
    let stop = false;
    const churn = (async () => {
      for (let i = 0; !stop; i++) {
        const other = `${schema}_churn_${i}`;
        await churner.query(`create schema ${other}; create table ${other}.t (a serial)`);
        await churner.query(`drop schema ${other} cascade`);
      }
    })();
    try {
      // Each run asks the catalog whether the migration tables exist; with Kysely's own
      // introspector about half of these failed with "schema ... does not exist".
      for (let i = 0; i < 60; i++) await handle.migrate();
      expect(await handle.pendingMigrations()).toEqual([]);
      const tables = await handle.db.introspection.getTables();
      const messages = tables.find((t) => t.schema === schema && t.name === "chat_messages");
      expect(messages?.columns.find((c) => c.name === "id")).toMatchObject({
        isAutoIncrementing: true,
        isNullable: false,
      });
      expect(tables.some((t) => t.name === "kysely_migration")).toBe(false);
    } finally {
      stop = true;
      await churn;
      await churner.end();
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
