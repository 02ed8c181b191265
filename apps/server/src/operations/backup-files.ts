/**
 * The pieces of a backup folder: its manifest (what it holds, with a checksum for every file), the
 * checksums themselves, and copying the chat images in and out. A backup folder is:
 *
 *   manifest.json        format, when, which store, the migrations applied, row counts, checksums
 *   hourline.sqlite      SQLite: the database, copied with SQLite's online backup API
 *   database.dump        PostgreSQL: pg_dump's custom format
 *   uploads/<name>       chat images stored before migration 0006, as files (later ones are rows)
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { isUploadName } from "../chat/upload-name";

export const MANIFEST = "manifest.json";
export const SQLITE_FILE = "hourline.sqlite";
export const PG_DUMP_FILE = "database.dump";

const fileEntry = z.object({ name: z.string(), bytes: z.number(), sha256: z.string() });
export type FileEntry = z.infer<typeof fileEntry>;

export const manifestSchema = z.object({
  format: z.literal("hourline-backup"),
  version: z.literal(1),
  created_at: z.string(),
  dialect: z.enum(["sqlite", "postgres"]),
  migrations: z.array(z.string()),
  /** Rows per table, as the copy holds them. */
  counts: z.record(z.string(), z.number()),
  database: fileEntry,
  uploads: z.array(fileEntry),
  /** Images the database names whose file was already gone when they were copied. */
  missing_uploads: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** A refusal or a problem the person running the command can act on (no stack trace). */
export class BackupError extends Error {
  override name = "BackupError";
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(path), hash);
  return hash.digest("hex");
}

export async function describeFile(dir: string, name: string): Promise<FileEntry> {
  const path = join(dir, name);
  return { name, bytes: (await stat(path)).size, sha256: await sha256File(path) };
}

/** Whether a folder is missing or has nothing in it. */
export async function isEmptyDir(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/**
 * Copies the named images from one uploads folder to another, checksumming each copy; a name whose
 * file is gone (erased or expired meanwhile) is reported, not fatal.
 */
export async function copyUploads(
  from: string,
  to: string,
  names: Iterable<string>,
): Promise<{ copied: FileEntry[]; missing: string[] }> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  const copied: FileEntry[] = [];
  const missing: string[] = [];
  for (const name of names) {
    if (!isUploadName(name)) continue;
    try {
      await copyFile(join(from, name), join(to, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        missing.push(name);
        continue;
      }
      throw error;
    }
    copied.push(await describeFile(to, name));
  }
  return { copied, missing };
}

export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  await writeFile(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST), "utf8");
  } catch {
    throw new BackupError(`${dir} is not a backup: it has no ${MANIFEST}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(
      `${join(dir, MANIFEST)} is damaged (not complete JSON): the backup cannot be checked, so ` +
        "it is not restored. Use another copy of this backup, or another backup.",
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new BackupError(
      `${join(dir, MANIFEST)} is not a backup manifest (${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".") || "(top)"}: ${i.message}`)
        .join("; ")}).`,
    );
  }
  return parsed.data;
}

/** Every file of the backup against its checksum; throws naming the first that differs. */
export async function verifyBackupFiles(dir: string, manifest: BackupManifest): Promise<void> {
  const check = async (sub: string, entry: FileEntry) => {
    const path = join(dir, sub, entry.name);
    let actual: string;
    try {
      actual = await sha256File(path);
    } catch {
      throw new BackupError(`The backup is incomplete: ${join(sub, entry.name)} is missing.`);
    }
    if (actual !== entry.sha256) {
      throw new BackupError(`The backup is damaged: ${join(sub, entry.name)} does not match.`);
    }
  };
  await check("", manifest.database);
  for (const upload of manifest.uploads) await check("uploads", upload);
}
