/**
 * `npm run backup -- PATH` and `npm run restore -- PATH`: a consistent copy of the store while the
 * server runs, and putting one back into an empty DATA_DIR or database.
 *
 * Chat images are stored in the database (their bytes travel with it); images stored before
 * migration 0006 have a file in DATA_DIR/uploads, and those files are copied with it.
 *
 * SQLite: the database is copied with SQLite's online backup API from a read-only connection (in
 * WAL mode readers never block the server's writes), then the image files that copy refers to
 * (an image erased meanwhile is reported in the manifest). PostgreSQL: pg_dump reads a snapshot
 * exported by a transaction that also lists the image files and counts the rows, so the dump, the
 * files and the manifest describe one moment.
 *
 * A restore checks every checksum first, refuses a DATA_DIR or database that already holds data,
 * and compares the row counts of what it restored with the manifest's.
 */
import { spawn } from "node:child_process";
import { chmod, copyFile, mkdir, readdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import { uploadsDir } from "../chat/upload-store";
import { loadSqlite } from "../db/sqlite-binding";
import {
  BackupError,
  copyUploads,
  describeFile,
  isEmptyDir,
  PG_DUMP_FILE,
  readManifest,
  SQLITE_FILE,
  verifyBackupFiles,
  writeManifest,
  type BackupManifest,
} from "./backup-files";

export { BackupError };

export interface StoreLocation {
  dataDir: string;
  databaseUrl?: string | undefined;
}

const MIGRATION_TABLE = "kysely_migration";
/** Images stored before migration 0006 have their bytes in DATA_DIR/uploads, not in the row. */
const LEGACY_UPLOAD = "data is null";

/** Runs a command; its stderr becomes the error. ENOENT (not installed) is told apart. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new BackupError(
              `${command} was not found. A PostgreSQL backup needs the PostgreSQL client tools of ` +
                `the server's major version (or newer): on Debian or Ubuntu \`apt-get install ` +
                `postgresql-client\` (or postgresql-client-NN from apt.postgresql.org for another ` +
                `version), on macOS \`brew install libpq\`, or run the command in the official ` +
                `postgres Docker image. Then run this again.`,
            )
          : error,
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/** The URL without its password, which goes to libpq through the environment instead of `ps`. */
function libpqTarget(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = "";
  }
  return { url: url.toString(), env };
}

async function prepareTarget(target: string): Promise<void> {
  if (!(await isEmptyDir(target))) {
    throw new BackupError(`${target} already holds files: give a new or empty folder.`);
  }
  await mkdir(target, { recursive: true, mode: 0o700 });
}

// -------------------------------------------------------------------------------------------------
// SQLite

