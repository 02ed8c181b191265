/**
 * Rows of stored chat images (table chat_uploads): which conversation each belongs to, its type,
 * size and sender. The bytes live elsewhere (chat/upload-store.ts). A conversation holds at most
 * `uploadQuota` images of each side, counted and written under a lock on the conversation, so
 * parallel uploads cannot all pass a count that none of them has raised yet.
 */
import { sql, type Kysely } from "kysely";
import { isPostgres } from "../../migrations/portable-columns";
import type { Database } from "../db/schema";

/** Per conversation and per side (the visitor, the agents). */
export const uploadQuota = { images: 50, bytes: 200 * 1024 * 1024 } as const;

export interface NewUploadRow {
  name: string;
  conversationId: number;
  contentType: string;
  size: number;
  width: number;
  height: number;
  /** "visitor:<email>" or "agent:<id>" */
  uploadedBy: string;
  createdAt: number;
}

export interface UploadRow extends NewUploadRow {
  id: number;
  /** The e-mail of the visitor whose conversation it belongs to. */
  visitorEmail: string;
}

/** The side an uploader is on, as its uploaded_by prefix. */
function sideOf(uploadedBy: string): "visitor:" | "agent:" {
  return uploadedBy.startsWith("agent:") ? "agent:" : "visitor:";
}

export interface UploadUsage {
  images: number;
  bytes: number;
}

/** What one side has uploaded to a conversation so far. */
export async function uploadUsage(
  db: Kysely<Database>,
  conversationId: number,
  uploadedBy: string,
): Promise<UploadUsage> {
  const row = await db
    .selectFrom("chat_uploads")
    .select((eb) => [
      eb.fn.countAll<number>().as("images"),
      eb.fn.coalesce(eb.fn.sum<number>("size"), sql<number>`0`).as("bytes"),
    ])
    .where("conversation_id", "=", conversationId)
    .where("uploaded_by", "like", `${sideOf(uploadedBy)}%`)
    .executeTakeFirstOrThrow();
  return { images: Number(row.images), bytes: Number(row.bytes) };
}

/** Whether one more upload of `size` bytes fits the quota after `usage`. */
export function fitsUploadQuota(usage: UploadUsage, size: number): boolean {
  return usage.images + 1 <= uploadQuota.images && usage.bytes + size <= uploadQuota.bytes;
}

/**
 * Inserts the row if its conversation still exists and the side's quota has room for it; answers
 * the new id, "quota_full", or "conversation_gone" (erased or deleted by retention while the image
 * was on its way: the row would name an address nobody can find any more). On PostgreSQL the
 * conversation's row is locked for the check and the count, and an erasure locks it before
 * deleting (visitor-data.ts), so one of the two waits for the other; SQLite runs one transaction at
 * a time anyway.
 */
export async function insertUploadWithinQuota(
  db: Kysely<Database>,
  upload: NewUploadRow,
  data: Buffer,
): Promise<number | "quota_full" | "conversation_gone"> {
  return db.transaction().execute(async (trx) => {
    const conversation = isPostgres(trx)
      ? (
          await sql<{
            id: number;
          }>`select id from chat_conversations where id = ${upload.conversationId} for update`.execute(
            trx,
          )
        ).rows[0]
      : await trx
          .selectFrom("chat_conversations")
          .select("id")
          .where("id", "=", upload.conversationId)
          .executeTakeFirst();
    if (!conversation) return "conversation_gone";
    const usage = await uploadUsage(trx, upload.conversationId, upload.uploadedBy);
    if (!fitsUploadQuota(usage, upload.size)) return "quota_full";
    const row = await trx
      .insertInto("chat_uploads")
      .values({
        name: upload.name,
        conversation_id: upload.conversationId,
        content_type: upload.contentType,
        size: upload.size,
        width: upload.width,
        height: upload.height,
        uploaded_by: upload.uploadedBy,
        created_at: upload.createdAt,
        data,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/**
 * Removes image rows whose conversation no longer exists (left by a write that raced a deletion
 * before the check above existed); answers their names, so the caller removes any file too.
 */
export async function deleteOrphanUploads(db: Kysely<Database>, limit = 500): Promise<string[]> {
  const rows = await db
    .selectFrom("chat_uploads as u")
    .select("u.id")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("chat_conversations as c")
            .select("c.id")
            .whereRef("c.id", "=", "u.conversation_id"),
        ),
      ),
    )
    .limit(limit)
    .execute();
  if (rows.length === 0) return [];
  const deleted = await db
    .deleteFrom("chat_uploads")
    .where(
      "id",
      "in",
      rows.map((r) => r.id),
    )
    .returning("name")
    .execute();
  return deleted.map((r) => r.name);
}

/** The row of an upload by name, with its conversation's visitor; undefined when there is none. */
export async function findUpload(
  db: Kysely<Database>,
  name: string,
): Promise<UploadRow | undefined> {
  const row = await db
    .selectFrom("chat_uploads")
    .innerJoin("chat_conversations", "chat_conversations.id", "chat_uploads.conversation_id")
    .select([
      "chat_uploads.id",
      "chat_uploads.name",
      "chat_uploads.conversation_id",
      "chat_uploads.content_type",
      "chat_uploads.size",
      "chat_uploads.width",
      "chat_uploads.height",
      "chat_uploads.uploaded_by",
      "chat_uploads.created_at",
      "chat_conversations.visitor_email",
    ])
    .where("chat_uploads.name", "=", name)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    conversationId: row.conversation_id,
    contentType: row.content_type,
    size: row.size,
    width: row.width,
    height: row.height,
    uploadedBy: row.uploaded_by,
    createdAt: row.created_at,
    visitorEmail: row.visitor_email,
  };
}

/**
 * The stored bytes of an upload: `data` of its row, `null` for an upload stored on disk before
 * the bytes moved into the database; undefined when there is no such upload.
 */
export async function findUploadBytes(
  db: Kysely<Database>,
  name: string,
): Promise<{ data: Buffer | null } | undefined> {
  const row = await db
    .selectFrom("chat_uploads")
    .select("data")
    .where("name", "=", name)
    .executeTakeFirst();
  if (!row) return undefined;
  // SQLite answers a Buffer; PostgreSQL's bytea too, through pg. Either may be a Uint8Array.
  return { data: row.data === null ? null : Buffer.from(row.data) };
}

/** How many of `names` are uploads of this conversation. */
export async function countUploadsOfConversation(
  db: Kysely<Database>,
  conversationId: number,
  names: string[],
): Promise<number> {
  if (names.length === 0) return 0;
  const rows = await db
    .selectFrom("chat_uploads")
    .select("name")
    .where("conversation_id", "=", conversationId)
    .where("name", "in", names)
    .execute();
  return rows.length;
}
