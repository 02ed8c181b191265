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
 * and compares the row counts of what it restored with the manifest's before anything becomes
 * visible: SQLite's file and the images are put in place under other names and renamed only once
 * they check out; PostgreSQL's dump is replayed by psql in one transaction that ends with the
 * count check, so a restore that fails leaves the target as it found it and can be run again.
 * What it writes belongs to the owner of DATA_DIR (the server's user, when root runs it).
 */
import { spawn } from "node:child_process";
import { chmod, chown, copyFile, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
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

function missingClientTools(command: string): BackupError {
  return new BackupError(
    `${command} was not found. A PostgreSQL backup or restore needs the PostgreSQL client tools ` +
      `of the server's major version (or newer): on Debian or Ubuntu \`apt-get install ` +
      `postgresql-client\` (or postgresql-client-NN from apt.postgresql.org for another ` +
      `version), on macOS \`brew install libpq\`, or run the command in the official ` +
      `postgres Docker image. Then run this again.`,
  );
}

/** Runs a command; its stderr becomes the error. ENOENT (not installed) is told apart. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(error.code === "ENOENT" ? missingClientTools(command) : error);
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/** The first lines psql or pg_restore wrote that say what went wrong. */
function errorLines(stderr: string): string {
  const errors = stderr
    .split("\n")
    .filter((line) => /\b(?:ERROR|FATAL|error):/.test(line))
    .slice(0, 3);
  return (errors.length > 0 ? errors.join(" ") : stderr).trim();
}

/**
 * `pg_restore --file=-` piped into psql, with `trailer` (SQL) after the dump, all in one
 * transaction that any error rolls back. pg_restore's own --single-transaction commits before
 * anything could be checked; here the row counts are checked before the commit.
 */
function replayDump(dump: string, trailer: string, url: string, env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const restore = spawn(
      "pg_restore",
      ["--no-owner", "--no-privileges", "--exit-on-error", "--file=-", dump],
      { env, stdio: ["ignore", "pipe", "pipe"] },
    );
    const psql = spawn(
      "psql",
      [
        "--no-psqlrc",
        "--quiet",
        "--single-transaction",
        "--set=ON_ERROR_STOP=1",
        `--dbname=${url}`,
        "--file=-",
      ],
      { env, stdio: ["pipe", "ignore", "pipe"] },
    );
    let restoreErr = "";
    let psqlErr = "";
    restore.stderr.on("data", (chunk: Buffer) => (restoreErr += chunk.toString("utf8")));
    psql.stderr.on("data", (chunk: Buffer) => (psqlErr += chunk.toString("utf8")));
    // psql stops reading at the first error; what pg_restore still writes has nowhere to go.
    psql.stdin.on("error", () => undefined);
    restore.stdout.pipe(psql.stdin, { end: false });
    let failure: Error | undefined;
    const fail = (error: Error) => {
      failure ??= error;
      restore.kill();
      // Ending psql without the trailer's commit: the server rolls the transaction back.
      psql.kill();
    };
    for (const [name, child] of [
      ["pg_restore", restore],
      ["psql", psql],
    ] as const) {
      child.on("error", (error: NodeJS.ErrnoException) =>
        fail(error.code === "ENOENT" ? missingClientTools(name) : error),
      );
    }
    restore.on("close", (code) => {
      if (code === 0) psql.stdin.end(trailer);
      else fail(new BackupError(`pg_restore failed (exit ${code}): ${errorLines(restoreErr)}`));
    });
    psql.on("close", (code) => {
      if (failure) reject(failure);
      else if (code === 0) resolve();
      else reject(new BackupError(`The restore was rolled back: ${errorLines(psqlErr)}`));
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

/** What a restore writes into DATA_DIR, and how it undoes that when it fails. */
interface RestoreTarget {
  dataDir: string;
  /** The uploads folder as it is filled, renamed to uploads/ once everything checked out. */
  stagedUploads: string;
  /** Gives what the restore wrote the owner of DATA_DIR (see prepareRestoreTarget). */
  adopt(path: string): Promise<void>;
  /** Removes what the restore wrote, and DATA_DIR itself if the restore created it. */
  undo(): Promise<void>;
}

/**
 * DATA_DIR must hold no database and no images. A restore run by root writes files that belong
 * to DATA_DIR's owner, the server's user (a root-owned database is one the service cannot open);
 * so root must be given a DATA_DIR that exists, owned by that user.
 */
async function prepareRestoreTarget(dataDir: string): Promise<RestoreTarget> {
  const databaseFiles = (await readdir(dataDir).catch(() => [] as string[])).filter((f) =>
    f.startsWith(SQLITE_FILE),
  );
  if (databaseFiles.length > 0) {
    throw new BackupError(
      `${dataDir} already holds a database (${databaseFiles.join(", ")}). A restore only goes ` +
        "into an empty DATA_DIR: stop the server, move that data aside (or point DATA_DIR at a " +
        "new folder), and run this again.",
    );
  }
  if (!(await isEmptyDir(uploadsDir(dataDir)))) {
    throw new BackupError(
      `${uploadsDir(dataDir)} already holds images. A restore only goes into an empty DATA_DIR: ` +
        "stop the server, move that data aside (or point DATA_DIR at a new folder), and run this again.",
    );
  }
  const existing = await stat(dataDir).catch(() => undefined);
  if (existing && !existing.isDirectory()) throw new BackupError(`${dataDir} is not a folder.`);
  const asRoot = process.getuid?.() === 0;
  if (!existing && asRoot) {
    throw new BackupError(
      `${dataDir} does not exist. Create it for the user the server runs as, e.g. ` +
        `\`install -d -o hourline -g hourline -m 0700 ${dataDir}\`, and run this again: ` +
        "what root restores belongs to DATA_DIR's owner.",
    );
  }
  if (!existing) await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const owner = existing && asRoot && existing.uid !== 0 ? existing : undefined;
  const stagedUploads = join(dataDir, ".uploads.restoring");
  await rm(stagedUploads, { recursive: true, force: true });
  const adopt = async (path: string): Promise<void> => {
    if (!owner) return;
    const entry = await stat(path);
    await chown(path, owner.uid, owner.gid);
    if (!entry.isDirectory()) return;
    for (const name of await readdir(path)) await adopt(join(path, name));
  };
  return {
    dataDir,
    stagedUploads,
    adopt,
    async undo() {
      await rm(stagedUploads, { recursive: true, force: true });
      await rm(join(dataDir, `.${SQLITE_FILE}.restoring`), { force: true });
      if (!existing) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The backup's image files into the staged uploads folder, owned and moded for the server. */
async function stageUploads(source: string, manifest: BackupManifest, target: RestoreTarget) {
  const images = await copyUploads(
    join(source, "uploads"),
    target.stagedUploads,
    manifest.uploads.map((u) => u.name),
  );
  if (images.missing.length > 0) {
    throw new BackupError(`The backup lost images while copying: ${images.missing.join(", ")}.`);
  }
  for (const image of images.copied) await chmod(join(target.stagedUploads, image.name), 0o600);
  await target.adopt(target.stagedUploads);
}

function compareCounts(manifest: BackupManifest, counts: Record<string, number>): void {
  for (const [table, expected] of Object.entries(manifest.counts)) {
    if (counts[table] !== expected) {
      throw new BackupError(
        `The restored ${table} has ${counts[table] ?? 0} rows; the backup says ${expected}. ` +
          "Nothing was restored.",
      );
    }
  }
}

async function restoreSqlite(source: string, manifest: BackupManifest, target: RestoreTarget) {
  await stageUploads(source, manifest, target);
  // Copied under another name, checked, then renamed: a server started meanwhile never sees half
  // a file, and a copy whose rows disagree with the manifest never becomes the database.
  const partial = join(target.dataDir, `.${SQLITE_FILE}.restoring`);
  await copyFile(join(source, SQLITE_FILE), partial);
  await chmod(partial, 0o600);
  await target.adopt(partial);
  compareCounts(manifest, sqliteFacts(partial).counts);
  await rename(target.stagedUploads, uploadsDir(target.dataDir));
  await rename(partial, join(target.dataDir, SQLITE_FILE));
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

/** A table name from a manifest, safe to write into SQL (the manifest is only a file). */
function tableIdentifier(table: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(table)) {
    throw new BackupError(`The backup's manifest names a table "${table}" that cannot exist.`);
  }
  return `"${table}"`;
}

/** SQL that fails (so the transaction rolls back) when a table's rows disagree with the manifest. */
function countCheck(manifest: BackupManifest): string {
  const checks = Object.entries(manifest.counts).map(([table, expected]) => {
    if (!Number.isSafeInteger(expected) || expected < 0) {
      throw new BackupError(`The backup's manifest has a bad row count for ${table}.`);
    }
    return (
      `  select count(*) into n from ${tableIdentifier(table)};\n` +
      `  if n <> ${expected} then raise exception 'The restored ${table} has %% rows; the backup ` +
      `says ${expected}. Nothing was restored.', n; end if;\n`
    ).replace("%%", "%");
  });
  // The dump's script empties search_path; the check reads the tables where the server will.
  return `\nreset search_path;\ndo $check$\ndeclare n bigint;\nbegin\n${checks.join("")}end\n$check$;\n`;
}

/** The database's user and name, for the createdb command an error message suggests. */
function createdbCommand(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const owner = decodeURIComponent(url.username) || "hourline";
  const name = decodeURIComponent(url.pathname.slice(1)) || "hourline";
  return `runuser -u postgres -- createdb --owner ${owner} ${name}_restored`;
}

async function restorePostgres(
  source: string,
  manifest: BackupManifest,
  databaseUrl: string,
  target: RestoreTarget,
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
        "database owned by the server's database user: create one " +
        `(\`${createdbCommand(databaseUrl)}\`) and point DATABASE_URL at it.`,
    );
  }
  await stageUploads(source, manifest, target);
  const { url, env } = libpqTarget(databaseUrl);
  await replayDump(join(source, PG_DUMP_FILE), countCheck(manifest), url, env);
  await rename(target.stagedUploads, uploadsDir(target.dataDir));
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
  const target = await prepareRestoreTarget(store.dataDir);
  try {
    if (store.databaseUrl) await restorePostgres(source, manifest, store.databaseUrl, target);
    else await restoreSqlite(source, manifest, target);
  } catch (error) {
    // Leave DATA_DIR as it was found, so the restore can simply be run again.
    await target.undo();
    throw error;
  }
  return manifest;
}
