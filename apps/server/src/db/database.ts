/**
 * Opens the store: SQLite (better-sqlite3, WAL) in DATA_DIR by default, PostgreSQL when DATABASE_URL
 * is set. Both go through Kysely, so repositories are written once.
 */
import { mkdirSync } from "node:fs";
import { userInfo } from "node:os";
import { join } from "node:path";
import type SQLite from "better-sqlite3";
import {
  Kysely,
  Migrator,
  SqliteDialect,
  sql,
  type SqliteDatabase,
  type MigrationResultSet,
} from "kysely";
import pg from "pg";
import { migrations } from "../../migrations/index";
import type { Database } from "./schema";
import { CatalogSafePostgresDialect } from "./postgres-catalog";
import { loadSqlite, sqliteDriverPath } from "./sqlite-binding";
import { SAFETY_NET_PAGES, startCheckpointer, type Checkpointer } from "./sqlite-checkpointer";
import { registerSqliteConnection } from "./sqlite-connection";
import { startSqliteReader, type SqliteReader } from "./sqlite-reader";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * SQLite: runs read-only statements on a worker thread's connection (sqlite-reader.ts), for
   * reads long enough to stall the event loop. Undefined on PostgreSQL, whose reads never block it.
   */
  offThreadReads?: SqliteReader | undefined;
  migrate(): Promise<void>;
  pendingMigrations(): Promise<string[]>;
  ping(): Promise<void>;
  /**
   * After an erasure, leaves no trace of the deleted rows in the database's files. SQLite: deleted
   * content is overwritten as it is freed (secure_delete), the search index is merged into one
   * segment (its older segments and tombstones still held the words), and the WAL, which holds
   * earlier versions of the pages, is checkpointed and truncated. PostgreSQL: the deleted rows
   * stay in dead tuples (and their index entries, the search's GIN among them) until a vacuum;
   * the tables an erasure touches are vacuumed now rather than whenever autovacuum comes by.
   * Outside any transaction (VACUUM cannot run in one), skipping a table another vacuum holds
   * rather than waiting for it.
   */
  scrubDeletedData(): Promise<void>;
  close(): Promise<void>;
}

// BIGINT (int8) columns hold epoch milliseconds, well inside Number's exact range.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Kysely's SQLite driver prepares every statement anew; the chat runs the same few statements for
 * every message, and preparing was a quarter of its database time. Statements are reused by SQL
 * text (better-sqlite3 runs them synchronously, so one statement is never used twice at once).
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= max) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to use (tests isolate themselves in a schema of their own). */
  pgSchema?: string;
  /**
   * An idle PostgreSQL connection that failed (the server restarted or went away). The pool drops
   * it and opens another when next asked; without a listener the error would end the process.
   */
  onIdleConnectionError?: (error: Error) => void;
}

/**
 * Opens the file in WAL mode. SQLite's own "unable to open database file" names neither the file
 * nor why: the error says which file, and who must be able to write its folder.
 */
function openSqliteFile(Sqlite: ReturnType<typeof loadSqlite>, file: string) {
  try {
    const sqlite = new Sqlite(file);
    sqlite.pragma("journal_mode = WAL");
    return sqlite;
  } catch (error) {
    const user = userInfo({ encoding: "utf8" });
    throw new Error(
      `Cannot open the SQLite database ${file}: ${(error as Error).message}. The file and its ` +
        `folder (DATA_DIR) must be readable and writable by the user the server runs as ` +
        `(${user.username}, uid ${user.uid}).`,
      { cause: error },
    );
  }
}

/** The tables an erasure deletes from (visitor-data.ts and deleteConversationsIn). */
const ERASED_TABLES = [
  "chat_conversations",
  "chat_messages",
  "chat_agent_entries",
  "chat_uploads",
  "chat_ratings",
  "chat_rating_tokens",
  "chat_visitors",
  "contact_messages",
  "visitor_sessions",
  "chat_otp_codes",
  "mail_outbox",
] as const;

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  let dialect: Dialect;
  let db: Kysely<Database>;
  let checkpointer: Checkpointer | undefined;
  let offThreadReads: SqliteReader | undefined;
  let scrub: () => Promise<void> = async () => undefined;
  if (options.databaseUrl) {
    dialect = "postgres";
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A database host that does not answer (rather than refusing) fails a request after 5 s
      // instead of holding it until the client gives up.
      connectionTimeoutMillis: 5000,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    pool.on("error", (error) => options.onIdleConnectionError?.(error));
    // A connection in use (inside a transaction, or between writing a query and its answer) that
    // breaks emits 'error' on its client, which the pool only listens to while the client is idle:
    // unheard, it would end the process. The query in flight fails with the same error, which is
    // what the request answers with; the pool drops the broken client when it is released.
    pool.on("connect", (client) => client.on("error", () => undefined));
    db = new Kysely<Database>({ dialect: new CatalogSafePostgresDialect({ pool }) });
    scrub = async () => {
      await sql`vacuum (skip_locked) ${sql.join(ERASED_TABLES.map((t) => sql.table(t)))}`.execute(
        db,
      );
    };
  } else {
    dialect = "sqlite";
    mkdirSync(options.dataDir, { recursive: true });
    const Sqlite = loadSqlite();
    const file = join(options.dataDir, "hourline.sqlite");
    const sqlite = openSqliteFile(Sqlite, file);
    sqlite.pragma("synchronous = NORMAL");
    // Freed content is overwritten with zeros, so erased data does not linger in free pages.
    sqlite.pragma("secure_delete = ON");
    // Checkpoints run in a worker thread (sqlite-checkpointer.ts says why).
    sqlite.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
    checkpointer = startCheckpointer(file, sqliteDriverPath());
    offThreadReads = startSqliteReader(file, sqliteDriverPath());
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    // SQLite's own lower() folds ASCII letters only; searches lower-case both sides, so "élodie"
    // must find "ÉLODIE" here as it does on PostgreSQL.
    sqlite.function("lower", { deterministic: true }, (value: unknown) =>
      typeof value === "string" ? value.toLowerCase() : value,
    );
    db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    registerSqliteConnection(db, sqlite);
    scrub = async () => {
      await sql`insert into chat_messages_fts(chat_messages_fts) values ('optimize')`.execute(db);
      // Through Kysely, so it waits its turn behind any transaction in progress.
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    };
  }

  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its migration tables in every schema; name ours, or a table of the same
    // name in another schema (another test run, another app) is taken for ours.
    ...(options.databaseUrl && options.pgSchema ? { migrationTableSchema: options.pgSchema } : {}),
  });

  return {
    db,
    dialect,
    offThreadReads,
    async migrate() {
      const result: MigrationResultSet = await migrator.migrateToLatest();
      if (result.error) {
        const failed = result.results?.find((r) => r.status === "Error")?.migrationName;
        throw new Error(`Migration ${failed ?? "(unknown)"} failed: ${String(result.error)}`, {
          cause: result.error,
        });
      }
    },
    async pendingMigrations() {
      const all = await migrator.getMigrations();
      return all.filter((m) => !m.executedAt).map((m) => m.name);
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    scrubDeletedData: () => scrub(),
    async close() {
      await offThreadReads?.stop();
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}
