/**
 * The better-sqlite3 connection behind each Kysely that openDatabase opened on SQLite, for the few
 * statements the chat's hot path runs straight on it (repositories/chat-messages.ts). A Kysely
 * transaction, or a Kysely opened anywhere else, has none: callers fall back to Kysely.
 *
 * Running a statement there is safe only while holding Kysely's one SQLite connection
 * (`db.connection().execute`), so that no Kysely transaction is open on it meanwhile, and only
 * synchronously, so that nothing else runs on it before the callback returns.
 */
import type SQLite from "better-sqlite3";
import type { Kysely } from "kysely";
import type { Database } from "./schema";

const connections = new WeakMap<Kysely<Database>, SQLite.Database>();

export function registerSqliteConnection(db: Kysely<Database>, sqlite: SQLite.Database): void {
  connections.set(db, sqlite);
}

export function sqliteConnectionOf(db: Kysely<Database>): SQLite.Database | undefined {
  return connections.get(db);
}
