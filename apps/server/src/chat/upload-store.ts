/**
 * Stored chat images: the re-encoded bytes in `<DATA_DIR>/uploads/<name>` and a chat_uploads row
 * naming the conversation, the type, the size and who sent it. The name is made here (24 random
 * bytes, base64url, and the extension of the format the image was re-encoded to); nothing of the
 * client's file name is used. Reading by name checks the name against the upload name pattern
 * before anything touches the disk or the database, so no name can reach outside the folder.
 *
 * A file is written under a temporary name (which the pattern never accepts) and renamed into place,
 * then its row is inserted; a failed insert removes the file again. A row always has its file,
 * except after a crash between the rename and the insert, which leaves an unreferenced file that
 * nothing serves.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { ProcessedImage } from "./image-upload";
import { isUploadName, newUploadName, uploadUrlPath } from "./upload-name";

export interface UploadRecord {
  id: number;
  name: string;
  /** Where it is served: uploadPathPrefix + name. */
  url: string;
  conversationId: number;
  contentType: string;
  size: number;
  width: number;
  height: number;
  /** "visitor:<email>" or "agent:<id>" */
  uploadedBy: string;
  createdAt: number;
}

/** An upload with the e-mail of the visitor whose conversation it belongs to. */
export interface UploadWithOwner extends UploadRecord {
  visitorEmail: string;
}

export interface UploadOwner {
  conversationId: number;
  uploadedBy: string;
}

export interface UploadStore {
  /** The folder the files live in. */
  readonly dir: string;
  save(image: ProcessedImage, owner: UploadOwner, now?: number): Promise<UploadRecord>;
  /** The row of a well-formed, existing name, with the conversation's visitor; otherwise null. */
  find(name: string): Promise<UploadWithOwner | null>;
  /** The stored bytes of a well-formed name, or null when there is no such file. */
  readBytes(name: string): Promise<Buffer | null>;
}

export function uploadsDir(dataDir: string): string {
  return join(dataDir, "uploads");
}

export function createUploadStore(db: Kysely<Database>, dataDir: string): UploadStore {
  const dir = uploadsDir(dataDir);
  let dirReady: Promise<unknown> | undefined;

  return {
    dir,

    async save(image, owner, now = Date.now()) {
      dirReady ??= mkdir(dir, { recursive: true, mode: 0o700 });
      await dirReady;
      const name = newUploadName(image.extension);
      const path = join(dir, name);
      // A leading dot: the upload name pattern never matches a temporary file.
      const temporary = join(dir, `.${randomBytes(12).toString("hex")}.tmp`);
      await writeFile(temporary, image.data, { flag: "wx", mode: 0o600 });
      try {
        await rename(temporary, path);
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
      try {
        const row = await db
          .insertInto("chat_uploads")
          .values({
            name,
            conversation_id: owner.conversationId,
            content_type: image.contentType,
            size: image.data.length,
            width: image.width,
            height: image.height,
            uploaded_by: owner.uploadedBy,
            created_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return {
          id: row.id,
          name,
          url: uploadUrlPath(name),
          conversationId: owner.conversationId,
          contentType: image.contentType,
          size: image.data.length,
          width: image.width,
          height: image.height,
          uploadedBy: owner.uploadedBy,
          createdAt: now,
        };
      } catch (error) {
        await unlink(path).catch(() => undefined);
        throw error;
      }
    },

    async find(name) {
      if (!isUploadName(name)) return null;
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
      if (!row) return null;
      return {
        id: row.id,
        name: row.name,
        url: uploadUrlPath(row.name),
        conversationId: row.conversation_id,
        contentType: row.content_type,
        size: row.size,
        width: row.width,
        height: row.height,
        uploadedBy: row.uploaded_by,
        createdAt: row.created_at,
        visitorEmail: row.visitor_email,
      };
    },

    async readBytes(name) {
      if (!isUploadName(name)) return null;
      try {
        return await readFile(join(dir, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}
