/**
 * Which better-sqlite3 this Node.js can run (decision record 0013).
 *
 * better-sqlite3 12 compiles against V8 directly; on Node 24 its statement destructor runs after
 * the environment is gone and the process aborts (`Assertion failed: (env) != nullptr`). 13 is
 * built on Node-API with prebuilt binaries and runs on Node 22 and 24, but crashes on Node 20.
 * Both are installed (12 under the alias `better-sqlite3-node20`, optional so a machine that cannot
 * compile it still installs), and the process loads the one made for its own Node line.
 */
import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";

export type SqliteConstructor = typeof BetterSqlite3;

/** The first Node major that runs better-sqlite3 13 (its `engines` field). */
export const NODE_API_SQLITE_FROM_MAJOR = 22;

export function sqliteBindingFor(nodeVersion: string): "better-sqlite3" | "better-sqlite3-node20" {
  const major = Number.parseInt(nodeVersion.replace(/^v/, ""), 10);
  return major >= NODE_API_SQLITE_FROM_MAJOR ? "better-sqlite3" : "better-sqlite3-node20";
}

let loaded: SqliteConstructor | undefined;

/** The SQLite driver for the running Node, loaded once; a clear error when it was not installed. */
export function loadSqlite(): SqliteConstructor {
  if (loaded) return loaded;
  const name = sqliteBindingFor(process.versions.node);
  const require = createRequire(import.meta.url);
  try {
    loaded = require(name) as SqliteConstructor;
  } catch (err) {
    throw new Error(
      `SQLite driver "${name}" for Node ${process.versions.node} could not be loaded. ` +
        `Run npm install with this Node version (it installs the driver made for it), ` +
        `or set DATABASE_URL to use PostgreSQL.`,
      { cause: err },
    );
  }
  return loaded;
}

/** Where the SQLite driver for the running Node is installed (worker threads load it from there). */
export function sqliteDriverPath(): string {
  return createRequire(import.meta.url).resolve(sqliteBindingFor(process.versions.node));
}