function sqliteFacts(file: string) {
  const Sqlite = loadSqlite();
  const db = new Sqlite(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new BackupError(`${file} fails SQLite's integrity check: ${check}`);
    const tables = (
      db
        .prepare(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
        )
        .all() as { name: string }[]
    ).map((t) => t.name);
    const counts: Record<string, number> = {};
    for (const table of tables) {
      if (table.startsWith("kysely_")) continue;
      counts[table] = (db.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
    }
    const migrations = tables.includes(MIGRATION_TABLE)
      ? (
          db.prepare(`select name from ${MIGRATION_TABLE} order by name`).all() as {
            name: string;
          }[]
        ).map((m) => m.name)
      : [];
    const uploads = tables.includes("chat_uploads")
      ? (
          db.prepare(`select name from chat_uploads where ${LEGACY_UPLOAD}`).all() as {
            name: string;
          }[]
        ).map((u) => u.name)
      : [];
    return { counts, migrations, uploads };
  } finally {
    db.close();
  }
}

async function backupSqlite(dataDir: string, target: string): Promise<BackupManifest> {
  const source = join(dataDir, SQLITE_FILE);
  const Sqlite = loadSqlite();
  let live;
  try {
    live = new Sqlite(source, { readonly: true, fileMustExist: true });
  } catch {
    throw new BackupError(`There is no database to back up at ${source} (check DATA_DIR).`);
  }
  try {
    live.pragma("busy_timeout = 5000");
    // All pages in one step: a step that is interrupted by the server's writes starts over, and
    // many small steps under a busy chat could start over again and again.
    await live.backup(join(target, SQLITE_FILE), { progress: () => 1_000_000_000 });
  } finally {
    live.close();
  }
  // The copy is a plain file: no WAL beside it in the backup, readable by its owner only.
  const copy = new Sqlite(join(target, SQLITE_FILE));
  copy.pragma("journal_mode = DELETE");
  copy.close();
  await chmod(join(target, SQLITE_FILE), 0o600);
  const facts = sqliteFacts(join(target, SQLITE_FILE));
  const images = await copyUploads(uploadsDir(dataDir), join(target, "uploads"), facts.uploads);
  return {
    format: "hourline-backup",
    version: 1,
    created_at: new Date().toISOString(),
    dialect: "sqlite",
    migrations: facts.migrations,
    counts: facts.counts,
    database: await describeFile(target, SQLITE_FILE),
    uploads: images.copied,
    missing_uploads: images.missing,
  };
}

async function restoreSqlite(source: string, manifest: BackupManifest, dataDir: string) {
  const file = join(dataDir, SQLITE_FILE);
  const databaseFiles = (await readdir(dataDir).catch(() => [] as string[])).filter((f) =>
    f.startsWith(SQLITE_FILE),
  );
  if (databaseFiles.length > 0 || !(await isEmptyDir(uploadsDir(dataDir)))) {
    throw new BackupError(
      `${dataDir} already holds data (${[...databaseFiles, "uploads"].join(", ")}). A restore ` +
        "only goes into an empty DATA_DIR: stop the server, move that data aside (or point " +
        "DATA_DIR at a new folder), and run this again.",
    );
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  try {
    const images = await copyUploads(
      join(source, "uploads"),
      uploadsDir(dataDir),
      manifest.uploads.map((u) => u.name),
    );
    if (images.missing.length > 0) throw new BackupError("The backup lost images while copying.");
    // Copied under another name and renamed: a server started meanwhile never sees half a file.
    const partial = join(dataDir, `.${SQLITE_FILE}.restoring`);
    await copyFile(join(source, SQLITE_FILE), partial);
    await rename(partial, file);
  } catch (error) {
    // Leave the DATA_DIR as empty as it was, so the restore can simply be run again.
    await rm(uploadsDir(dataDir), { recursive: true, force: true });
    await rm(join(dataDir, `.${SQLITE_FILE}.restoring`), { force: true });
    throw error;
  }
  return sqliteFacts(file).counts;
}

// -------------------------------------------------------------------------------------------------
// PostgreSQL

async function pgCounts(client: pg.ClientBase): Promise<Record<string, number>> {
  const tables = await client.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables.rows) {
    if (table.startsWith("kysely_")) continue;
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from "${table}"`);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

async function backupPostgres(
  databaseUrl: string,
  dataDir: string,
  target: string,
): Promise<BackupManifest> {
  const { url, env } = libpqTarget(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // One snapshot for the dump, the image list and the counts.
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query<{ id: string }>("select pg_export_snapshot() as id");
    const snapshot = rows[0]?.id ?? "";
    const dumped = run(
      "pg_dump",
      [
        "--format=custom",
        "--no-owner",
        "--no-privileges",
        `--snapshot=${snapshot}`,
        `--file=${join(target, PG_DUMP_FILE)}`,
        `--dbname=${url}`,
      ],
      env,
    );
    const counts = await pgCounts(client);
    const migrations = (
      await client.query<{ name: string }>(`select name from ${MIGRATION_TABLE} order by name`)
    ).rows.map((m) => m.name);
    const uploads = (
      await client.query<{ name: string }>(`select name from chat_uploads where ${LEGACY_UPLOAD}`)
    ).rows;
    await dumped;
    await client.query("commit");
    await chmod(join(target, PG_DUMP_FILE), 0o600);
    const images = await copyUploads(
      uploadsDir(dataDir),
      join(target, "uploads"),
      uploads.map((u) => u.name),
    );
    return {
      format: "hourline-backup",
      version: 1,
      created_at: new Date().toISOString(),
      dialect: "postgres",
      migrations,
      counts,
      database: await describeFile(target, PG_DUMP_FILE),
      uploads: images.copied,
      missing_uploads: images.missing,
    };
  } finally {
    await client.end();
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function restorePostgres(
  source: string,
  manifest: BackupManifest,
  databaseUrl: string,
  dataDir: string,
) {
  const tables = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from information_schema.tables where table_schema = current_schema()",
    );
    return Number(rows[0]?.n);
  });
  if (tables > 0) {
    throw new BackupError(
      "The database in DATABASE_URL already has tables. A restore only goes into an empty " +
        "database: create a new one (createdb hourline_restored) and point DATABASE_URL at it.",
    );
  }
  if (!(await isEmptyDir(uploadsDir(dataDir)))) {
    throw new BackupError(`${uploadsDir(dataDir)} already holds images: use an empty DATA_DIR.`);
  }
  const { url, env } = libpqTarget(databaseUrl);
  await run(
    "pg_restore",
    [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${url}`,
      join(source, PG_DUMP_FILE),
    ],
    env,
  );
  const images = await copyUploads(
    join(source, "uploads"),
    uploadsDir(dataDir),
    manifest.uploads.map((u) => u.name),
  );
  if (images.missing.length > 0) throw new BackupError("The backup lost images while copying.");
  return withClient(databaseUrl, pgCounts);
}

// -------------------------------------------------------------------------------------------------

export async function createBackup(store: StoreLocation, target: string): Promise<BackupManifest> {
  await prepareTarget(target);
  try {
    const manifest = store.databaseUrl
      ? await backupPostgres(store.databaseUrl, store.dataDir, target)
      : await backupSqlite(store.dataDir, target);
    await writeManifest(target, manifest);
    return manifest;
  } catch (error) {
    // Half a backup is worse than none: nobody should mistake it for one.
    await rm(target, { recursive: true, force: true });
    throw error;
  }
}

export async function restoreBackup(store: StoreLocation, source: string): Promise<BackupManifest> {
  const manifest = await readManifest(source);
  const wanted = store.databaseUrl ? "postgres" : "sqlite";
  if (manifest.dialect !== wanted) {
    throw new BackupError(
      `This is a ${manifest.dialect === "sqlite" ? "SQLite" : "PostgreSQL"} backup, and the ` +
        `configuration names ${wanted === "sqlite" ? "SQLite (DATABASE_URL is unset)" : "PostgreSQL (DATABASE_URL)"}.`,
    );
  }
  await verifyBackupFiles(source, manifest);
  const counts = store.databaseUrl
    ? await restorePostgres(source, manifest, store.databaseUrl, store.dataDir)
    : await restoreSqlite(source, manifest, store.dataDir);
  for (const [table, expected] of Object.entries(manifest.counts)) {
    if (counts[table] !== expected) {
      throw new BackupError(
        `The restored ${table} has ${counts[table] ?? 0} rows; the backup says ${expected}.`,
      );
    }
  }
  return manifest;
}
